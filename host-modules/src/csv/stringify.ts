// Owns csv.stringify (papaparse's unparse) on the host: writes what unparse takes (rows, records, { fields, data },
// or the JSON text of one) as CSV, by papaparse itself over a checked copy, so the output is papaparse's for the same
// options. Refuses non-primitive cells that would be written, mixed rows, input unparse cannot serialise, more than
// CSV_LIMITS.maxRows rows, CSV_LIMITS.maxCells cells or CSV_LIMITS.maxColumns columns, a RegExp or function option,
// and text over SHARED_LIMITS.outputBytes as it crosses (refused before writing when even its least size is over).
// escapeFormulae: true uses this module's prefix test, not papaparse's (see FORMULA_PREFIX).

import Papa from "papaparse";
import { HostModuleError, guarded } from "../errors.js";
import { anyOf, bool, checkText, isPlainObject, n, oneOf, ownValue, quote, readOptions, text, typeName, type OptionRule } from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { CSV_LIMITS } from "./descriptor.js";
import { RESULT_FRAME_BYTES, stringSize } from "../output.js";
import { beginCall, type HostCallContext } from "../context.js";
import { arrayOf, delimiterRule, quoteRule, refuseByName } from "./options.js";

export interface CsvStringifyOptions {
  header?: boolean;
  delimiter?: string;
  quoteChar?: string;
  escapeChar?: string;
  newline?: string;
  quotes?: boolean | boolean[];
  skipEmptyLines?: boolean | "greedy";
  columns?: string[];
  escapeFormulae?: boolean;
}

const columnsRule: OptionRule = {
  expect: `a non-empty array of at most ${n(CSV_LIMITS.maxColumns.default)} distinct strings of at most ${n(SHARED_LIMITS.optionStringLength.default)} characters`,
  ok: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.length <= CSV_LIMITS.maxColumns.default &&
    v.every((c) => typeof c === "string" && c.length <= SHARED_LIMITS.optionStringLength.default) &&
    new Set(v).size === v.length,
};

const STRINGIFY_RULES: Record<string, OptionRule> = {
  header: bool,
  delimiter: delimiterRule,
  quoteChar: quoteRule,
  escapeChar: quoteRule,
  // papaparse writes any line break it is given (its own tests use "$").
  newline: text(1, 16),
  quotes: anyOf(bool, arrayOf(bool, CSV_LIMITS.maxColumns.default, "booleans (one per column)")),
  skipEmptyLines: anyOf(bool, oneOf("greedy")),
  columns: columnsRule,
  escapeFormulae: bool,
};

/** A RegExp would run a guest's pattern on the host's one thread (a catastrophic one blocks every run). */
const REGEXP_FORMULAE = "a RegExp would run on the host's calling thread; pass escapeFormulae: true (the prefixes = + - @ TAB CR)";

/**
 * The leading characters that make spreadsheet software read a cell as a formula. papaparse's own
 * escapeFormulae regex is /^[=+\-@\t\r].*$/, which misses a cell with a line break after the prefix
 * ("=HYPERLINK(…)\n"); this one tests the first character only.
 */
export const FORMULA_PREFIX = /^[=+\-@\t\r]/;

type OutCell = string | number | boolean | null;

/** The fewest characters a cell takes in the CSV text (quoting only adds). */
function csvCellSize(cell: OutCell): number {
  if (cell === null) return 0;
  if (typeof cell === "string") return cell.length;
  return String(cell).length;
}

function outCell(fn: string, value: unknown, where: () => string): OutCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new HostModuleError("input-invalid", `${fn}: ${where()} is ${value}; cells must be finite numbers`);
    return value;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  throw new HostModuleError(
    "input-invalid",
    `${fn}: ${where()} is ${typeName(value)}; cells must be strings, numbers, booleans, null or Dates`,
  );
}

/** Counts rows, cells and the least length of the text while the input is copied. */
class Tally {
  cells = 0;
  /** A lower bound of the CSV's length (each cell and the delimiter or line break after it, but the last). */
  bytes = -1;
  constructor(private readonly fn: string) {}
  rows(count: number): void {
    if (count > CSV_LIMITS.maxRows.default) {
      throw new HostModuleError("input-too-large", `${this.fn}: ${n(count)} rows is over the ${n(CSV_LIMITS.maxRows.default)}-row limit; write in parts`);
    }
  }
  columns(count: number): void {
    if (count > CSV_LIMITS.maxColumns.default) {
      throw new HostModuleError("input-too-large", `${this.fn}: ${n(count)} columns is over the ${n(CSV_LIMITS.maxColumns.default)}-column limit`);
    }
  }
  cell(cell: OutCell): OutCell {
    if (++this.cells > CSV_LIMITS.maxCells.default) {
      throw new HostModuleError("input-too-large", `${this.fn}: more than ${n(CSV_LIMITS.maxCells.default)} cells; write in parts`);
    }
    this.bytes += csvCellSize(cell) + 1;
    return cell;
  }
}

/** JSON text as unparse reads it (papaparse calls JSON.parse on a string input or `data`). */
function fromJson(fn: string, text: unknown, what: string): unknown {
  const json = checkText(fn, what, text);
  try {
    return JSON.parse(json);
  } catch {
    throw new HostModuleError("parse-failed", `${fn}: ${what} is a string but not JSON; pass rows, records or { fields, data }`);
  }
}

/**
 * A copy of unparse's data: every row an array or a null-prototype record (never mixed), cells that are written
 * checked and converted. A record keeps all its own keys (papaparse writes a record with none as an empty line) but
 * only the `written` ones keep their values.
 */
function copyRows(fn: string, data: unknown[], written: readonly string[] | undefined, tally: Tally): unknown[] {
  tally.rows(data.length);
  const arrays = Array.isArray(data[0]);
  const written_ = written ? new Set(written) : undefined;
  return data.map((row, r) => {
    if (arrays) {
      if (!Array.isArray(row)) throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all arrays or all records`);
      // With fields, papaparse writes only the first fields.length cells of an array row.
      const count = written?.length ? Math.min(row.length, written.length) : row.length;
      const out: OutCell[] = new Array(row.length).fill(null);
      for (let c = 0; c < count; c++) out[c] = tally.cell(outCell(fn, row[c], () => `row ${r} column ${c}`));
      return out;
    }
    if (!isPlainObject(row)) {
      throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all records (plain objects) or all arrays`);
    }
    const out: Record<string, OutCell> = Object.create(null);
    for (const key of Object.keys(row)) {
      out[key] = written_?.has(key) ? tally.cell(outCell(fn, ownValue(fn, `row ${r} key`, row, key), () => `row ${r} key ${quote(key)}`)) : null;
    }
    return out;
  });
}

function fieldNames(fn: string, fields: unknown): string[] {
  if (!Array.isArray(fields)) throw new HostModuleError("input-invalid", `${fn}: fields must be an array of strings, got ${typeName(fields)}`);
  return fields.map((f, i) => {
    if (typeof f !== "string") throw new HostModuleError("input-invalid", `${fn}: fields[${i}] is ${typeName(f)}; field names are strings`);
    return f;
  });
}

/** Unparse's input, checked and copied, in the form papaparse was given it (so its own rules pick fields and rows). */
function copyInput(fn: string, input: unknown, columns: string[] | undefined, tally: Tally): unknown {
  if (typeof input === "string") input = fromJson(fn, input, "data");
  if (Array.isArray(input)) {
    if (input.length === 0) return [];
    if (Array.isArray(input[0])) return copyRows(fn, input, undefined, tally);
    if (isPlainObject(input[0])) {
      const fields = columns ?? Object.keys(input[0]);
      tally.columns(fields.length);
      return copyRows(fn, input, fields, tally);
    }
    throw new HostModuleError("input-invalid", `${fn}: data is an array of ${typeName(input[0])}; pass rows (arrays), records or { fields, data }`);
  }
  if (!isPlainObject(input)) throw new HostModuleError("input-invalid", `${fn}: data must be rows, records, { fields, data } or JSON, got ${typeName(input)}`);
  let data = ownValue(fn, "data key", input, "data");
  if (typeof data === "string") data = fromJson(fn, data, "data.data");
  let fields: unknown = ownValue(fn, "data key", input, "fields");
  if (!Array.isArray(data)) {
    // papaparse writes the fields alone (a header line) when there is no data array.
    const names = fields === undefined || fields === null ? [] : fieldNames(fn, fields);
    tally.columns(names.length);
    names.forEach((f) => tally.cell(f));
    return { fields: names };
  }
  if (fields === undefined || fields === null) {
    const meta = ownValue(fn, "data key", input, "meta");
    fields = isPlainObject(meta) ? ownValue(fn, "meta key", meta, "fields") : undefined;
  }
  if (!fields) fields = columns;
  if (!fields) fields = Array.isArray(data[0]) ? undefined : isPlainObject(data[0]) ? Object.keys(data[0]) : [];
  // papaparse's rule: data of primitives is one row.
  const rows = data.length > 0 && !Array.isArray(data[0]) && !isPlainObject(data[0]) && (typeof data[0] !== "object" || data[0] === null) ? [data] : data;
  const names = fields === undefined ? undefined : fieldNames(fn, fields);
  if (names) {
    tally.columns(names.length);
    names.forEach((f) => tally.cell(f));
  }
  return { fields: names, data: copyRows(fn, rows, names, tally) };
}

/**
 * Writes `input` as CSV text, as papaparse's unparse does with the same options: arrays as rows; records under the
 * keys of the first record (or `columns`); `{ fields, data }`; or the JSON text of any of these. Cells are strings,
 * finite numbers, booleans, null/undefined (empty) and Dates (ISO). `escapeFormulae` prefixes a string cell starting
 * with = + - @ TAB or CR with "'" and quotes it (numbers and booleans are left alone).
 */
export async function stringify(input: unknown, options?: CsvStringifyOptions, context?: HostCallContext): Promise<string> {
  const fn = "csv.stringify";
  beginCall(fn, context);
  if (isPlainObject(options) && Object.hasOwn(options, "escapeFormulae")) {
    const d = Object.getOwnPropertyDescriptor(options, "escapeFormulae")!;
    if ("value" in d && d.value instanceof RegExp) throw new HostModuleError("option-unsupported", `${fn}: option "escapeFormulae" is not offered as a RegExp: ${REGEXP_FORMULAE}`);
  }
  refuseByName(fn, options, {}, {});
  const o = readOptions(fn, options, STRINGIFY_RULES);
  const delimiter = (o.delimiter as string | undefined) ?? ",";
  const quoteChar = (o.quoteChar as string | undefined) ?? '"';
  if (delimiter.includes(quoteChar)) throw new HostModuleError("option-invalid", `${fn}: options "delimiter" and "quoteChar" must differ`);
  const columns = o.columns as string[] | undefined;
  if (Array.isArray(input) && input.length > 0 && Array.isArray(input[0]) && columns) {
    throw new HostModuleError("option-invalid", `${fn}: option "columns" applies to rows given as records, not arrays (papaparse would ignore it)`);
  }

  const tally = new Tally(fn);
  const copy = copyInput(fn, input, columns, tally);
  if (tally.bytes > SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV would be over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }

  const config: Papa.UnparseConfig = {};
  for (const key of ["header", "delimiter", "quoteChar", "escapeChar", "newline", "quotes", "skipEmptyLines", "columns"] as const) {
    if (o[key] !== undefined) (config as Record<string, unknown>)[key] = o[key];
  }
  if (o.escapeFormulae === true) config.escapeFormulae = FORMULA_PREFIX;
  const csv = await guarded(fn, "internal-error", "write the CSV", () => Papa.unparse(copy as Papa.UnparseObject<unknown>, config));
  // Measured as it crosses: a CSV's quotes and line breaks are escaped in the JSON the guest receives.
  const outBytes = stringSize(csv);
  if (outBytes > SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV takes ${n(outBytes)} bytes as it crosses, over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }
  return csv;
}
