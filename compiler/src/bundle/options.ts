// Owns the esbuild options every guest module is bundled with, and their normalized form for the cache
// key. Decisions (docs/bundling.md): one self-contained ESM file, platform neutral, the "capsule",
// "module" and "import" conditions (so require() of a dual package also takes its ESM build: one copy,
// better tree-shaking; `module` is the bundler condition that picks an ESM build where `import` points at
// a CJS wrapper, as xstate's does), mainFields module→main (no "browser": browser builds reach for DOM globals), es2020,
// minified (QuickJS parse time is roughly proportional to bytes), UTF-8 output (no \u escapes),
// process.env.NODE_ENV defined as "production", and tsconfigRaw {} so no tsconfig.json on disk is a
// hidden input. Refuses nothing itself; the plugins in npm.ts/authored.ts do.

import type { BuildOptions } from "./bundler.js";

/** Name of the (never written) output file; sourcemap sources are relative to the pack root because of it. */
export const OUTFILE_NAME = ".capsule-bundle.js";

export const BUNDLE_OPTIONS = {
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["capsule", "module", "import"],
  target: "es2020",
  minify: true,
  charset: "utf8",
  legalComments: "eof",
  define: { "process.env.NODE_ENV": '"production"' },
  tsconfigRaw: {},
  sourcemap: "external",
  write: false,
  metafile: true,
  logLevel: "silent",
  splitting: false,
} as const satisfies BuildOptions;

/**
 * Version of what the npm plugins do beyond the options (builtin refusal vs optional stub, the stub's
 * source, browser-field `false` entries, CommonJS named exports, the package boundary of confine.ts). Bump when that behaviour changes: it is part of the cache key.
 */
export const BUNDLE_PLUGINS_VERSION = 4;

/** The option set that goes into the cache key (no absolute paths, no plugins — only their version). */
export function normalizedBundleOptions(): Record<string, unknown> {
  return { ...(JSON.parse(JSON.stringify(BUNDLE_OPTIONS)) as Record<string, unknown>), plugins: BUNDLE_PLUGINS_VERSION };
}
