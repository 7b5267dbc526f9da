// Owns csv.parse and csv.stringify (papaparse) on the host. Refuses text over SHARED_LIMITS.textBytes, unknown or
// wrong-typed options, non-primitive cells; caps parsed rows, cells and output bytes (truncating at a row
// boundary), stringify's rows, cells and output; builds records without a prototype; escapes formulae on request.

import Papa from "papaparse";
import { HostModuleError, guarded } from "../errors.js";
import {
  anyOf,
  bool,
  checkText,
  isPlainObject,
  n,
  oneOf,
  ownValue,
  quote,
  readOptions,
  text,
  typeName,
  withinLimit,
  type OptionRule,
} from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { CSV_LIMITS } from "./descriptor.js";
import { OutputBudget, cellSize, stringSize, uniqueNames } from "../output.js";

/** A cell as parse returns it: a string, or with dynamicTyping a number, boolean or null. */
export type CsvCell = string | number | boolean | null;

export interface CsvParseError {
  type: string;
  code: string;
  message: string;
  /** Index into `rows` of the row the error is about, or null when it is about no returned row. */
  row: number | null;
}

export interface CsvParseResult {
  rows: Record<string, CsvCell | CsvCell[]>[] | CsvCell[][];
  fields: string[];
  errors: CsvParseError[];
  truncated: boolean;
}

export interface CsvParseOptions {
  header?: boolean;
  delimiter?: string;
  quoteChar?: string;
  escapeChar?: string;
  newline?: "\n" | "\r\n" | "\r";
  skipEmptyLines?: boolean | "greedy";
  dynamicTyping?: boolean;
  comments?: string | boolean;
  maxRows?: number;
}

export interface CsvStringifyOptions {
  header?: boolean;
  delimiter?: string;
  quoteChar?: string;
  newline?: "\n" | "\r\n" | "\r";
  columns?: string[];
  escapeFormulae?: boolean;
}

/** Characters papaparse cannot use inside a delimiter (it would silently ignore such a delimiter). */
const BAD_IN_DELIMITER = ["\r", "\n", '"', "\ufeff"];
const delimiterRule = text(1, 16, "a delimiter without CR, LF, '\"' or a BOM", (v) => !BAD_IN_DELIMITER.some((b) => v.includes(b)));
const quoteRule = text(1, 1, "one character other than CR or LF", (v) => v !== "\r" && v !== "\n");
const newlineRule = oneOf("\n", "\r\n", "\r");

const PARSE_RULES: Record<string, OptionRule> = {
  header: bool,
  delimiter: delimiterRule,
  quoteChar: quoteRule,
  escapeChar: quoteRule,
  newline: newlineRule,
  skipEmptyLines: anyOf(bool, oneOf("greedy")),
  dynamicTyping: bool,
  comments: anyOf(bool, text(1, 16, "a comment prefix without CR or LF", (v) => !/[\r\n]/.test(v))),
  maxRows: withinLimit(CSV_LIMITS.maxRows),
};

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
  newline: newlineRule,
  columns: columnsRule,
  escapeFormulae: bool,
};

/**
 * The leading characters that make spreadsheet software read a cell as a formula. papaparse's own
 * escapeFormulae regex is /^[=+\-@\t\r].*$/, which misses a cell with a line break after the prefix
 * ("=HYPERLINK(…)\n"); this one tests the first character only.
 */
const FORMULA_PREFIX = /^[=+\-@\t\r]/;

/** papaparse's dynamicTyping number test, kept so typed values match papaparse's. */
const FLOAT = /^\s*-?(\d+\.?|\.\d+|\d+\.\d+)([eE][-+]?\d+)?\s*$/;
const MAX_FLOAT = 2 ** 53;

function typed(value: string): CsvCell {
  if (value === "true" || value === "TRUE") return true;
  if (value === "false" || value === "FALSE") return false;
  if (value === "") return null;
  if (FLOAT.test(value)) {
    const number = parseFloat(value);
    if (number > -MAX_FLOAT && number < MAX_FLOAT) return number;
  }
  return value;
}

function isEmptyLine(row: string[], mode: boolean | "greedy"): boolean {
  if (mode === "greedy") return row.join("").trim() === "";
  return row.length === 1 && row[0]!.length === 0;
}

/**
 * Parses CSV text. With `header` (default true) the first row names the fields and rows are null-prototype
 * records; otherwise rows are arrays. Rows past `maxRows`, CSV_LIMITS.maxCells cells or SHARED_LIMITS.outputBytes of
 * estimated output are cut at a row boundary and `truncated` is set.
 */
export async function parse(input: string, options?: CsvParseOptions): Promise<CsvParseResult> {
  const fn = "csv.parse";
  const csv = checkText(fn, "text", input);
  const o = readOptions(fn, options, PARSE_RULES);
  const header = (o.header as boolean | undefined) ?? true;
  const dynamicTyping = (o.dynamicTyping as boolean | undefined) ?? false;
  const skipEmpty = (o.skipEmptyLines as boolean | "greedy" | undefined) ?? false;
  const maxRows = (o.maxRows as number | undefined) ?? CSV_LIMITS.maxRows.default;
  if (o.quoteChar !== undefined && o.delimiter !== undefined && (o.delimiter as string).includes(o.quoteChar as string)) {
    throw new HostModuleError("option-invalid", `${fn}: options "delimiter" and "quoteChar" must differ`);
  }

  const config: Papa.ParseConfig = {
    header: false,
    dynamicTyping: false,
    delimiter: (o.delimiter as string | undefined) ?? "",
    newline: o.newline as Papa.ParseConfig["newline"],
    quoteChar: (o.quoteChar as string | undefined) ?? '"',
    escapeChar: (o.escapeChar as string | undefined) ?? (o.quoteChar as string | undefined) ?? '"',
    comments: o.comments === true ? "#" : ((o.comments as string | false | undefined) ?? false),
    skipEmptyLines: false,
  };
  // Empty lines are skipped here rather than by papaparse, so that error rows map to returned rows; the
  // delimiter is therefore guessed first the way papaparse guesses it with the caller's skipEmptyLines.
  const delimiterErrors: Papa.ParseError[] = [];
  if (!config.delimiter && csv.length > 0) {
    const guess = await guarded(fn, "parse-failed", "parse the CSV", () =>
      Papa.parse<string[]>(csv, { ...config, skipEmptyLines: skipEmpty, preview: 10 }),
    );
    config.delimiter = guess.meta.delimiter;
    delimiterErrors.push(...guess.errors.filter((e) => e.type === "Delimiter"));
  }
  // Without empty-line skipping every parsed row is a returned row, so papaparse can stop early.
  if (!skipEmpty) config.preview = maxRows + (header ? 1 : 0) + 1;

  const parsed = await guarded(fn, "parse-failed", "parse the CSV", () => Papa.parse<string[]>(csv, config));
  parsed.errors.unshift(...delimiterErrors);
  const raw = parsed.data;

  const rows: (Record<string, CsvCell | CsvCell[]> | CsvCell[])[] = [];
  const errors: CsvParseError[] = [];
  let droppedErrors = 0;
  const addError = (error: CsvParseError): void => {
    if (errors.length < CSV_LIMITS.maxErrors.default) errors.push(error);
    else droppedErrors++;
  };
  /** Index in `rows` of each raw row that was returned; -1 for the header, skipped or cut rows. */
  const rawToRow = new Int32Array(raw.length).fill(-1);
  let fields: string[] = [];
  let haveHeader = !header;
  let cells = 0;
  let truncated = false;
  /** Raw index of the first row not looked at (the cut), for dropping errors about cut-off rows. */
  let stoppedAt = raw.length;
  const budget = new OutputBudget(fn);

  for (let r = 0; r < raw.length; r++) {
    const source = raw[r]!;
    if (skipEmpty && isEmptyLine(source, skipEmpty)) continue;
    if (!haveHeader) {
      fields = uniqueNames(source.map((name, i) => (i === 0 ? name.replace(/^\ufeff/, "") : name)));
      haveHeader = true;
      if (!budget.fits(fields.reduce((sum, f) => sum + stringSize(f), 0))) {
        throw new HostModuleError("output-too-large", `${fn}: the header row alone is over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit`);
      }
      continue;
    }
    if (rows.length >= maxRows || cells + source.length > CSV_LIMITS.maxCells.default) {
      truncated = true;
      stoppedAt = r;
      break;
    }
    let size = 2;
    let row: Record<string, CsvCell | CsvCell[]> | CsvCell[];
    if (header) {
      const record: Record<string, CsvCell | CsvCell[]> = Object.create(null);
      let extra: CsvCell[] | undefined;
      for (let j = 0; j < source.length; j++) {
        const value = dynamicTyping ? typed(source[j]!) : source[j]!;
        size += cellSize(value);
        if (j < fields.length) {
          record[fields[j]!] = value;
          size += stringSize(fields[j]!);
        } else {
          (extra ??= []).push(value);
        }
      }
      if (extra) {
        record["__parsed_extra"] = extra;
        size += 20;
      }
      row = record;
    } else {
      row = dynamicTyping ? source.map(typed) : source.slice();
      for (const value of row) size += cellSize(value);
    }
    if (!budget.fits(size)) {
      truncated = true;
      stoppedAt = r;
      break;
    }
    cells += source.length;
    rawToRow[r] = rows.length;
    if (header && source.length !== fields.length) {
      const many = source.length > fields.length;
      addError({
        type: "FieldMismatch",
        code: many ? "TooManyFields" : "TooFewFields",
        message: `Too ${many ? "many" : "few"} fields: expected ${fields.length} fields but parsed ${source.length}`,
        row: rows.length,
      });
    }
    rows.push(row);
  }
  // papaparse stopped at `preview` rows: one row past maxRows means there was more.
  if (!truncated && parsed.meta.truncated && rows.length >= maxRows) truncated = true;

  for (const error of parsed.errors) {
    const rawRow = typeof error.row === "number" && error.row >= 0 ? error.row : -1;
    // Errors about rows that were cut off (or past papaparse's preview) are not reported.
    if (rawRow >= stoppedAt) continue;
    const at = rawRow >= 0 ? rawToRow[rawRow]! : -1;
    addError({ type: String(error.type), code: String(error.code), message: String(error.message), row: at >= 0 ? at : null });
  }
  errors.sort((a, b) => (a.row ?? -1) - (b.row ?? -1));
  if (droppedErrors > 0) {
    errors.push({ type: "Limit", code: "TooManyErrors", message: `${n(droppedErrors)} more errors were not reported (limit ${n(CSV_LIMITS.maxErrors.default)})`, row: null });
  }
  return { rows: rows as CsvParseResult["rows"], fields, errors, truncated };
}

type OutCell = string | number | boolean | null;

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

/**
 * Writes rows (all arrays, or all plain-object records) as CSV text. Records are written in `columns` order,
 * or in the order keys first appear across all rows; a record missing a key gets an empty cell.
 * `escapeFormulae` prefixes a cell starting with = + - @ TAB or CR with "'" (numbers and booleans are left alone).
 */
export async function stringify(input: unknown[], options?: CsvStringifyOptions): Promise<string> {
  const fn = "csv.stringify";
  if (!Array.isArray(input)) throw new HostModuleError("input-invalid", `${fn}: rows must be an array, got ${typeName(input)}`);
  const o = readOptions(fn, options, STRINGIFY_RULES);
  if (input.length > CSV_LIMITS.maxRows.default) {
    throw new HostModuleError("input-too-large", `${fn}: ${n(input.length)} rows is over the ${n(CSV_LIMITS.maxRows.default)}-row limit; write in parts`);
  }
  const delimiter = (o.delimiter as string | undefined) ?? ",";
  const quoteChar = (o.quoteChar as string | undefined) ?? '"';
  if (delimiter.includes(quoteChar)) throw new HostModuleError("option-invalid", `${fn}: options "delimiter" and "quoteChar" must differ`);
  const writeHeader = (o.header as boolean | undefined) ?? true;
  const columns = o.columns as string[] | undefined;

  const first = input[0];
  const recordMode = input.length === 0 ? columns !== undefined : !Array.isArray(first);
  if (!recordMode && columns) {
    throw new HostModuleError("option-invalid", `${fn}: option "columns" applies to rows given as records, not arrays`);
  }

  let fields: string[] | undefined;
  const data: OutCell[][] = [];
  let cells = 0;
  let bytes = 0;
  const countCells = (count: number): void => {
    cells += count;
    if (cells > CSV_LIMITS.maxCells.default) {
      throw new HostModuleError("input-too-large", `${fn}: more than ${n(CSV_LIMITS.maxCells.default)} cells; write in parts`);
    }
  };

  if (recordMode) {
    const order = columns ? [...columns] : [];
    const seen = new Set(order);
    input.forEach((row, r) => {
      if (!isPlainObject(row)) {
        throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all records (plain objects) or all arrays`);
      }
      if (!columns) {
        for (const key of Object.keys(row)) {
          if (!seen.has(key)) {
            if (order.length >= CSV_LIMITS.maxColumns.default) {
              throw new HostModuleError("input-too-large", `${fn}: the records have more than ${n(CSV_LIMITS.maxColumns.default)} distinct keys`);
            }
            seen.add(key);
            order.push(key);
          }
        }
      }
    });
    fields = order;
    for (let r = 0; r < input.length; r++) {
      const row = input[r] as Record<string, unknown>;
      countCells(fields.length);
      const out: OutCell[] = new Array(fields.length);
      for (let c = 0; c < fields.length; c++) {
        const key = fields[c]!;
        const value = Object.hasOwn(row, key) ? ownValue(fn, `row ${r} key`, row, key) : null;
        const cell = outCell(fn, value, () => `row ${r} key ${quote(key)}`);
        bytes += cellSize(cell);
        out[c] = cell;
      }
      data.push(out);
    }
  } else {
    for (let r = 0; r < input.length; r++) {
      const row = input[r];
      if (!Array.isArray(row)) {
        throw new HostModuleError("input-invalid", `${fn}: row ${r} is ${typeName(row)}; rows must be all arrays or all records`);
      }
      countCells(row.length);
      const out: OutCell[] = new Array(row.length);
      for (let c = 0; c < row.length; c++) {
        const cell = outCell(fn, row[c], () => `row ${r} column ${c}`);
        bytes += cellSize(cell);
        out[c] = cell;
      }
      data.push(out);
    }
  }
  if (bytes > SHARED_LIMITS.outputBytes.default) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV would be over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }

  const config: Papa.UnparseConfig = {
    header: writeHeader,
    delimiter,
    quoteChar,
    newline: (o.newline as string | undefined) ?? "\r\n",
    escapeFormulae: o.escapeFormulae === true ? FORMULA_PREFIX : false,
    quotes: false,
  };
  const csv = await guarded(fn, "internal-error", "write the CSV", () => {
    // papaparse turns { fields, data: [] } into one empty row; a header with no rows is written as a plain row.
    if (fields && data.length === 0) return writeHeader && fields.length ? Papa.unparse([fields], { ...config, header: false }) : "";
    return fields ? Papa.unparse({ fields, data }, config) : Papa.unparse(data, config);
  });
  const outBytes = Buffer.byteLength(csv, "utf8");
  if (outBytes > SHARED_LIMITS.outputBytes.default) {
    throw new HostModuleError("output-too-large", `${fn}: the CSV is ${n(outBytes)} bytes, over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit; write in parts`);
  }
  return csv;
}
