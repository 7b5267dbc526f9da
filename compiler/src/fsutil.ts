// Owns the few filesystem primitives the compiler relies on: atomic writes (temp file in the same folder,
// unique per process and call, then rename), containment checks on real paths, and capped reads.
// Refuses to read more than the cap it is given, or anything but a regular file (returns the reason, reads nothing more).

import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, promises as fsp, readSync } from "node:fs";
import path from "node:path";

/** Writes `data` to `file` so that readers see either the old file or the complete new one. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** True when `child` is `root` or lies below it (both must be absolute and normalized). */
export function isInside(root: string, child: string): boolean {
  const rel = path.relative(root, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/** POSIX-style relative path from `from` to `to`. */
export function relPosix(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join("/");
}

export type CappedRead =
  | { ok: true; bytes: Buffer; size: number }
  | { ok: false; reason: "missing" | "not-file" | "too-large"; size?: number; message: string };

/**
 * Reads a regular file (following symlinks) if it is at most `cap` bytes. Its contents and kind are untrusted (a
 * pack's package.json): opened O_NONBLOCK so a FIFO cannot block the open, and checked on the opened descriptor, so
 * nothing can swap the file between the check and the read; never reads more than `cap` + 1 bytes (a package.json
 * linked to /dev/zero made every --packs command read until the host ran out of memory). Synchronous: the files are
 * small, and the CLI's synchronous checks read the same files through it.
 */
export function readCappedSync(file: string, cap: number): CappedRead {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return { ok: false, reason: "missing", message: (err as NodeJS.ErrnoException).code ?? "unreadable" };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: "not-file", message: "not a regular file" };
    if (st.size > cap) return { ok: false, reason: "too-large", size: st.size, message: `${st.size} bytes, over ${cap}` };
    // One byte past the size it has: a file that grew while read is refused, never read past the cap.
    const bytes = Buffer.allocUnsafe(st.size + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < bytes.length; length += read) read = readSync(fd, bytes, length, bytes.length - length, null);
    if (length > st.size) return { ok: false, reason: "too-large", size: length, message: `grew past its ${st.size} bytes while read` };
    return { ok: true, bytes: bytes.subarray(0, length), size: length };
  } catch (err) {
    return { ok: false, reason: "not-file", message: (err as NodeJS.ErrnoException).code ?? "unreadable" };
  } finally {
    closeSync(fd);
  }
}

/** readCappedSync, for async callers. */
export async function readCapped(file: string, cap: number): Promise<CappedRead> {
  return readCappedSync(file, cap);
}
