// Owns zip.unzip and zip.zip on the host: checks the arguments here, then reads or builds the archive in the zip
// worker pool (worker.mjs; up to TUNING.zipWorkers, runs served in turn, a call whose run ends is cancelled), so no
// archive's cost lands on the main thread. unzip inflates in memory only, counting bytes actually produced, after
// the central directory and local headers were found to agree (inflate.mjs, directory.mjs), and returns names as
// data: nothing is written to disk, so a name with ".." or a leading "/" is returned as given. Results are paged
// to fit SHARED_LIMITS.outputBytes (`offset` in, `next` out). zip refuses names that would be unsafe to extract,
// more than ZIP_LIMITS.maxEntries entries and more than ZIP_LIMITS.maxInflatedBytes of content.

import { HostModuleError } from "../errors.js";
import { checkBytes, intRange, isBytes, ownBytes, isPlainObject, n, ownValue, quote, readOptions, typeName, withinLimit, type OptionRule } from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { ZIP_LIMITS } from "./descriptor.js";
import { TUNING } from "../tuning.js";
import { Isolate } from "../isolate.js";
import { beginCall, type HostCallContext } from "../context.js";
import { RESULT_FRAME_BYTES } from "../output.js";

export interface UnzipOptions {
  maxEntries?: number;
  maxBytes?: number;
  offset?: number;
}

export interface UnzipResult {
  /** Null-prototype map from entry name (as stored) to its bytes; directory entries are left out. */
  entries: Record<string, Uint8Array>;
  /** The `offset` that reads the next page, or null when this page holds the last file entry. */
  next: number | null;
}

export interface ZipOptions {
  level?: number;
}

const UNZIP_RULES: Record<string, OptionRule> = {
  maxEntries: withinLimit(ZIP_LIMITS.maxEntries),
  maxBytes: withinLimit(ZIP_LIMITS.maxInflatedBytes),
  offset: intRange(0, ZIP_LIMITS.maxEntries.ceiling),
};

const ZIP_RULES: Record<string, OptionRule> = {
  level: intRange(0, 9),
};

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "zip",
  script: new URL("../../src/zip/worker.mjs", import.meta.url),
  timeoutMs: ZIP_LIMITS.timeoutMs.default,
  heapMb: TUNING.zipWorkerHeapMb.value,
  size: TUNING.zipWorkers.value,
});

/**
 * Inflates an archive into a null-prototype map of name → bytes. Stops with zip-bomb as soon as the bytes
 * actually produced across all entries pass `maxBytes`, and with too-many-entries past `maxEntries`. Returns the
 * file entries from the `offset`-th (default 0) on, as many as fit SHARED_LIMITS.outputBytes; `next` is the offset
 * of the first one left out (null when none is).
 */
export async function unzip(bytes: Uint8Array, options?: UnzipOptions, context?: HostCallContext): Promise<UnzipResult> {
  const fn = "zip.unzip";
  const call = beginCall(fn, context);
  const archive = checkBytes(fn, "bytes", bytes);
  const o = readOptions(fn, options, UNZIP_RULES);
  const maxEntries = (o.maxEntries as number | undefined) ?? ZIP_LIMITS.maxEntries.default;
  const maxBytes = (o.maxBytes as number | undefined) ?? ZIP_LIMITS.maxInflatedBytes.default;
  const page = await isolate.run<{ entries: [string, Uint8Array][]; next: number | null }>(
    fn,
    "unzip",
    {
      fn,
      bytes: archive,
      maxEntries,
      maxBytes,
      chunkBytes: TUNING.zipInputChunkBytes.value,
      advice: `the ceilings are maxEntries ${n(ZIP_LIMITS.maxEntries.ceiling)} and maxBytes ${n(ZIP_LIMITS.maxInflatedBytes.ceiling)}`,
      offset: (o.offset as number | undefined) ?? 0,
      maxResultBytes: SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES,
    },
    [],
    call,
  );
  const entries: Record<string, Uint8Array> = Object.create(null);
  for (const [name, data] of page.entries) entries[name] = data;
  return { entries, next: page.next };
}

/** Why `name` may not be written into an archive, or null when it is a safe relative path. */
function unsafeName(name: string): string | null {
  if (name.length === 0) return "it is empty";
  if (Buffer.byteLength(name, "utf8") > ZIP_LIMITS.maxNameBytes.default) return `it is over ${n(ZIP_LIMITS.maxNameBytes.default)} UTF-8 bytes`;
  // A lone surrogate has no UTF-8 form: written as U+FFFD, the name would read back as another (and two could collide).
  if (!name.isWellFormed()) return "it has a lone surrogate (not valid Unicode)";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "it has a control character";
  // Bidirectional overrides and isolates make a listing show a name other than the one stored.
  if (/[\u202a-\u202e\u2066-\u2069]/.test(name)) return "it has a bidirectional control character";
  if (name.includes("\\")) return "it has a backslash (use '/')";
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return "it is absolute";
  for (const segment of name.split("/")) {
    if (segment === "") return "it has an empty segment (a leading, doubled or trailing '/')";
    if (segment === "." || segment === "..") return `it has a ${quote(segment)} segment`;
  }
  return null;
}

/**
 * Builds an archive from a map of name → content (Uint8Array, or a string written as UTF-8). Names must be
 * relative paths of non-empty segments joined by "/"; directories are implied by the names.
 */
export async function zip(entries: Record<string, Uint8Array | string>, options?: ZipOptions, context?: HostCallContext): Promise<Uint8Array> {
  const fn = "zip.zip";
  const call = beginCall(fn, context);
  if (!isPlainObject(entries)) {
    throw new HostModuleError("input-invalid", `${fn}: entries must be a plain object mapping names to Uint8Array or string, got ${typeName(entries)}`);
  }
  const o = readOptions(fn, options, ZIP_RULES);
  const level = (o.level as number | undefined) ?? 6;
  const names = Object.keys(entries);
  if (names.length > ZIP_LIMITS.maxEntries.default) {
    throw new HostModuleError("input-too-large", `${fn}: ${n(names.length)} entries is over the ${n(ZIP_LIMITS.maxEntries.default)}-entry limit`);
  }
  const list: [string, Uint8Array | string][] = [];
  let total = 0;
  for (const name of names) {
    const why = unsafeName(name);
    if (why) throw new HostModuleError("entry-name-invalid", `${fn}: entry name ${quote(name)} is refused because ${why}`);
    const value = ownValue(fn, "entry", entries, name);
    // Strings are encoded in the worker; only their size is measured here, to refuse before any work.
    if (typeof value === "string") total += Buffer.byteLength(value, "utf8");
    else if (isBytes(value)) total += value.byteLength;
    else throw new HostModuleError("input-invalid", `${fn}: entry ${quote(name)} is ${typeName(value)}; use a Uint8Array or a string`);
    if (total > ZIP_LIMITS.maxInflatedBytes.default) {
      throw new HostModuleError("input-too-large", `${fn}: the entries hold more than ${n(ZIP_LIMITS.maxInflatedBytes.default)} bytes; build smaller archives`);
    }
    list.push([name, typeof value === "string" ? value : ownBytes(value)]);
  }
  return isolate.run<Uint8Array>(fn, "zip", { fn, list, level, maxOutputBytes: SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES }, [], call);
}

/** Host only (never pin it for guests): terminates the zip workers; the next call starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
