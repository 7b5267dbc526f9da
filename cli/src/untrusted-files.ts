// Owns reading a file a pack (or any folder the user points at) supplies, where its contents are untrusted, as text:
// the compiler's reader (readCappedSync: only a regular file, at most a cap of bytes, opened O_NONBLOCK and checked on
// the descriptor), the one discovery uses, so every command judges a package.json as the compile does. A
// package.json symlinked to /dev/zero made every command that takes --packs read until the host ran out of memory.
// Refuses by a reason: missing, not a regular file, too large.

// The light entry: the package index would load the whole compiler into every command (see capped-read.ts).
import { LIMITS, readCappedSync } from "@capsule/compiler/capped-read";

export type UntrustedRead = { ok: true; text: string } | { ok: false; why: "missing" | "not-file" | "too-large"; message: string };

/** The largest package.json read from a pack, as discovery reads it. */
export const PACKAGE_JSON_CAP = LIMITS.PACKAGE_JSON_MAX_BYTES.default;

/** `file` as UTF-8 text when it is a regular file of at most `cap` bytes. */
export function readUntrusted(file: string, cap = PACKAGE_JSON_CAP): UntrustedRead {
  const read = readCappedSync(file, cap);
  return read.ok ? { ok: true, text: read.bytes.toString("utf8") } : { ok: false, why: read.reason, message: `is ${read.message}` };
}
