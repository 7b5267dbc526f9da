// Owns the pointer index: one small JSON per (pack real root, specifier, declaration hash) recording the
// input records of the last build and the key they produced. A warm compile re-hashes those files (cheap),
// checks recorded absences still hold, and recomputes the key without running the bundler. Refuses
// (treats as a miss) any pointer that is unparsable, for another module, or whose files vanished.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { digestOf } from "../canonical.js";
import { writeFileAtomic } from "../fsutil.js";
import { CACHE_FORMAT_VERSION } from "../tuning.js";
import { hashFile, type InputRecord } from "./inputs.js";

interface Pointer {
  v: number;
  packRoot: string;
  specifier: string;
  declHash: string;
  key: string;
  files: InputRecord[];
}

export function pointerPath(cacheDir: string, packRoot: string, specifier: string, declHash: string): string {
  return path.join(cacheDir, "pointers", `${digestOf({ packRoot, specifier, declHash })}.json`);
}

export async function readPointer(file: string, expect: { packRoot: string; specifier: string; declHash: string }): Promise<Pointer | undefined> {
  let p: Pointer;
  try {
    p = JSON.parse(await fsp.readFile(file, "utf8")) as Pointer;
  } catch {
    return undefined;
  }
  if (
    !p ||
    p.v !== CACHE_FORMAT_VERSION ||
    p.packRoot !== expect.packRoot ||
    p.specifier !== expect.specifier ||
    p.declHash !== expect.declHash ||
    !Array.isArray(p.files) ||
    typeof p.key !== "string"
  ) {
    return undefined;
  }
  return p;
}

export async function writePointer(file: string, pointer: Pointer): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(pointer));
}

async function present(abs: string): Promise<boolean> {
  try {
    await fsp.access(abs);
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-reads the pointer's files. Returns the current records, or undefined when an input vanished or a
 * recorded absence no longer holds (the bundler must run again).
 */
export async function currentRecords(pointer: Pointer): Promise<InputRecord[] | undefined> {
  const out: InputRecord[] = [];
  for (const r of pointer.files) {
    const abs = path.resolve(pointer.packRoot, r.path);
    if (r.role === "absent") {
      if (await present(abs)) return undefined;
      out.push(r);
      continue;
    }
    const h = await hashFile(abs);
    if (r.role === "input" && h === null) return undefined;
    out.push({ ...r, sha256: h });
  }
  return out;
}
