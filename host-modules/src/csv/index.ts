// Owns csv.parse (papaparse) on the host, and the module's exports (stringify is in stringify.ts). Refuses text over
// SHARED_LIMITS.textBytes and unknown or wrong-typed options; caps parsed rows, cells and output bytes (truncating
// at a row boundary, with `next` to read the following page from `offset`); builds records without a prototype.
// Runs on the calling thread: papaparse is linear in its bounded input, and a call whose run already ended is
// refused before it starts.

import Papa from "papaparse";
import { HostModuleError, guarded } from "../errors.js";
import {
  anyOf,
  bool,
  checkText,
  intRange,
  n,
  oneOf,
  readOptions,
  text,
  withinLimit,
  type OptionRule,
} from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { CSV_LIMITS } from "./descriptor.js";
import { OutputBudget, RESULT_FRAME_BYTES, cellSize, stringSize, tagKeyOverhead, uniqueNames } from "../output.js";
import { beginCall, type HostCallContext } from "../context.js";
import { delimiterRule, newlineRule, quoteRule } from "./options.js";

export { stringify, type CsvStringifyOptions } from "./stringify.js";

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
  /** The `offset` that reads the rows after these (when truncated), else null. */
  next: number | null;
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
  offset?: number;
}


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
  // Every row takes at least one byte of the text, so no offset past its byte limit can name a row.
  offset: intRange(0, SHARED_LIMITS.textBytes.ceiling),
};

/** Longest error message reported, in characters, and what one error entry may take of the result. */
const ERROR_MESSAGE_LENGTH = 200;
const ERROR_BYTES = 6 * ERROR_MESSAGE_LENGTH + 100;
/** The result budget left for rows and fields once every error entry parse may report is set aside. */
const ROWS_BUDGET = SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES - (CSV_LIMITS.maxErrors.default + 1) * ERROR_BYTES;

/** rawToRow marks for raw rows that are not returned: the header, skipped or cut rows; rows before `offset`. */
const NOT_RETURNED = -1;
const BEFORE_OFFSET = -2;

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
 * estimated output are cut at a row boundary, `truncated` is set and `next` is the `offset` (data rows to skip, the
 * header excluded) that returns the rows after them.
 */
export async function parse(input: string, options?: CsvParseOptions, context?: HostCallContext): Promise<CsvParseResult> {
  const fn = "csv.parse";
  beginCall(fn, context);
  const csv = checkText(fn, "text", input);
  const o = readOptions(fn, options, PARSE_RULES);
  const header = (o.header as boolean | undefined) ?? true;
  const dynamicTyping = (o.dynamicTyping as boolean | undefined) ?? false;
  const skipEmpty = (o.skipEmptyLines as boolean | "greedy" | undefined) ?? false;
  const maxRows = (o.maxRows as number | undefined) ?? CSV_LIMITS.maxRows.default;
  const offset = (o.offset as number | undefined) ?? 0;
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
  if (!skipEmpty) config.preview = offset + maxRows + (header ? 1 : 0) + 1;

  const parsed = await guarded(fn, "parse-failed", "parse the CSV", () => Papa.parse<string[]>(csv, config));
  parsed.errors.unshift(...delimiterErrors);
  const raw = parsed.data;

  const rows: (Record<string, CsvCell | CsvCell[]> | CsvCell[])[] = [];
  const errors: CsvParseError[] = [];
  let droppedErrors = 0;
  const addError = (error: CsvParseError): void => {
    if (error.message.length > ERROR_MESSAGE_LENGTH) error.message = error.message.slice(0, ERROR_MESSAGE_LENGTH) + "…";
    if (errors.length < CSV_LIMITS.maxErrors.default) errors.push(error);
    else droppedErrors++;
  };
  /** Index in `rows` of each raw row that was returned, else NOT_RETURNED or BEFORE_OFFSET. */
  const rawToRow = new Int32Array(raw.length).fill(NOT_RETURNED);
  let skipped = 0;
  let fields: string[] = [];
  /** What each record takes beyond its keys and values (a header named "\u0000" makes records cross tagged). */
  let recordOverhead = 0;
  let haveHeader = !header;
  let cells = 0;
  let truncated = false;
  /** Raw index of the first row not looked at (the cut), for dropping errors about cut-off rows. */
  let stoppedAt = raw.length;
  const budget = new OutputBudget(fn, ROWS_BUDGET);

  for (let r = 0; r < raw.length; r++) {
    const source = raw[r]!;
    if (skipEmpty && isEmptyLine(source, skipEmpty)) continue;
    if (!haveHeader) {
      fields = uniqueNames(source.map((name, i) => (i === 0 ? name.replace(/^\ufeff/, "") : name)));
      haveHeader = true;
      recordOverhead = tagKeyOverhead([...fields, "__parsed_extra"]);
      if (!budget.fits(fields.reduce((sum, f) => sum + stringSize(f), 0))) {
        throw new HostModuleError("output-too-large", `${fn}: the header row alone is over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit`);
      }
      continue;
    }
    if (skipped < offset) {
      skipped++;
      rawToRow[r] = BEFORE_OFFSET;
      continue;
    }
    if (rows.length >= maxRows || cells + source.length > CSV_LIMITS.maxCells.default) {
      truncated = true;
      stoppedAt = r;
      break;
    }
    let size = 2 + recordOverhead;
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
    const at = rawRow >= 0 ? rawToRow[rawRow]! : NOT_RETURNED;
    // Rows before `offset` were returned by an earlier page, with their errors.
    if (at === BEFORE_OFFSET) continue;
    addError({ type: String(error.type), code: String(error.code), message: String(error.message), row: at >= 0 ? at : null });
  }
  errors.sort((a, b) => (a.row ?? -1) - (b.row ?? -1));
  if (droppedErrors > 0) {
    errors.push({ type: "Limit", code: "TooManyErrors", message: `${n(droppedErrors)} more errors were not reported (limit ${n(CSV_LIMITS.maxErrors.default)})`, row: null });
  }
  return { rows: rows as CsvParseResult["rows"], fields, errors, truncated, next: truncated ? offset + rows.length : null };
}
