// Owns csv.parse (papaparse) on the host, with papaparse's options, defaults and results, and the module's exports
// (stringify is in stringify.ts). Refuses text over SHARED_LIMITS.textBytes, unknown or wrong-typed options, and by
// name papaparse's function and network options (options.ts); caps parsed rows, cells and output bytes (truncating
// at a row boundary, with `next` to read the following page from `offset`); builds records without a prototype.
// papaparse's own pass runs in the csv worker pool for long texts (raw-source.ts); the rows of the page are built
// here, on the calling thread. A call whose run already ended is refused before it starts.

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
import { OutputBudget, RESULT_FRAME_BYTES, cellSize, recordKind, rowTooLarge, stringSize, tagKeyOverhead, uniqueNames } from "../output.js";
import { beginCall, cancelled, type HostCallContext } from "../context.js";
import { rawRows } from "./raw-source.js";
import { BEFORE_OFFSET, ERROR_BYTES, NOT_RETURNED, pageErrors, type CsvParseError } from "./page-errors.js";

export type { CsvParseError } from "./page-errors.js";
import {
  PARSE_FUNCTION_OPTIONS,
  PARSE_NETWORK_OPTIONS,
  arrayOf,
  booleanMap,
  delimiterRule,
  newlineRule,
  quoteRule,
  refuseByName,
} from "./options.js";

export { stringify, type CsvStringifyOptions } from "./stringify.js";
export { shutdown } from "./raw-source.js";

/** A cell as parse returns it: a string, or with dynamicTyping a number, boolean or null. */
export type CsvCell = string | number | boolean | null;

/** papaparse's `meta`, as far as it describes the text rather than the call. */
export interface CsvParseMeta {
  delimiter: string;
  linebreak: string;
  /** papaparse's own: `preview` stopped the parse before the end of the text. */
  truncated: boolean;
  /** Renamed duplicate header names → the name they had, or null. */
  renamedHeaders: Record<string, string> | null;
}

export interface CsvParseResult {
  rows: Record<string, CsvCell | CsvCell[]>[] | CsvCell[][];
  fields: string[];
  errors: CsvParseError[];
  meta: CsvParseMeta;
  /** This module's own: rows were cut at a limit (maxRows, cells, output bytes); `next` reads on. */
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
  dynamicTyping?: boolean | Record<string, boolean>;
  comments?: string | boolean;
  preview?: number;
  skipFirstNLines?: number;
  fastMode?: boolean;
  delimitersToGuess?: string[];
  encoding?: string;
  worker?: boolean;
  chunkSize?: number;
  maxRows?: number;
  offset?: number;
}

const TEXT_CEILING = SHARED_LIMITS.textBytes.ceiling;
const PARSE_RULES: Record<string, OptionRule> = {
  header: bool,
  delimiter: delimiterRule,
  quoteChar: quoteRule,
  escapeChar: quoteRule,
  newline: newlineRule,
  skipEmptyLines: anyOf(bool, oneOf("greedy")),
  dynamicTyping: anyOf(bool, booleanMap),
  comments: anyOf(bool, text(1, 16, "a comment prefix without CR or LF", (v) => !/[\r\n]/.test(v))),
  // papaparse's own: 0 means no preview; rows counted as its parser counts them (empty lines too), header excluded.
  preview: intRange(0, TEXT_CEILING),
  // papaparse applies no skip for 0 or a negative count.
  skipFirstNLines: intRange(-TEXT_CEILING, TEXT_CEILING),
  fastMode: bool,
  delimitersToGuess: arrayOf(delimiterRule, 16, "delimiters"),
  // Accepted for papaparse compatibility; none changes the result of parsing a string (see the README).
  encoding: text(1, 64),
  worker: bool,
  chunkSize: intRange(1, TEXT_CEILING),
  maxRows: withinLimit(CSV_LIMITS.maxRows),
  // Every row takes at least one byte of the text, so no offset past its byte limit can name a row.
  offset: intRange(0, TEXT_CEILING),
};

const PARSE_UNSUPPORTED: Record<string, string> = Object.fromEntries(
  PARSE_NETWORK_OPTIONS.map((name) => [name, "the host module reads no URL; fetch the text (with a host function you are given) and pass it"]),
);

/** The result budget left for rows and fields once every error entry parse may report is set aside. */
const ROWS_BUDGET = SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES - (CSV_LIMITS.maxErrors.default + 1) * ERROR_BYTES;

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

/** Which cells dynamicTyping types: papaparse's rule `(dynamicTyping[field] || dynamicTyping) === true`. */
function typingOf(option: unknown): (field: string | number) => boolean {
  if (option === true) return () => true;
  if (option === undefined || option === false) return () => false;
  const map = option as Record<string, boolean>;
  return (field) => Object.hasOwn(map, field) && map[field] === true;
}

const GUESS_PREFIX = 128 * 1024;
/** Rows plus cells handled on this thread between two turns of its event loop (~10-20 ms of work). */
const YIELD_UNITS = 32_768;

/** The start of `csv` the delimiter is guessed from: whole lines of its first GUESS_PREFIX characters, if it has one. */
function guessPrefix(csv: string): string {
  if (csv.length <= GUESS_PREFIX) return csv;
  let cut = Math.max(csv.lastIndexOf("\n", GUESS_PREFIX), csv.lastIndexOf("\r", GUESS_PREFIX));
  if (cut > 0 && csv[cut] === "\n" && csv[cut - 1] === "\r") cut--;
  return csv.slice(0, cut > 0 ? cut : GUESS_PREFIX);
}

/**
 * Parses CSV text as papaparse does with the same options (papaparse's defaults: `header: false`, the delimiter and
 * line break guessed). With `header` the first row names the fields and rows are null-prototype records; otherwise
 * rows are arrays. Rows past `maxRows`, CSV_LIMITS.maxCells cells or SHARED_LIMITS.outputBytes of estimated output
 * are cut at a row boundary, `truncated` is set and `next` is the `offset` (data rows to skip, the header excluded)
 * that returns the rows after them.
 */
export async function parse(input: string, options?: CsvParseOptions, context?: HostCallContext): Promise<CsvParseResult> {
  const fn = "csv.parse";
  // With header, a call whose answer goes to a guest in bulk adds its rows to the runtime's table, regular rows as
  // arrays of values, which it sends ahead as the records they stand for (context.table); a direct caller gets the
  // records.
  const call = beginCall(fn, context);
  const tableFor = call.table;
  const csv = checkText(fn, "text", input);
  refuseByName(fn, options, PARSE_FUNCTION_OPTIONS, PARSE_UNSUPPORTED);
  const o = readOptions(fn, options, PARSE_RULES);
  const header = (o.header as boolean | undefined) ?? false;
  const typing = typingOf(o.dynamicTyping);
  const anyTyping = o.dynamicTyping !== undefined && o.dynamicTyping !== false;
  const skipEmpty = (o.skipEmptyLines as boolean | "greedy" | undefined) ?? false;
  const maxRows = (o.maxRows as number | undefined) ?? CSV_LIMITS.maxRows.default;
  const offset = (o.offset as number | undefined) ?? 0;
  const preview = (o.preview as number | undefined) ?? 0;
  if (o.quoteChar !== undefined && o.delimiter !== undefined && (o.delimiter as string).includes(o.quoteChar as string)) {
    throw new HostModuleError("option-invalid", `${fn}: options "delimiter" and "quoteChar" must differ`);
  }

  // The caller's options as papaparse reads them, but for header, typing and empty lines, which are done here (so
  // that records have no prototype and error rows map to returned rows); papaparse applies its own defaults.
  const config: Papa.ParseConfig = { header: false, dynamicTyping: false, skipEmptyLines: false };
  for (const key of ["delimiter", "newline", "quoteChar", "escapeChar", "comments", "fastMode", "skipFirstNLines", "delimitersToGuess"] as const) {
    if (o[key] !== undefined) (config as Record<string, unknown>)[key] = o[key];
  }
  // The delimiter is guessed first the way papaparse guesses it with the caller's skipEmptyLines: from its first 10
  // rows, read by one parse per candidate delimiter. Of a text whose first row is the whole text (one huge quoted
  // field) that was 6 to 16 parses of 5 MiB, 3-5 s on this thread; the guess reads the rows in the first
  // GUESS_PREFIX characters instead, cut at a line break, which holds papaparse's 10 rows unless they are ~13 KB each.
  const delimiterErrors: Papa.ParseError[] = [];
  if (config.delimiter === undefined) {
    const guess = await guarded(fn, "parse-failed", "parse the CSV", () =>
      Papa.parse<string[]>(guessPrefix(csv), { ...config, skipEmptyLines: skipEmpty, preview: 10 }),
    );
    config.delimiter = guess.meta.delimiter;
    delimiterErrors.push(...guess.errors.filter((e) => e.type === "Delimiter"));
  }
  // papaparse's preview counts its parser's rows, plus the header row. Without empty-line skipping every parsed row
  // is a returned row, so papaparse can also stop one row past the page.
  const userRaw = preview > 0 ? preview + (header ? 1 : 0) : Infinity;
  const pageRaw = skipEmpty ? Infinity : offset + maxRows + (header ? 1 : 0) + 1;
  if (Math.min(userRaw, pageRaw) !== Infinity) config.preview = Math.min(userRaw, pageRaw);

  // Rows past the page's are of no use: a header, `offset` rows before the page, the page, and one to tell that
  // more follow.
  const keep = (header ? 1 : 0) + offset + maxRows + 1;
  const parsed = await rawRows(fn, csv, config, skipEmpty, keep, call);
  const raw = parsed.rows;
  const rawIndex = parsed.rawIndex;
  const stoppedByPreview = parsed.meta.truncated && userRaw <= pageRaw;

  const rows: (Record<string, CsvCell | CsvCell[]> | CsvCell[])[] = [];
  const fieldErrors: CsvParseError[] = [];
  /** Index in `rows` of each kept row that was returned, else NOT_RETURNED or BEFORE_OFFSET. */
  const keptToRow = new Int32Array(raw.length).fill(NOT_RETURNED);
  let skipped = 0;
  let fields: string[] = [];
  let renamedHeaders: Record<string, string> | null = null;
  let typedFields: boolean[] = [];
  let anyTypedField = false;
  /** Each field's size in the result, and their sum (what a row with every field takes for its keys). */
  let fieldSizes: number[] = [];
  let fieldsSize = 0;
  let kind = recordKind(fields);
  const typeExtra = typing("__parsed_extra");
  /** What each record takes beyond its keys and values (a header named "\u0000" makes records cross tagged). */
  let recordOverhead = 0;
  let haveHeader = !header;
  let cells = 0;
  let truncated = false;
  /** Index of the first kept row not looked at (the cut), for dropping errors about cut-off rows. */
  let stoppedAt = raw.length;
  const budget = new OutputBudget(fn, ROWS_BUDGET);
  let table: ReturnType<NonNullable<typeof tableFor>> | undefined;
  /** Rows returned so far (in `rows`, or added to `table`). */
  let count = 0;

  let sinceTurn = 0;
  for (let r = 0; r < raw.length; r++) {
    // Rows from the csv worker come in parts: waiting for the next one is a turn too.
    const coming = raw.ready?.(r);
    if (coming) {
      await coming;
      sinceTurn = 0;
      if (call.signal?.aborted) throw cancelled(fn);
    }
    const source = raw.at(r);
    // A page of 1 M rows is ~0.4 s of work here: other runs' events are served every YIELD_UNITS rows and cells,
    // and a run that ended meanwhile stops its call.
    sinceTurn += 1 + source.length;
    if (sinceTurn >= YIELD_UNITS) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
      if (call.signal?.aborted) throw cancelled(fn);
    }
    if (!haveHeader) {
      // Every record would hold this many keys, and naming them is work on this thread: refused before it.
      if (source.length > CSV_LIMITS.maxColumns.default) {
        throw new HostModuleError("input-too-large", `${fn}: the header row has ${n(source.length)} fields, over the ${n(CSV_LIMITS.maxColumns.default)}-column limit of a record; parse with header: false (rows as arrays) or check the delimiter`);
      }
      const original = source.map((name) => name.replace(/^\ufeff/, ""));
      fields = uniqueNames(original);
      for (let i = 0; i < fields.length; i++) {
        if (fields[i] !== original[i]) (renamedHeaders ??= Object.create(null) as Record<string, string>)[fields[i]!] = original[i]!;
      }
      typedFields = fields.map((f) => typing(f));
      anyTypedField = typedFields.includes(true);
      fieldSizes = fields.map((f) => stringSize(f));
      fieldsSize = fieldSizes.reduce((sum, s) => sum + s, 0);
      kind = recordKind(fields);
      haveHeader = true;
      recordOverhead = tagKeyOverhead([...fields, "__parsed_extra"]);
      table = tableFor?.(fields);
      // The fields, and the renamed ones again in meta.
      const headerSize = fields.reduce((sum, f, i) => sum + stringSize(f) * (f === original[i] ? 1 : 2) + (f === original[i] ? 0 : stringSize(original[i]!)), 0);
      if (!budget.fits(headerSize)) {
        throw new HostModuleError("output-too-large", `${fn}: the header row alone is over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit`);
      }
      continue;
    }
    if (skipped < offset) {
      skipped++;
      keptToRow[r] = BEFORE_OFFSET;
      continue;
    }
    if (count >= maxRows || cells + source.length > CSV_LIMITS.maxCells.default) {
      // A page must move `next` on: a row that alone is over the limit would come back as the same empty page forever.
      if (count === 0 && count < maxRows) {
        throw new HostModuleError("input-too-large", `${fn}: the row at offset ${n(offset)} alone has ${n(source.length)} cells, over the ${n(CSV_LIMITS.maxCells.default)}-cell limit; check the delimiter and newline, or split the text`);
      }
      truncated = true;
      stoppedAt = r;
      break;
    }
    let size = 2 + recordOverhead;
    let row: Record<string, CsvCell | CsvCell[]> | CsvCell[];
    if (table && source.length === fields.length) {
      // papaparse's row is this call's own: it is the row's values as they are when no field is typed.
      const values: CsvCell[] = anyTypedField ? source.map((value, j) => (typedFields[j] ? typed(value) : value)) : source;
      for (let j = 0; j < values.length; j++) size += cellSize(values[j]!);
      size += fieldsSize;
      row = values;
    } else if (header) {
      const record = kind.make() as Record<string, CsvCell | CsvCell[]>;
      let extra: CsvCell[] | undefined;
      for (let j = 0; j < source.length; j++) {
        if (j < fields.length) {
          const value = typedFields[j] ? typed(source[j]!) : source[j]!;
          record[fields[j]!] = value;
          size += cellSize(value) + fieldSizes[j]!;
        } else {
          const value = typeExtra ? typed(source[j]!) : source[j]!;
          (extra ??= []).push(value);
          size += cellSize(value);
        }
      }
      if (extra) {
        record["__parsed_extra"] = extra;
        size += 20;
      }
      row = kind.done(record);
    } else {
      row = anyTyping ? source.map((value, j) => (typing(j) ? typed(value) : value)) : source.slice();
      for (const value of row) size += cellSize(value);
    }
    if (!budget.fits(size)) {
      if (count === 0) throw rowTooLarge(fn, `the row at offset ${n(offset)}`);
      truncated = true;
      stoppedAt = r;
      break;
    }
    cells += source.length;
    keptToRow[r] = count;
    if (header && source.length !== fields.length) {
      const many = source.length > fields.length;
      fieldErrors.push({
        type: "FieldMismatch",
        code: many ? "TooManyFields" : "TooFewFields",
        message: `Too ${many ? "many" : "few"} fields: expected ${fields.length} fields but parsed ${source.length}`,
        row: count,
      });
    }
    if (table) table.add(row);
    else rows.push(row);
    count++;
  }
  // papaparse stopped at the page's preview: one row past maxRows means there was more.
  if (!truncated && parsed.meta.truncated && !stoppedByPreview && count >= maxRows) truncated = true;

  const errors = pageErrors(parsed, keptToRow, stoppedAt, delimiterErrors, fieldErrors);
  const meta: CsvParseMeta = {
    delimiter: String(parsed.meta.delimiter),
    linebreak: String(parsed.meta.linebreak),
    truncated: stoppedByPreview,
    renamedHeaders,
  };
  // The worker's work for this call is over before the call is (it packs past a page cut short by a limit).
  await parsed.done;
  const returned = table ? table.answer() : rows;
  return { rows: returned as CsvParseResult["rows"], fields, errors, meta, truncated, next: truncated ? offset + count : null };
}
