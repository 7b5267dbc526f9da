// Owns the named exports of a CommonJS dependency, found the way Node finds them when an ES module imports
// CommonJS: cjs-module-lexer over the entry file, following re-exports (`module.exports = require("./x")`).
// With them, `import { search } from "@capsule/jmespath"` works as it would in Node; `default` stays
// module.exports. Names that are not identifiers, `default` and `__esModule` are left out.

import { promises as fsp } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { init, parse } from "cjs-module-lexer";
import { CJS_REEXPORT_MAX_DEPTH } from "../tuning.js";
import type { Metafile } from "./bundler.js";
import { VIRTUAL_NAMESPACE } from "./run.js";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const lexerReady = init();

/** The file the generated entry resolved the dependency to, when esbuild saw it as CommonJS. */
function commonJsEntry(packRoot: string, metafile: Metafile): string | undefined {
  const entry = Object.keys(metafile.inputs).find((key) => key.startsWith(`${VIRTUAL_NAMESPACE}:`));
  const target = entry ? metafile.inputs[entry].imports.find((i) => !i.external)?.path : undefined;
  if (!target || metafile.inputs[target]?.format !== "cjs" || /^[a-z][a-z0-9-]*:/.test(target)) return undefined;
  return path.resolve(packRoot, target);
}

async function collect(file: string, depth: number, seen: Set<string>, names: Set<string>): Promise<void> {
  if (seen.has(file)) return;
  seen.add(file);
  let lexed: { exports: string[]; reexports: string[] };
  try {
    lexed = parse(await fsp.readFile(file, "utf8"));
  } catch {
    return; // unreadable or not lexable: Node would expose only `default` too
  }
  for (const name of lexed.exports) names.add(name);
  if (depth >= CJS_REEXPORT_MAX_DEPTH) return;
  const require = createRequire(file);
  for (const spec of lexed.reexports) {
    let target: string;
    try {
      target = require.resolve(spec);
    } catch {
      continue;
    }
    if (/\.(c?js)$/.test(target)) await collect(target, depth + 1, seen, names);
  }
}

/** Sorted named exports of the bundle's CommonJS dependency; empty when it is an ES module or has none to find. */
export async function commonJsExportNames(packRoot: string, metafile: Metafile): Promise<string[]> {
  const file = commonJsEntry(packRoot, metafile);
  if (!file) return [];
  await lexerReady;
  const names = new Set<string>();
  await collect(file, 0, new Set(), names);
  return [...names].filter((n) => IDENTIFIER.test(n) && n !== "default" && n !== "__esModule").sort();
}
