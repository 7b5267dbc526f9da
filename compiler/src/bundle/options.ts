// Owns the esbuild options every guest module is bundled with, and their normalized form for the cache
// key. Decisions (docs/bundling.md): one self-contained ESM file, platform neutral, the "capsule" and
// "module" conditions (`module` is the bundler condition that picks an ESM build where `import` points at
// a CJS wrapper, as xstate's does); esbuild adds `import` or `require` per import kind, and a require() of a
// package is resolved with the require conditions by require-conditions.ts — forcing `import` for every kind gave
// a CommonJS require() the ESM build of a dual dependency, a namespace object where it needs module.exports.
// mainFields module→main (the "browser" build only as a retry, BROWSER_BUILD_OPTIONS: browser builds often
// reach for DOM globals, but some packages' Node build alone needs builtins), es2020,
// minified (QuickJS parse time is roughly proportional to bytes), UTF-8 output (no \u escapes),
// process.env.NODE_ENV defined as "production", and tsconfigRaw {} so no tsconfig.json on disk is a
// hidden input. `eval` is defined as EVAL_STUB, a module binding the footer declares and leaves undefined: the guest
// has no `eval`, so a dependency that only *reads* it at load to feature-test (get-intrinsic's `'%eval%': eval`)
// threw a ReferenceError; now it reads undefined. Nothing is granted: `typeof eval` is still "undefined" (so
// feature tests keep their fallback) and a call still fails (TypeError). The scan reads the stub as `eval`. Refuses nothing itself; the plugins in npm.ts/authored.ts do.

import type { BuildOptions } from "./bundler.js";

/** Name of the (never written) output file; sourcemap sources are relative to the pack root because of it. */
export const OUTFILE_NAME = ".capsule-bundle.js";

/** The module binding free `eval` references are bundled as (declared by the footer, never assigned). */
export const EVAL_STUB = "__capsule_eval";

export const BUNDLE_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["capsule", "module"],
  target: "es2020",
  minify: true,
  charset: "utf8",
  legalComments: "eof",
  define: { "process.env.NODE_ENV": '"production"', eval: EVAL_STUB },
  footer: { js: `var ${EVAL_STUB};` },
  tsconfigRaw: {},
  sourcemap: "external",
  write: false,
  metafile: true,
  logLevel: "silent",
  splitting: false,
} as const satisfies BuildOptions;

/** The options of an npm module's browser build (tried when its default build is refused): `browser` first. */
export const BROWSER_BUILD_OPTIONS = {
  conditions: ["capsule", "browser", "module"],
  mainFields: ["browser", "module", "main"],
} as const satisfies BuildOptions;

/**
 * Version of what the npm plugins do beyond the options (builtin refusal vs optional stub, the stub's
 * source, browser-field `false` entries, CommonJS named exports, the package boundary of confine.ts). Bump when that behaviour changes: it is part of the cache key.
 */
export const BUNDLE_PLUGINS_VERSION = 5;

/** The option set that goes into the cache key (no absolute paths, no plugins — only their version). */
export function normalizedBundleOptions(): Record<string, unknown> {
  return { ...(JSON.parse(JSON.stringify(BUNDLE_OPTIONS)) as Record<string, unknown>), plugins: BUNDLE_PLUGINS_VERSION };
}
