#!/usr/bin/env node
// The `capsule` entry. Owns the choice of what to load: the CLI's code bundled into a few files
// (dist/start.bundle.js, made by scripts/bundle.mjs after tsc; ~60 modules fewer to load at every start), else
// tsc's own dist/start.js. Refuses nothing: a bundle that is missing, or older than the package's last tsc build
// (a `tsc -b` without the bundling step), is passed over, so the code that runs is never older than the build.

import { statSync } from "node:fs";

const bundle = new URL("./start.bundle.js", import.meta.url);

/** The bundle, when it exists and was made after the last tsc build (from npm there is no tsbuildinfo to compare). */
function bundleIsCurrent(): boolean {
  const made = statSync(bundle, { throwIfNoEntry: false });
  if (!made) return false;
  const built = statSync(new URL("../tsconfig.tsbuildinfo", import.meta.url), { throwIfNoEntry: false });
  return !built || built.mtimeMs <= made.mtimeMs;
}

await import(bundleIsCurrent() ? bundle.href : "./start.js");
