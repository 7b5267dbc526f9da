// Owns the Buffer a bundle may be given: the `buffer` npm package (feross's, what browser bundlers substitute for
// Node's), pinned as a dependency of the compiler, bundled into a module whose build is refused only because it needs
// Node's Buffer (the global, or `require("buffer")`). esbuild's `inject` binds every free `Buffer` of the bundle to
// it, and `buffer`/`node:buffer` resolve to it. Pure computation over Uint8Array: it grants nothing. Used only in a
// second build after such a refusal (compile/module.ts), so every bundle that never needed it stays byte for byte
// what it was, and the module is admitted with an `npm-module-buffer-polyfill` warning. Refuses nothing.

import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "./bundler.js";

const NAMESPACE = "capsule-buffer";
/** The module esbuild injects: its `Buffer` export replaces the bundle's free `Buffer` references. */
export const BUFFER_GLOBAL = "capsule:buffer-global";

const polyfillEntry = () => createRequire(import.meta.url).resolve("buffer/");

/** esbuild plugin (registered before the builtin plugin): `buffer`, `node:buffer` and the injected global. */
export function bufferPolyfillPlugin(): Plugin {
  return {
    name: "capsule-buffer-polyfill",
    setup(build) {
      build.onResolve({ filter: /^(?:node:)?buffer\/?$/ }, () => ({ path: "buffer", namespace: NAMESPACE }));
      build.onResolve({ filter: /^capsule:buffer-global$/ }, () => ({ path: "global", namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        if (args.path === "global") return { contents: 'export { Buffer } from "buffer";\n', loader: "js" };
        // The package itself, from the compiler's own install (its base64-js and ieee754 resolve beside it).
        const entry = polyfillEntry();
        return { contents: `module.exports = require(${JSON.stringify(entry)});\n`, loader: "js", resolveDir: path.dirname(entry) };
      });
    },
  };
}

/** True when a refusal is about Node's Buffer: the global read, or the builtin imported or required. */
export function needsBuffer(d: { code: string; details?: Record<string, unknown> }): boolean {
  const name = d.details?.name ?? d.details?.builtin;
  return (d.code === "npm-module-forbidden-global" && name === "Buffer") || (d.code === "npm-module-builtin-import" && (name === "buffer" || name === "node:buffer"));
}
