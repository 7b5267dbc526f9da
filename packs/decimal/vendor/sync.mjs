// Owns the pack's vendored copy of decimal.js (vendor/decimal.mjs): the installed decimal.mjs with one guard
// added, so the compiler's scan admits it. Refuses to write anything if the upstream line it patches changed.
//
// Why: decimal.js's `random()` reads the global `crypto` behind a config flag (`if (!this.crypto) … else if
// (crypto.getRandomValues)`). The sandbox has no `crypto` and `Decimal.set({ crypto: true })` already throws
// there (it checks `typeof crypto`), so that branch is dead in a guest — but the scan only recognises
// `typeof` guards and refuses the module (npm-module-forbidden-global). Adding `typeof crypto != 'undefined'`
// to that one test guards every later reference (they sit in its consequent or alternate).
// When the compiler can admit decimal.js as is, go back to `{ "kind": "guest", "npm": "decimal.js" }`.
//
// Run after upgrading decimal.js: `node packs/decimal/vendor/sync.mjs` (tests/decimal.test.ts checks the copy).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const UPSTREAM = "  } else if (crypto.getRandomValues) {";
export const PATCHED = "  } else if (typeof crypto != 'undefined' && crypto.getRandomValues) {";

/** The installed decimal.js ESM build (resolved from this pack's folder). */
export function upstreamPath() {
  const require = createRequire(new URL("../package.json", import.meta.url));
  return require.resolve("decimal.js/decimal.mjs");
}

/** The vendored text for an upstream decimal.mjs text; throws if the patched line is not there exactly once. */
export function patchedSource(upstream) {
  const parts = upstream.split(UPSTREAM);
  if (parts.length !== 2) throw new Error(`decimal.mjs: expected the line ${JSON.stringify(UPSTREAM)} exactly once`);
  return parts.join(PATCHED);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL("decimal.mjs", import.meta.url));
  writeFileSync(target, patchedSource(readFileSync(upstreamPath(), "utf8")));
  console.log(`wrote ${target}`);
}
