// Owns what Capsule knows of the xlsx host module without loading exceljs: its host id, the one package allowed to
// declare it, its exports with argument shapes, and its limits (Excel's own where Excel has one). The registry pins
// it; index.ts and prepare.ts enforce the limits. Refuses nothing itself.

import { options, type HostModuleDescriptor } from "../descriptor.js";

const MiB = 1024 * 1024;

export const XLSX_LIMITS = {
  maxSheets: { default: 32, ceiling: 32, floor: 1, code: "input-too-large", doc: "sheets `write` accepts" },
  maxCells: { default: 1_000_000, ceiling: 1_000_000, floor: 1, code: "input-too-large", doc: "`<c>` cells a workbook may hold for `read`, and `<mergeCell>` ranges; cells read returns; cells `write` accepts" },
  maxRows: { default: 1_048_576, ceiling: 1_048_576, floor: 0, code: "input-too-large", doc: "read `maxRows` default and ceiling (then truncated); rows per sheet for `write` (Excel's row count)" },
  maxColumns: { default: 16_384, ceiling: 16_384, floor: 1, code: "input-too-large", doc: "cells per row for `write` (Excel's column count)" },
  maxCellTextLength: { default: 32_767, ceiling: 32_767, floor: 1, code: "input-invalid", doc: "characters (UTF-16 code units) in one written cell (Excel's limit)" },
  maxSheetNameLength: { default: 31, ceiling: 31, floor: 1, code: "sheet-name-invalid", doc: "sheet name characters (Excel's limit)" },
  maxInflatedBytes: { default: 50 * MiB, ceiling: 50 * MiB, floor: 1, code: "zip-bomb", doc: "bytes a workbook's parts may inflate to (counted while inflating)" },
  maxParts: { default: 10_000, ceiling: 10_000, floor: 1, code: "too-many-entries", doc: "zip entries in a workbook; sheets its workbook.xml may list" },
  maxSheetId: { default: 65_535, ceiling: 65_535, floor: 1, code: "parse-failed", doc: "largest `sheetId` read accepts (exceljs stores sheets in an array indexed by it)" },
  timeoutMs: { default: 60_000, ceiling: 60_000, floor: 1, code: "timeout", doc: "one xlsx call in the worker; the worker is then replaced" },
} as const;

export const xlsx = {
  id: "capsule.xlsx",
  package: "@capsule/xlsx",
  exports: {
    read: { params: [{ name: "bytes", type: "bytes" }, options()], summary: "Rows of one sheet of an .xlsx file (formula results, dates as ISO strings)." },
    write: { params: [{ name: "sheets", type: "array" }, options()], summary: "An .xlsx file from [{ name, rows }]." },
  },
  hostOnly: ["shutdown"],
  callContext: true,
  limits: XLSX_LIMITS,
  load: () => import("./index.js"),
} satisfies HostModuleDescriptor;
