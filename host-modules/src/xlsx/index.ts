// Owns xlsx.read and xlsx.write on the host. Checks every argument here; the xlsx worker pool (worker.mjs; up to
// TUNING.xlsxWorkers, runs served in turn, a call whose run ends is cancelled) passes the file through prepare.mjs
// (bomb-safe inflation, cell and reference caps, a clean re-zipped archive) before exceljs reads it, all under
// XLSX_LIMITS.timeoutMs and TUNING.xlsxWorkerHeapMb: nothing proportional to the file runs on the main thread. Refuses unknown options, sheet names
// that break Excel's rules, cells that are not primitives, and more than XLSX_LIMITS.maxSheets sheets or
// XLSX_LIMITS.maxCells cells. Builds header records without a prototype. Strings are always written as text,
// never as formulas.

import { HostModuleError } from "../errors.js";
import {
  anyOf,
  bool,
  checkBytes,
  intRange,
  isPlainObject,
  n,
  ownValue,
  quote,
  readOptions,
  text,
  typeName,
  withinLimit,
  type OptionRule,
} from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { XLSX_LIMITS } from "./descriptor.js";
import { TUNING } from "../tuning.js";
import { OutputBudget, RESULT_FRAME_BYTES, cellSize, record, recordKind, rowTooLarge, stringSize, tagKeyOverhead, uniqueNames } from "../output.js";
import { Isolate } from "../isolate.js";
import { beginCall, type HostCallContext } from "../context.js";
import { columnLetters, sheetNameProblem } from "./names.js";

/** A cell as read returns it and write accepts it. Dates are read as ISO strings; write keeps strings as text. */
export type XlsxCell = string | number | boolean | null;

export interface XlsxReadOptions {
  sheet?: string | number;
  header?: boolean;
  maxRows?: number;
  offset?: number;
}

export interface XlsxReadResult {
  /** Every sheet name, in workbook order. */
  sheets: string[];
  /** The name of the sheet that was read. */
  sheet: string;
  rows: XlsxCell[][] | Record<string, XlsxCell>[];
  /** With header: true, the column names (deduplicated); otherwise []. */
  fields: string[];
  truncated: boolean;
  /** The `offset` that reads the rows after these (when truncated), else null. */
  next: number | null;
}

export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
}

const READ_RULES: Record<string, OptionRule> = {
  sheet: anyOf(text(1, XLSX_LIMITS.maxSheetNameLength.default, "a sheet name"), intRange(0, XLSX_LIMITS.maxParts.default - 1)),
  header: bool,
  maxRows: withinLimit(XLSX_LIMITS.maxRows),
  offset: intRange(0, XLSX_LIMITS.maxRows.ceiling),
};

/** write takes no options yet; the parameter exists so that adding one later does not change the signature. */
const WRITE_RULES: Record<string, OptionRule> = {};

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "xlsx",
  script: new URL("../../src/xlsx/worker.mjs", import.meta.url),
  timeoutMs: XLSX_LIMITS.timeoutMs.default,
  heapMb: TUNING.xlsxWorkerHeapMb.value,
  startTimeoutMs: TUNING.workerStartTimeoutMs.value,
  size: TUNING.xlsxWorkers.value,
});

/** The limits prepare.mjs enforces in the worker (it cannot import the rows). */
const WORKBOOK_LIMITS = {
  maxParts: XLSX_LIMITS.maxParts.default,
  maxInflatedBytes: XLSX_LIMITS.maxInflatedBytes.default,
  maxCells: XLSX_LIMITS.maxCells.default,
  maxRows: XLSX_LIMITS.maxRows.default,
  maxColumns: XLSX_LIMITS.maxColumns.default,
  maxSheetId: XLSX_LIMITS.maxSheetId.default,
  chunkBytes: TUNING.zipInputChunkBytes.value,
};

function headerName(value: XlsxCell, column: number): string {
  if (value === null || value === "") return columnLetters(column);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

/**
 * Reads one sheet (by name, exact then case-insensitive, or 0-based index; default the first). Rows are arrays
 * (`rows[i]` is Excel row i+1, `row[j]` column j+1, empty cells null, trailing empty cells dropped), or with
 * `header: true` null-prototype records keyed by row 1's values (blank header cells take the column letter,
 * duplicates get _1, _2), empty rows skipped. The first `offset` rows (records, with a header) are skipped. Rows
 * past `maxRows`, XLSX_LIMITS.maxCells cells or SHARED_LIMITS.outputBytes are cut, `truncated` is set and `next`
 * is the offset of the first row left out.
 */
export async function read(bytes: Uint8Array, options?: XlsxReadOptions, context?: HostCallContext): Promise<XlsxReadResult> {
  const fn = "xlsx.read";
  const call = beginCall(fn, context);
  const file = checkBytes(fn, "bytes", bytes);
  const o = readOptions(fn, options, READ_RULES);
  const header = (o.header as boolean | undefined) ?? false;
  const maxRows = (o.maxRows as number | undefined) ?? XLSX_LIMITS.maxRows.default;
  const offset = (o.offset as number | undefined) ?? 0;
  const raw = await isolate.run<{ sheets: string[]; sheet: string; rows: XlsxCell[][]; truncated: boolean }>(
    fn,
    "read",
    {
      fn,
      bytes: file,
      limits: WORKBOOK_LIMITS,
      sheet: o.sheet,
      header,
      offset,
      maxRows: header ? maxRows + 1 : maxRows,
      maxCells: XLSX_LIMITS.maxCells.default,
      maxOutputBytes: SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES,
    },
    [],
    call,
  );
  const next = (truncated: boolean, returned: number) => (truncated ? offset + returned : null);
  if (!header) return { sheets: raw.sheets, sheet: raw.sheet, rows: raw.rows, fields: [], truncated: raw.truncated, next: next(raw.truncated, raw.rows.length) };

  const [first = [], ...body] = raw.rows;
  const width = raw.rows.reduce((max, row) => Math.max(max, row.length), 0);
  const names: string[] = [];
  for (let c = 0; c < width; c++) names.push(headerName(first[c] ?? null, c + 1));
  const fields = uniqueNames(names);
  // Every record repeats the keys (and crosses tagged if one is "\u0000", the runtime's tag key).
  const fieldBytes = fields.reduce((sum, f) => sum + stringSize(f), tagKeyOverhead(fields));
  const budget = new OutputBudget(fn);
  budget.spend(raw.sheets.reduce((sum, name) => sum + stringSize(name), stringSize(raw.sheet)), "read fewer rows with maxRows");
  budget.spend(fieldBytes, "read fewer rows with maxRows");
  const records: Record<string, XlsxCell>[] = [];
  const kind = recordKind(fields);
  // An answer that crosses to a guest in bulk takes each row's values as they are, in the runtime's table (csv does
  // the same); a direct caller gets the records.
  const table = call.table?.(fields);
  let count = 0;
  let truncated = raw.truncated;
  for (const row of body) {
    if (row.every((value) => value === null)) continue;
    if (count >= maxRows) {
      truncated = true;
      break;
    }
    const values = fields.map((_, c) => row[c] ?? null);
    const size = fieldBytes + values.reduce((sum: number, v) => sum + cellSize(v), 2);
    if (!budget.fits(size)) {
      if (count === 0) throw rowTooLarge(fn, `the record at offset ${n(offset)}`);
      truncated = true;
      break;
    }
    if (table) table.add(values);
    else records.push(record(fields, values, kind) as Record<string, XlsxCell>);
    count++;
  }
  const rows = (table ? table.answer() : records) as Record<string, XlsxCell>[];
  return { sheets: raw.sheets, sheet: raw.sheet, rows, fields, truncated, next: next(truncated, count) };
}

function cell(fn: string, value: unknown, where: () => string): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") {
    if (value.length > XLSX_LIMITS.maxCellTextLength.default) {
      throw new HostModuleError("input-invalid", `${fn}: ${where()} has ${n(value.length)} characters; Excel allows ${n(XLSX_LIMITS.maxCellTextLength.default)}`);
    }
    return value;
  }
  if (typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new HostModuleError("input-invalid", `${fn}: ${where()} is ${value}; Excel stores only finite numbers`);
    return value;
  }
  throw new HostModuleError(
    "input-invalid",
    `${fn}: ${where()} is ${typeName(value)}; cells must be strings, numbers, booleans or null (write dates as ISO strings)`,
  );
}

/**
 * Writes sheets (`{ name, rows }`, rows arrays of string | number | boolean | null) to an xlsx file. Strings
 * are stored as text even when they start with "=" or look like dates or numbers; null leaves a cell empty.
 */
export async function write(sheets: XlsxSheet[], options?: Record<string, never>, context?: HostCallContext): Promise<Uint8Array> {
  const fn = "xlsx.write";
  const call = beginCall(fn, context);
  if (!Array.isArray(sheets)) throw new HostModuleError("input-invalid", `${fn}: sheets must be an array of { name, rows }, got ${typeName(sheets)}`);
  readOptions(fn, options, WRITE_RULES);
  if (sheets.length === 0) throw new HostModuleError("input-invalid", `${fn}: a workbook needs at least one sheet`);
  if (sheets.length > XLSX_LIMITS.maxSheets.default) {
    throw new HostModuleError("input-too-large", `${fn}: ${n(sheets.length)} sheets is over the ${XLSX_LIMITS.maxSheets.default}-sheet limit`);
  }
  const seen = new Set<string>();
  let cells = 0;
  const clean: XlsxSheet[] = [];
  sheets.forEach((sheet, s) => {
    if (!isPlainObject(sheet)) throw new HostModuleError("input-invalid", `${fn}: sheet ${s} is ${typeName(sheet)}; pass { name, rows }`);
    for (const key of Object.keys(sheet)) {
      if (key !== "name" && key !== "rows") {
        throw new HostModuleError("input-invalid", `${fn}: sheet ${s} has an unknown key ${quote(key)}; a sheet is { name, rows }`);
      }
    }
    const name = ownValue(fn, "sheet key", sheet, "name");
    if (typeof name !== "string") throw new HostModuleError("sheet-name-invalid", `${fn}: sheet ${s} needs a string name, got ${typeName(name)}`);
    const problem = sheetNameProblem(name);
    if (problem) throw new HostModuleError("sheet-name-invalid", `${fn}: sheet name ${quote(name)} is refused because ${problem}`);
    const folded = name.toLowerCase();
    if (seen.has(folded)) throw new HostModuleError("sheet-name-invalid", `${fn}: sheet name ${quote(name)} is used twice (Excel ignores case)`);
    seen.add(folded);
    const rows = ownValue(fn, "sheet key", sheet, "rows");
    if (!Array.isArray(rows)) throw new HostModuleError("input-invalid", `${fn}: sheet ${quote(name)} rows must be an array of arrays, got ${typeName(rows)}`);
    if (rows.length > XLSX_LIMITS.maxRows.default) {
      throw new HostModuleError("input-too-large", `${fn}: sheet ${quote(name)} has ${n(rows.length)} rows; Excel allows ${n(XLSX_LIMITS.maxRows.default)}`);
    }
    const out: XlsxCell[][] = [];
    rows.forEach((row: unknown, r: number) => {
      if (!Array.isArray(row)) throw new HostModuleError("input-invalid", `${fn}: sheet ${quote(name)} row ${r} is ${typeName(row)}; rows must be arrays`);
      if (row.length > XLSX_LIMITS.maxColumns.default) {
        throw new HostModuleError("input-too-large", `${fn}: sheet ${quote(name)} row ${r} has ${n(row.length)} cells; Excel allows ${n(XLSX_LIMITS.maxColumns.default)}`);
      }
      cells += row.length;
      if (cells > XLSX_LIMITS.maxCells.default) throw new HostModuleError("input-too-large", `${fn}: more than ${n(XLSX_LIMITS.maxCells.default)} cells; split the data into several workbooks`);
      const values: XlsxCell[] = new Array(row.length);
      for (let c = 0; c < row.length; c++) values[c] = cell(fn, row[c], () => `sheet ${quote(name)} row ${r} column ${c}`);
      out.push(values);
    });
    clean.push({ name, rows: out });
  });
  const bytes = await isolate.run<Uint8Array>(fn, "write", { fn, sheets: clean }, [], call);
  if (bytes.byteLength > SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES) {
    throw new HostModuleError("output-too-large", `${fn}: the workbook is ${n(bytes.byteLength)} bytes, over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit`);
  }
  return bytes;
}

/** Host only (never pin it for guests): terminates the xlsx workers; the next call starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
