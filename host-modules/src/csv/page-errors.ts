// Owns which errors a csv.parse page reports and in what form: papaparse's parser errors about the page's rows
// (their `row` an index into the returned rows, or null for a row not returned, such as an empty line left out),
// then the delimiter guess's, then the field-count errors, at most CSV_LIMITS.maxErrors of them, each message cut
// to ERROR_MESSAGE_LENGTH, the rest counted in one TooManyErrors entry. Errors about rows before `offset` (an
// earlier page reported them) or past the page are left out. Refuses nothing.

import type Papa from "papaparse";
import { n } from "../check.js";
import { CSV_LIMITS } from "./descriptor.js";
import type { RawPage } from "../../src/csv/raw.mjs";

export interface CsvParseError {
  type: string;
  code: string;
  message: string;
  /** Index into `rows` of the row the error is about, or null when it is about no returned row. */
  row: number | null;
  /** papaparse's character index into the text, for the errors it gives one (quote errors). */
  index?: number;
}

/** Longest error message reported, in characters, and what one error entry may take of the result. */
export const ERROR_MESSAGE_LENGTH = 200;
export const ERROR_BYTES = 6 * ERROR_MESSAGE_LENGTH + 100;

/** keptToRow marks for kept rows that are not returned: the header, skipped or cut rows; rows before `offset`. */
export const NOT_RETURNED = -1;
export const BEFORE_OFFSET = -2;

/**
 * The page's errors. `keptToRow[k]` is the returned row of kept row k (or a mark); `stoppedAt` the first kept row
 * not looked at (rows.length when all were).
 */
export function pageErrors(parsed: RawPage, keptToRow: Int32Array, stoppedAt: number, delimiterErrors: Papa.ParseError[], fieldErrors: CsvParseError[]): CsvParseError[] {
  const errors: CsvParseError[] = [];
  let unreported = 0;
  const report = (entry: CsvParseError) => {
    if (errors.length === CSV_LIMITS.maxErrors.default) return void unreported++;
    if (entry.message.length > ERROR_MESSAGE_LENGTH) entry.message = entry.message.slice(0, ERROR_MESSAGE_LENGTH) + "…";
    errors.push(entry);
  };
  const { rows, rawIndex } = parsed;
  // papaparse's index of the first row not looked at: errors about it and later rows are not reported (the pass
  // itself already left out those past its own cut).
  const stoppedRaw = stoppedAt < rows.length ? (rawIndex ? rawIndex[stoppedAt]! : stoppedAt) : Infinity;
  const { row: errorRows, index: errorIndexes, kind: errorKinds, kinds } = parsed.errors;
  for (let e = 0; e < errorRows.length; e++) {
    const rawRow = errorRows[e]!;
    if (rawRow >= stoppedRaw) continue;
    const kept = rawRow < 0 ? -1 : rawIndex ? keptIndexOf(rawIndex, rawRow) : rawRow;
    const at = kept >= 0 && kept < rows.length ? keptToRow[kept]! : NOT_RETURNED;
    if (at === BEFORE_OFFSET) continue;
    const [type, code, message] = kinds[errorKinds[e]!]!;
    const entry: CsvParseError = { type, code, message, row: at >= 0 ? at : null };
    if (errorIndexes[e]! >= 0) entry.index = errorIndexes[e]!;
    report(entry);
  }
  for (const error of delimiterErrors) report({ type: String(error.type), code: String(error.code), message: String(error.message), row: null });
  for (const error of fieldErrors) report(error);
  if (unreported > 0) {
    errors.push({ type: "Limit", code: "TooManyErrors", message: `${n(unreported)} more errors were not reported (limit ${n(CSV_LIMITS.maxErrors.default)})`, row: null });
  }
  return errors;
}

/** The kept row papaparse numbered `rawRow` (rawIndex is ascending), or -1 when it was an empty line left out. */
function keptIndexOf(rawIndex: Int32Array, rawRow: number): number {
  let low = 0;
  let high = rawIndex.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = rawIndex[mid]!;
    if (value === rawRow) return mid;
    if (value < rawRow) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
