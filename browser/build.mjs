// Builds the browser runner with esbuild: the client library, the two Web Workers (guest engine, WASM calls), the
// playground, and a copy of the engine's WASM binary. The runtime's own engine code is bundled as is; only its
// Node-specific leaves are swapped (see SWAPS). Any other Node built-in reaching the bundle fails the build.

import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = join(here, "dist");
const runtimeGuest = join(here, "node_modules/@capsule/runtime/guest");

/** Node-only leaves of the runtime and what replaces them in the browser. */
const SWAPS = {
  "./engine-binary.js": join(here, "src/shims/engine-binary.ts"),
  esbuild: join(here, "src/shims/esbuild.ts"),
  "node:crypto": join(here, "src/shims/node-crypto.ts"),
};

const swapPlugin = {
  name: "capsule-browser-swaps",
  setup(b) {
    b.onResolve({ filter: /^(\.\/engine-binary\.js|esbuild|node:crypto)$/ }, (args) => ({ path: SWAPS[args.path] }));
    // The guest scripts are read from disk in Node; here they are embedded as strings.
    b.onResolve({ filter: /^\.\/guest-files\.js$/ }, () => ({ path: "guest-files", namespace: "capsule-guest" }));
    b.onLoad({ filter: /.*/, namespace: "capsule-guest" }, () => {
      const files = ["prelude", "console", "codec", "text", "intl"];
      const sources = Object.fromEntries(files.map((f) => [f, readFileSync(join(runtimeGuest, `${f}.js`), "utf8")]));
      return {
        loader: "js",
        contents: `const SOURCES = ${JSON.stringify(sources)};
export const LAZY_GUEST_FILES = ["console", "codec", "text", "intl"];
export function guestSource(name) { return SOURCES[name]; }`,
      };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    "capsule-browser": join(here, "src/index.ts"),
    "run-worker": join(here, "src/run-worker.ts"),
    "wasm-worker": join(here, "src/wasm-worker.ts"),
    playground: join(here, "src/playground/playground.ts"),
  },
  outdir: out,
  bundle: true,
  format: "esm",
  // Shared code and the TypeScript stripper (loaded only when a guest is not plain JavaScript) go to chunks.
  splitting: true,
  chunkNames: "chunk-[hash]",
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  plugins: [swapPlugin],
});
for (const file of ["index.html", "playground.css"]) copyFileSync(join(here, "src/playground", file), join(out, file));
copyFileSync(require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm"), join(out, "quickjs.wasm"));
