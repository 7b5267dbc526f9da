// Owns the few filesystem primitives the compiler relies on: atomic writes (temp file in the same folder,
// unique per process and call, then rename), containment checks on real paths, and capped reads.
// Refuses to read a file larger than the cap it is given (returns "too-large" without reading it).

import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
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

type CappedRead =
  | { ok: true; bytes: Buffer; size: number }
  | { ok: false; reason: "missing" | "not-file" | "too-large"; size?: number; message: string };

/** Reads a regular file (following symlinks) if it is at most `cap` bytes. */
export async function readCapped(file: string, cap: number): Promise<CappedRead> {
  let st;
  try {
    st = await fsp.stat(file);
  } catch (err) {
    return { ok: false, reason: "missing", message: (err as NodeJS.ErrnoException).code ?? "unreadable" };
  }
  if (!st.isFile()) return { ok: false, reason: "not-file", message: "not a regular file" };
  if (st.size > cap) return { ok: false, reason: "too-large", size: st.size, message: `${st.size} bytes` };
  const bytes = await fsp.readFile(file);
  if (bytes.length > cap) return { ok: false, reason: "too-large", size: bytes.length, message: `${bytes.length} bytes` };
  return { ok: true, bytes, size: bytes.length };
}
