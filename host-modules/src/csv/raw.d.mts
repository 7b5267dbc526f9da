// Types of raw.mjs (papaparse's pass over a text, on either thread), for index.ts and raw-source.ts.
import type Papa from "papaparse";

export type EmptyLines = boolean | "greedy";

export interface RawErrors {
  /** papaparse's row index of each error, -1 for none. */
  row: Int32Array;
  /** papaparse's character index of each error, -1 for none. */
  index: Int32Array;
  /** Each error's [type, code, message], as an index into `kinds`. */
  kind: Uint32Array;
  kinds: [string, string, string][];
}

export interface RawParse {
  rows: string[][];
  /** papaparse's row index of each kept row, or null when the rows are papaparse's first ones in order. */
  rawIndex: Int32Array | null;
  errors: RawErrors;
  meta: { delimiter: string; linebreak: string; truncated: boolean };
}

/** Rows read in order through `at(k)`, k = 0, 1, … (another order costs a scan from the start). */
export interface RowReader {
  readonly length: number;
  at(k: number): string[];
  /** Rows still arriving (raw-parts.mjs): undefined when row k is here, else a promise settled when it is. */
  ready?(k: number): Promise<void> | undefined;
}

/** What a csv.parse page reads, from either thread. */
export interface RawPage extends Omit<RawParse, "rows"> {
  rows: RowReader;
  /** From the worker: settled once it has sent every row (the call's work is over). */
  done?: Promise<void>;
}

export function isEmptyLine(row: string[], mode: EmptyLines): boolean;
export function parseRaw(text: string, config: Papa.ParseConfig, skipEmpty: EmptyLines, keep: number): RawParse;
export function readable(raw: RawParse): RawPage;
