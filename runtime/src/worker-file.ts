// Owns which file the pool's worker threads load by default (pool.ts WORKER_FILE): dist/worker.bundle.js, the
// worker's module graph as one file (made by scripts/bundle.mjs after tsc; measured ~100 -> ~70 ms from `new
// Worker` to its imports loaded), else tsc's dist/worker.js. Refuses nothing: a bundle that is missing, or older than
// this package's last tsc build (a `tsc -b` without the bundling step), is passed over for worker.js, so a worker
// never runs code older than the build.

import { statSync } from "node:fs";

/** The default worker file of the package whose root is `packageRoot` (a file: URL ending in "/"). */
export function defaultWorkerFile(packageRoot: URL): string {
  const bundle = new URL("dist/worker.bundle.js", packageRoot);
  const made = statSync(bundle, { throwIfNoEntry: false });
  // Installed from npm there is no tsconfig.tsbuildinfo: the published bundle is the build.
  const built = made && statSync(new URL("tsconfig.tsbuildinfo", packageRoot), { throwIfNoEntry: false });
  return made && (!built || built.mtimeMs <= made.mtimeMs) ? bundle.href : new URL("dist/worker.js", packageRoot).href;
}
