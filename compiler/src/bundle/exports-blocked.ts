// Owns recognising an import that esbuild could not resolve because the package's `exports` map hides the subpath
// (the package is installed: "install it" would be wrong advice), and listing the subpaths the map does export so
// the refusal can name them. Refuses nothing itself: run.ts turns the answer into npm-module-exports-blocked.

import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Message } from "./bundler.js";

/** package.json files larger than this are not read for the hint (the refusal still names the blocked subpath). */
const PACKAGE_JSON_HINT_MAX_BYTES = 256 * 1024;
/** At most this many exported subpaths are named. */
const EXPORTED_SHOWN_MAX = 12;

export interface ExportsBlocked {
  /** The import as written (`pkg/lib/x.js`). */
  spec: string;
  /** The package whose map blocks it. */
  pkg: string;
  /** The subpath the map does not export (`./lib/x.js`). */
  subpath: string;
  /** Subpaths the map exports (`.`, `./sync`), when its package.json could be read. */
  exported: string[];
}

const NOT_EXPORTED = /^The path "(.*)" is not exported by package "(.*)"/;

/** The exports-map block behind an esbuild "Could not resolve" error, if that is what it is. */
export function exportsBlocked(m: Message, spec: string, workingDir: string): ExportsBlocked | undefined {
  for (const note of m.notes ?? []) {
    const hit = NOT_EXPORTED.exec(note.text);
    if (!hit) continue;
    const file = note.location?.file;
    return { spec, subpath: hit[1]!, pkg: hit[2]!, exported: file ? exportedSubpaths(path.resolve(workingDir, file)) : [] };
  }
  return undefined;
}

/** The subpaths a package.json's `exports` map exports (`.` for a string or a conditions-only object). */
export function exportedSubpaths(packageJson: string): string[] {
  try {
    if (statSync(packageJson).size > PACKAGE_JSON_HINT_MAX_BYTES) return [];
    const exp = (JSON.parse(readFileSync(packageJson, "utf8")) as { exports?: unknown }).exports;
    if (typeof exp === "string" || Array.isArray(exp)) return ["."];
    if (!exp || typeof exp !== "object") return [];
    const keys = Object.keys(exp);
    const subpaths = keys.filter((k) => k === "." || k.startsWith("./"));
    const list = subpaths.length ? subpaths.filter((k) => (exp as Record<string, unknown>)[k] !== null) : ["."];
    return list.length > EXPORTED_SHOWN_MAX ? [...list.slice(0, EXPORTED_SHOWN_MAX), `… ${list.length - EXPORTED_SHOWN_MAX} more`] : list;
  } catch {
    return [];
  }
}
