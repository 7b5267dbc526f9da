// Owns bomb-safe reading of zip archives (used by zip.unzip and xlsx.read): fflate's streaming Unzip with
// UnzipInflate, fed TUNING.zipInputChunkBytes of compressed input at a time, counting the bytes actually produced
// across all entries. Refuses an archive the moment that count passes maxBytes (never trusting the sizes its
// headers declare), more than maxEntries entries, duplicate names, and anything that is not a zip archive.

import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { HostModuleError, scrubMessage } from "../errors.js";
import { n, quote } from "../check.js";
import { TUNING } from "../tuning.js";

export interface InflateLimits {
  /** Most entries (directories included) before too-many-entries. */
  maxEntries: number;
  /** Most bytes produced across all entries before zip-bomb. */
  maxBytes: number;
  /** Compressed bytes pushed per step (tests may lower it); default TUNING.zipInputChunkBytes. */
  chunkBytes?: number;
  /** Advice appended to the zip-bomb and too-many-entries messages. */
  advice?: string;
}

/** What one run of inflateArchive did; tests read it to prove the cap held. */
export interface InflateStats {
  /** Bytes produced by the inflaters (and pass-through of stored entries), across all entries. */
  produced: number;
  /** Largest single chunk an inflater produced in one step. */
  largestChunk: number;
  /** Entries seen (directories included). */
  entries: number;
}

export interface InflatedEntry {
  /** The name exactly as the local file header gives it (never used as a path). */
  name: string;
  data: Uint8Array;
}

/** Joins chunks whose total length is `size` into one array. */
export function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** True when `bytes` starts with a local file header or is an empty archive (end of central directory). */
function looksLikeZip(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  return (bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06);
}

/**
 * Inflates every file entry of `bytes` (directory entries, whose names end in "/", are skipped but counted),
 * in local-header order. Throws zip-bomb as soon as the bytes produced pass `maxBytes`, so at most one chunk
 * (about 1032 × chunkBytes) is ever produced past the cap.
 */
export function inflateArchive(fn: string, bytes: Uint8Array, limits: InflateLimits, stats?: InflateStats): InflatedEntry[] {
  if (!looksLikeZip(bytes)) {
    throw new HostModuleError("parse-failed", `${fn}: the bytes are not a zip archive (no local file header at the start)`);
  }
  const step = limits.chunkBytes ?? TUNING.zipInputChunkBytes.value;
  const advice = limits.advice ? `; ${limits.advice}` : "";
  const s: InflateStats = stats ?? { produced: 0, largestChunk: 0, entries: 0 };
  s.produced = 0;
  s.largestChunk = 0;
  s.entries = 0;

  const out: InflatedEntry[] = [];
  const names = new Set<string>();
  let failure: HostModuleError | null = null;
  let unfinished = 0;

  const onFile = (file: UnzipFile): void => {
    if (failure) return;
    s.entries++;
    if (s.entries > limits.maxEntries) {
      failure = new HostModuleError("too-many-entries", `${fn}: the archive has more than ${n(limits.maxEntries)} entries${advice}`);
      return;
    }
    const name = file.name;
    if (names.has(name)) {
      failure = new HostModuleError("entry-duplicate", `${fn}: the archive has two entries named ${quote(name)}; refusing an ambiguous archive`);
      return;
    }
    names.add(name);
    if (name.endsWith("/")) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    unfinished++;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new HostModuleError("parse-failed", `${fn}: entry ${quote(name)} could not be inflated: ${scrubMessage(error)}`);
        return;
      }
      s.produced += chunk.length;
      if (chunk.length > s.largestChunk) s.largestChunk = chunk.length;
      if (s.produced > limits.maxBytes) {
        failure = new HostModuleError(
          "zip-bomb",
          `${fn}: the archive inflated past the ${n(limits.maxBytes)}-byte limit (counted while inflating)${advice}`,
        );
        file.terminate();
        return;
      }
      if (chunk.length) {
        chunks.push(chunk);
        size += chunk.length;
      }
      if (final) {
        unfinished--;
        out.push({ name, data: concat(chunks, size) });
        chunks.length = 0;
      }
    };
    try {
      file.start();
    } catch (error) {
      failure ??= new HostModuleError("parse-failed", `${fn}: entry ${quote(name)} could not be read: ${scrubMessage(error)}`);
    }
  };

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  for (let offset = 0; offset < bytes.length; offset += step) {
    const end = Math.min(offset + step, bytes.length);
    try {
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    } catch (error) {
      failure ??= new HostModuleError("parse-failed", `${fn}: the archive is damaged: ${scrubMessage(error)}`);
    }
    if (failure) throw failure;
  }
  if (unfinished > 0) {
    throw new HostModuleError("parse-failed", `${fn}: the archive ends inside an entry (truncated or damaged)`);
  }
  return out;
}
