// Owns what Capsule knows of the csv host module without loading papaparse: its host id, the one package allowed to
// declare it, its exports with argument shapes, and its limits. The registry pins it; index.ts enforces the limits.
// Refuses nothing itself.

import { options, type HostModuleDescriptor } from "../descriptor.js";

export const CSV_LIMITS = {
  maxRows: { default: 1_000_000, ceiling: 1_000_000, floor: 0, code: "input-too-large", doc: "parse `maxRows` default and ceiling (rows returned, header excluded; then truncated); rows stringify accepts" },
  maxCells: { default: 5_000_000, ceiling: 5_000_000, floor: 1, code: "input-too-large", doc: "cells parse returns (then truncates); cells stringify accepts" },
  maxErrors: { default: 1_000, ceiling: 1_000, floor: 1, code: "truncated", doc: "parse errors reported; further ones become one `TooManyErrors` entry" },
  timeoutMs: { default: 20_000, ceiling: 20_000, floor: 1, code: "timeout", doc: "papaparse's pass over one text of `tuning.csvWorkerFromChars` characters or more, in the csv worker; the worker is then replaced" },
  maxColumns: { default: 16_384, ceiling: 16_384, floor: 1, code: "input-too-large", doc: "stringify `columns` entries and distinct record keys; fields of the header row parse accepts with `header: true`" },
} as const;

export const csv = {
  id: "capsule.csv",
  package: "@capsule/csv",
  exports: {
    parse: { params: [{ name: "text", type: "string" }, options()], summary: "Parse CSV text into rows, or records with header: true (papaparse's options and defaults)." },
    stringify: { params: [{ name: "data", type: "table" }, options()], summary: "Write records, rows, { fields, data } or their JSON as CSV (papaparse's unparse); escapeFormulae neutralises formula injection." },
  },
  hostOnly: ["shutdown"],
  callContext: true,
  limits: CSV_LIMITS,
  load: () => import("./index.js"),
} satisfies HostModuleDescriptor;
