// Owns turning an esbuild metafile into the recorded input set of one module: each input file (hashed),
// each package.json from an input's folder up to its package root (hashed, or recorded as absent so that
// one appearing later invalidates the pointer), the pack's own package.json, and absence checks for
// node_modules folders between an importer and the copy of a package it resolved to (a closer copy
// appearing later would change resolution). Paths are recorded relative to the pack root (for the
// pointer) and as logical paths (for the key).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { sha256 } from "../canonical.js";
import { isInside, relPosix } from "../fsutil.js";
import { POINTER_MAX_ABSENT_CHECKS } from "../tuning.js";
import type { Metafile } from "../bundle/bundler.js";
import { VIRTUAL_NAMESPACE } from "../bundle/run.js";
import { npmPackageName } from "../manifest/validate.js";
import type { HashedFile } from "./key.js";

type InputRole = "input" | "package-json" | "absent";

export interface InputRecord {
  /** Path relative to the pack root (POSIX; may start with ../ for hoisted dependencies). */
  path: string;
  /** Logical path used in the cache key. */
  logical: string;
  role: InputRole;
  /** Content hash, or null when the file must be absent. */
  sha256: string | null;
}

function segmentsOf(p: string): string[] {
  return p.split(path.sep).filter(Boolean);
}

/** Folder of the npm package containing `abs` (…/node_modules/name or …/node_modules/@s/name), if any. */
function npmPackageRoot(abs: string): { root: string; name: string } | undefined {
  const segs = segmentsOf(abs);
  const idx = segs.lastIndexOf("node_modules");
  if (idx < 0 || idx + 1 >= segs.length) return undefined;
  const scoped = segs[idx + 1]!.startsWith("@");
  const end = idx + (scoped ? 3 : 2);
  if (end > segs.length) return undefined;
  const name = segs.slice(idx + 1, end).join("/");
  return { root: path.join(path.parse(abs).root, ...segs.slice(0, end)), name };
}

async function exists(p: string): Promise<boolean> {
  try {
    await fsp.access(p);
    return true;
  } catch {
    return false;
  }
}

async function nearestPackageDir(dir: string): Promise<string> {
  let cur = dir;
  for (;;) {
    if (await exists(path.join(cur, "package.json"))) return cur;
    const up = path.dirname(cur);
    if (up === cur) return dir;
    cur = up;
  }
}

interface Scope {
  root: string;
  logicalPrefix: string;
}

async function scopeOf(abs: string, packRoot: string): Promise<Scope> {
  const npm = npmPackageRoot(abs);
  if (npm && !(isInside(packRoot, abs) && !relPosix(packRoot, abs).split("/").includes("node_modules"))) {
    return { root: npm.root, logicalPrefix: `npm:${npm.name}/` };
  }
  if (isInside(packRoot, abs)) return { root: packRoot, logicalPrefix: "pack:" };
  const dir = await nearestPackageDir(path.dirname(abs));
  return { root: dir, logicalPrefix: "ext:" };
}

export async function hashFile(abs: string): Promise<string | null> {
  try {
    return sha256(await fsp.readFile(abs));
  } catch {
    return null;
  }
}

/** Absolute path of a file-namespace metafile input (undefined for virtual inputs). */
function inputAbsolute(packRoot: string, key: string): string | undefined {
  if (key.startsWith(`${VIRTUAL_NAMESPACE}:`)) return undefined;
  if (/^[a-z][a-z0-9-]*:/.test(key) && !path.isAbsolute(key)) return undefined;
  return path.resolve(packRoot, key);
}

export async function recordInputs(packRoot: string, metafile: Metafile): Promise<InputRecord[]> {
  const records = new Map<string, InputRecord>();
  const add = (r: InputRecord) => {
    if (!records.has(r.path)) records.set(r.path, r);
  };
  const pj = async (dir: string, scope: Scope) => {
    const abs = path.join(dir, "package.json");
    const rel = relPosix(packRoot, abs);
    if (records.has(rel)) return;
    add({ path: rel, logical: `${scope.logicalPrefix}${relPosix(scope.root, abs)}`, role: "package-json", sha256: await hashFile(abs) });
  };

  await pj(packRoot, { root: packRoot, logicalPrefix: "pack:" });

  let absentChecks = 0;
  for (const [key, input] of Object.entries(metafile.inputs)) {
    const abs = inputAbsolute(packRoot, key);
    if (abs) {
      const scope = await scopeOf(abs, packRoot);
      add({ path: relPosix(packRoot, abs), logical: `${scope.logicalPrefix}${relPosix(scope.root, abs)}`, role: "input", sha256: await hashFile(abs) });
      for (let dir = path.dirname(abs); isInside(scope.root, dir); dir = path.dirname(dir)) {
        await pj(dir, scope);
        if (dir === scope.root) break;
      }
    }
    const importerDir = abs ? path.dirname(abs) : packRoot;
    for (const imp of input.imports) {
      if (imp.external || !imp.original || imp.original.startsWith(".") || imp.original.startsWith("/")) continue;
      const target = inputAbsolute(packRoot, imp.path);
      const npm = target ? npmPackageRoot(target) : undefined;
      if (!npm || npm.name !== npmPackageName(imp.original)) continue;
      // npm.root is <base>/node_modules/<name>: every folder from the importer up to (not including)
      // <base> could hold a closer copy that Node-style resolution would prefer.
      const nodeModulesDir = path.dirname(npm.name.includes("/") ? path.dirname(npm.root) : npm.root);
      const base = path.dirname(nodeModulesDir);
      for (let dir = importerDir; dir !== base && isInside(base, dir); dir = path.dirname(dir)) {
        if (absentChecks >= POINTER_MAX_ABSENT_CHECKS) break;
        if (path.basename(dir) === "node_modules") continue;
        const candidate = path.join(dir, "node_modules", npm.name);
        const rel = relPosix(packRoot, candidate);
        if (records.has(rel) || (await exists(candidate))) continue;
        absentChecks++;
        add({ path: rel, logical: "", role: "absent", sha256: null });
      }
    }
  }
  return [...records.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The key's view of a record set: present inputs and present package.json files. */
export function keyFiles(records: readonly InputRecord[]): { inputs: HashedFile[]; packageJsons: HashedFile[] } {
  const inputs: HashedFile[] = [];
  const packageJsons: HashedFile[] = [];
  for (const r of records) {
    if (r.sha256 === null) continue;
    if (r.role === "input") inputs.push([r.logical, r.sha256]);
    else if (r.role === "package-json") packageJsons.push([r.logical, r.sha256]);
  }
  return { inputs, packageJsons };
}
