// Owns how a CommonJS `require()` of a package is resolved: with the `require` conditions, as Node and every
// bundler's CommonJS resolution do, never with the ESM build an `import` would get. esbuild applies the
// configured conditions (`capsule`, `module`) to every kind of import, and its main fields (`module` before `main`)
// too; a `require("helper")` of a package that ships both builds then receives the ESM build, and esbuild's interop
// hands the requiring code a namespace object where it expects `module.exports` (a function: "not a function" when
// the module loads). So for a require-call of a bare specifier this plugin resolves the package itself: its
// `exports` map with the conditions `capsule`, `require`, `default` (resolve.exports, the resolver Vite and Jest use,
// rather than a hand-written conditions walk), or, without an exports map, its `main` instead of `module`. With
// `browser: true` (the browser retry of npm.ts) the `browser` condition and field come first.
// Refuses nothing: what it cannot resolve is left to esbuild, which reports it (unresolved, exports-blocked). The
// package boundary (confine.ts) still checks every file: it resolves through this plugin (registered after it).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { exports as resolveExports } from "resolve.exports";
import { npmPackageName } from "../manifest/validate.js";
import type { Plugin } from "./bundler.js";
import { lookupPackage } from "./confine.js";

const isBare = (spec: string) => !spec.startsWith(".") && !spec.startsWith("/") && !spec.startsWith("#") && !path.isAbsolute(spec);
const JS_EXTENSIONS = ["", ".js", ".cjs", ".json", "/index.js", "/index.cjs", "/index.json"];

interface PackageJson {
  exports?: unknown;
  main?: unknown;
  module?: unknown;
  browser?: unknown;
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fsp.stat(p)).isFile();
  } catch {
    return false;
  }
}

/** `main` as CommonJS resolves it: the file, with .js/.cjs/.json, or the folder's index. */
async function resolveMain(dir: string, main: string): Promise<string | undefined> {
  const base = path.resolve(dir, main);
  if (!base.startsWith(dir + path.sep)) return undefined; // confine.ts reports escapes; never widen them here
  for (const ext of JS_EXTENSIONS) if (await isFile(base + ext)) return base + ext;
  return undefined;
}

/** The file a `require(spec)` from `resolveDir` loads under the require conditions, when it differs from esbuild's rule. */
export async function requireTarget(spec: string, resolveDir: string, browser: boolean): Promise<string | undefined> {
  const name = npmPackageName(spec);
  const dir = await lookupPackage(resolveDir, name);
  if (!dir) return undefined;
  let pkg: PackageJson;
  try {
    pkg = JSON.parse(await fsp.readFile(path.join(dir, "package.json"), "utf8")) as PackageJson;
  } catch {
    return undefined;
  }
  const subpath = spec === name ? "." : `.${spec.slice(name.length)}`;
  if (pkg.exports !== undefined && pkg.exports !== null) {
    let targets: string[] | void;
    try {
      // unsafe: only the conditions listed (plus "default"): no "node" (Node builds reach for builtins), no "import".
      targets = resolveExports(pkg, subpath, { unsafe: true, conditions: browser ? ["capsule", "browser", "require"] : ["capsule", "require"] });
    } catch {
      return undefined; // not exported: esbuild says so (npm-module-exports-blocked)
    }
    const first = targets?.[0];
    if (!first) return undefined;
    const file = path.resolve(dir, first);
    return file.startsWith(dir + path.sep) && (await isFile(file)) ? file : undefined;
  }
  if (subpath !== ".") return undefined;
  if (browser && typeof pkg.browser === "string") return resolveMain(dir, pkg.browser);
  // Only the main fields differ from esbuild's rule: `module` would win there.
  if (typeof pkg.main === "string" && typeof pkg.module === "string") return resolveMain(dir, pkg.main);
  return undefined;
}

export function requireConditionsPlugin(options: { browser: boolean }): Plugin {
  return {
    name: "capsule-require-conditions",
    setup(build) {
      build.onResolve({ filter: /^[^./#]/ }, async (args) => {
        if (args.kind !== "require-call" || args.namespace !== "file" || !isBare(args.path)) return undefined;
        const file = await requireTarget(args.path, args.resolveDir, options.browser);
        return file ? { path: file } : undefined;
      });
    },
  };
}
