// Owns reading a file a pack (or any folder the user points at) supplies, where its contents are untrusted: only a
// regular file, at most a cap of bytes, opened so that a FIFO cannot block (O_NONBLOCK) and checked on the opened
// descriptor (no swap between a stat and the read). A package.json symlinked to /dev/zero made every command that
// takes --packs read until the host ran out of memory (16.8 GB), and a FIFO one hang forever.
// Refuses by a reason: missing, not a regular file, too large.

import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { LIMITS } from "@capsule/compiler";

export type UntrustedRead = { ok: true; text: string } | { ok: false; why: "missing" | "not-file" | "too-large"; message: string };

/** The largest package.json read from a pack, as discovery reads it. */
export const PACKAGE_JSON_CAP = LIMITS.PACKAGE_JSON_MAX_BYTES.default;

/** `file` as UTF-8 text when it is a regular file of at most `cap` bytes. Synchronous: the files are small. */
export function readUntrusted(file: string, cap = PACKAGE_JSON_CAP): UntrustedRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, why: "missing", message: (error as NodeJS.ErrnoException).code ?? "unreadable" };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, why: "not-file", message: "is not a regular file" };
    if (st.size > cap) return { ok: false, why: "too-large", message: `is ${st.size} bytes, over ${cap}` };
    const bytes = Buffer.alloc(cap + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length <= cap; length += read) read = readSync(fd, bytes, length, cap + 1 - length, null);
    if (length > cap) return { ok: false, why: "too-large", message: `grew past ${cap} bytes while read` };
    return { ok: true, text: bytes.subarray(0, length).toString("utf8") };
  } finally {
    closeSync(fd);
  }
}
