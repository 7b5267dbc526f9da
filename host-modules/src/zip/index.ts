// Owns zip.unzip and zip.zip (fflate) on the host. unzip inflates in memory only, counting bytes actually
// produced (see inflate.ts), and returns names as data: nothing is written to disk, so a name with ".." or a
// leading "/" is returned as given. zip refuses names that would be unsafe to extract, more than
// ZIP_LIMITS.maxEntries entries and more than ZIP_LIMITS.maxInflatedBytes of content.

import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { HostModuleError, guarded } from "../errors.js";
import { checkBytes, intRange, isBytes, isPlainObject, n, ownValue, quote, readOptions, typeName, withinLimit, type OptionRule } from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { ZIP_LIMITS } from "./descriptor.js";
import { concat, inflateArchive } from "./inflate.js";

export interface UnzipOptions {
  maxEntries?: number;
  maxBytes?: number;
}

export interface UnzipResult {
  /** Null-prototype map from entry name (as stored) to its bytes; directory entries are left out. */
  entries: Record<string, Uint8Array>;
}

export interface ZipOptions {
  level?: number;
}

const UNZIP_RULES: Record<string, OptionRule> = {
  maxEntries: withinLimit(ZIP_LIMITS.maxEntries),
  maxBytes: withinLimit(ZIP_LIMITS.maxInflatedBytes),
};

const ZIP_RULES: Record<string, OptionRule> = {
  level: intRange(0, 9),
};

/** Entry timestamp: 1980-01-01 00:00 in local fields, so the DOS date is the same in every time zone. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/**
 * Inflates an archive into a null-prototype map of name → bytes. Stops with zip-bomb as soon as the bytes
 * actually produced across all entries pass `maxBytes`, and with too-many-entries past `maxEntries`.
 */
export async function unzip(bytes: Uint8Array, options?: UnzipOptions): Promise<UnzipResult> {
  const fn = "zip.unzip";
  const archive = checkBytes(fn, "bytes", bytes);
  const o = readOptions(fn, options, UNZIP_RULES);
  const maxEntries = (o.maxEntries as number | undefined) ?? ZIP_LIMITS.maxEntries.default;
  const maxBytes = (o.maxBytes as number | undefined) ?? ZIP_LIMITS.maxInflatedBytes.default;
  const list = await guarded(fn, "parse-failed", "read the archive", () =>
    inflateArchive(fn, archive, {
      maxEntries,
      maxBytes,
      advice: `the ceilings are maxEntries ${n(ZIP_LIMITS.maxEntries.ceiling)} and maxBytes ${n(ZIP_LIMITS.maxInflatedBytes.ceiling)}`,
    }),
  );
  const entries: Record<string, Uint8Array> = Object.create(null);
  for (const entry of list) entries[entry.name] = entry.data;
  return { entries };
}

/** Why `name` may not be written into an archive, or null when it is a safe relative path. */
function unsafeName(name: string): string | null {
  if (name.length === 0) return "it is empty";
  if (Buffer.byteLength(name, "utf8") > ZIP_LIMITS.maxNameBytes.default) return `it is over ${n(ZIP_LIMITS.maxNameBytes.default)} UTF-8 bytes`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return "it has a control character";
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
export async function zip(entries: Record<string, Uint8Array | string>, options?: ZipOptions): Promise<Uint8Array> {
  const fn = "zip.zip";
  if (!isPlainObject(entries)) {
    throw new HostModuleError("input-invalid", `${fn}: entries must be a plain object mapping names to Uint8Array or string, got ${typeName(entries)}`);
  }
  const o = readOptions(fn, options, ZIP_RULES);
  const level = (o.level as number | undefined) ?? 6;
  const names = Object.keys(entries);
  if (names.length > ZIP_LIMITS.maxEntries.default) {
    throw new HostModuleError("input-too-large", `${fn}: ${n(names.length)} entries is over the ${n(ZIP_LIMITS.maxEntries.default)}-entry limit`);
  }
  const list: [string, Uint8Array][] = [];
  let total = 0;
  const encoder = new TextEncoder();
  for (const name of names) {
    const why = unsafeName(name);
    if (why) throw new HostModuleError("entry-name-invalid", `${fn}: entry name ${quote(name)} is refused because ${why}`);
    const value = ownValue(fn, "entry", entries, name);
    let data: Uint8Array;
    if (typeof value === "string") data = encoder.encode(value);
    else if (isBytes(value)) data = value;
    else throw new HostModuleError("input-invalid", `${fn}: entry ${quote(name)} is ${typeName(value)}; use a Uint8Array or a string`);
    total += data.byteLength;
    if (total > ZIP_LIMITS.maxInflatedBytes.default) {
      throw new HostModuleError("input-too-large", `${fn}: the entries hold more than ${n(ZIP_LIMITS.maxInflatedBytes.default)} bytes; build smaller archives`);
    }
    list.push([name, data]);
  }

  const archive = await guarded(fn, "internal-error", "build the archive", () => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let failure: unknown = null;
    const writer = new Zip((error, chunk) => {
      if (error) failure = error;
      else {
        chunks.push(chunk);
        size += chunk.length;
      }
    });
    for (const [name, data] of list) {
      const file = level === 0 ? new ZipPassThrough(name) : new ZipDeflate(name, { level: level as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 });
      file.mtime = FIXED_MTIME;
      writer.add(file);
      file.push(data, true);
    }
    writer.end();
    if (failure) throw failure;
    if (size > SHARED_LIMITS.outputBytes.default) {
      throw new HostModuleError("output-too-large", `${fn}: the archive is over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit`);
    }
    return concat(chunks, size);
  });
  return archive;
}
