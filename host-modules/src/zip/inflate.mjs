// Owns bomb-safe reading of zip archives (zip.unzip and xlsx.read, inside their workers): the structure is read and
// cross-checked first (directory.mjs), then each entry's data is inflated with fflate's streaming Inflate, fed
// chunkBytes of compressed input at a time, counting the bytes actually produced across all entries. Refuses an
// archive the moment that count passes maxBytes (declared sizes never bound the work), duplicate names, damaged
// deflate data, and an entry whose inflated size or CRC is not what the central directory says.

import { crc32 } from "node:zlib";
import { Inflate } from "fflate";
import { refusal, refusalCode } from "../refusal.mjs";
import { firstLine, n, quote } from "../format.mjs";
import { readDirectory } from "./directory.mjs";

/** Compressed bytes pushed per step unless told otherwise (TUNING.zipInputChunkBytes; the host passes it). */
const DEFAULT_CHUNK_BYTES = 4096;

/** Joins chunks whose total length is `size` into one array. */
export function concat(chunks, size) {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Inflates every file entry of `bytes` in archive order (directory entries, whose names end in "/", are counted but
 * not returned). Throws zip-bomb as soon as the bytes produced pass `limits.maxBytes`, so at most one step (about
 * 1032 × chunkBytes) is ever produced past the cap. File entries before the `limits.from`-th are not inflated (a
 * page read earlier returned them). `keep(entry, index)`, when given, is asked after each file entry whether to
 * return it (its data is dropped otherwise; the count still holds). `stats` (tests) gets produced, the largest chunk
 * and the entries begun.
 * @param {string} fn
 * @param {Uint8Array} bytes
 * @param {{ maxEntries: number, maxBytes: number, chunkBytes?: number, advice?: string, from?: number }} limits
 * @param {{ produced: number, largestChunk: number, entries: number }} [stats]
 * @param {(entry: { name: string, data: Uint8Array }, index: number) => boolean} [keep]
 * @returns {{ name: string, data: Uint8Array }[]}
 */
export function inflateArchive(fn, bytes, limits, stats, keep) {
  const advice = limits.advice ? `; ${limits.advice}` : "";
  const step = limits.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const s = stats ?? { produced: 0, largestChunk: 0, entries: 0 };
  s.produced = 0;
  s.largestChunk = 0;
  s.entries = 0;
  const entries = readDirectory(fn, bytes, { maxEntries: limits.maxEntries, advice: limits.advice });
  const names = new Set();
  for (const entry of entries) {
    if (names.has(entry.name)) {
      throw refusal("entry-duplicate", `${fn}: the archive has two entries named ${quote(entry.name)}; refusing an ambiguous archive`);
    }
    names.add(entry.name);
  }
  const spend = (count) => {
    s.produced += count;
    if (count > s.largestChunk) s.largestChunk = count;
    if (s.produced > limits.maxBytes) {
      throw refusal("zip-bomb", `${fn}: the archive inflated past the ${n(limits.maxBytes)}-byte limit (counted while inflating)${advice}`);
    }
  };

  const out = [];
  let index = 0;
  for (const entry of entries) {
    s.entries++;
    if (entry.directory) continue;
    if (index < (limits.from ?? 0)) {
      index++;
      continue;
    }
    const input = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressed);
    const data = entry.method === 0 ? stored(input, spend) : inflated(fn, entry.name, input, step, spend);
    if (data.length !== entry.size || (crc32(data) >>> 0) !== entry.crc) {
      throw refusal("parse-failed", `${fn}: entry ${quote(entry.name)} does not inflate to the size and CRC its central directory records (damaged or forged)`);
    }
    const file = { name: entry.name, data };
    if (!keep || keep(file, index)) out.push(file);
    index++;
  }
  return out;
}

function stored(input, spend) {
  spend(input.length);
  return input.slice();
}

function inflated(fn, name, input, step, spend) {
  const chunks = [];
  let size = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    spend(chunk.length);
    if (chunk.length) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (final) ended = true;
  });
  for (let offset = 0; offset < input.length || offset === 0; offset += step) {
    const end = Math.min(offset + step, input.length);
    try {
      inflater.push(input.subarray(offset, end), end === input.length);
    } catch (error) {
      if (refusalCode(error)) throw error;
      throw refusal("parse-failed", `${fn}: entry ${quote(name)} could not be inflated: ${firstLine(error)}`);
    }
    if (end === input.length) break;
  }
  if (!ended) throw refusal("parse-failed", `${fn}: the deflate data of entry ${quote(name)} ends early (truncated or damaged)`);
  return concat(chunks, size);
}
