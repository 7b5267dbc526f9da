// Types of raw-parts.mjs (a parseRaw result crossing from the csv worker in parts), for raw-source.ts.
import type { RawErrors, RawParse, RowReader } from "./raw.mjs";

export interface Packed {
  value: unknown;
  transfer: ArrayBuffer[];
}

/** The first message: everything but the rows. */
export interface PartsHead {
  length: number;
  rawIndex: Int32Array | null;
  errors: RawErrors;
  meta: RawParse["meta"];
}

export function packParts(raw: RawParse, partCells: number): Generator<Packed>;

export class StreamedRows implements RowReader {
  readonly length: number;
  constructor(length: number);
  add(part: unknown): void;
  fail(error: unknown): void;
  ready(k: number): Promise<void> | undefined;
  at(k: number): string[];
}
