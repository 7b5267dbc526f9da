// Builds the browser runner with esbuild: the client library, the two Web Workers (guest engine, WASM calls), the
// playground, and a copy of the engine's WASM binary. The runtime is bundled as is, through its Node-free entries
// (@capsule/runtime/host and /engine); what differs in the page is passed in as powers. A Node built-in reaching
// the bundle fails the build. The playground's editor is CodeMirror 6, with the guest's globals for completion
// taken from the compiler's guest-globals.d.ts at build time (guest-completions.mjs).

import { build } from "esbuild";
import { GUEST_FILES } from "@capsule/runtime/engine";
import { guestCompletionsPlugin } from "./guest-completions.mjs";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = join(here, "dist");
const runtimeGuest = join(here, "node_modules/@capsule/runtime/guest");

/** The guest scripts, embedded into the guest worker as strings (a Node worker reads them from disk). */
const guestSources = {
  name: "capsule-guest-sources",
  setup(b) {
    b.onResolve({ filter: /^capsule:guest-sources$/ }, () => ({ path: "guest-sources", namespace: "capsule-guest" }));
    b.onLoad({ filter: /.*/, namespace: "capsule-guest" }, () => {
      const sources = Object.fromEntries(GUEST_FILES.map((f) => [f, readFileSync(join(runtimeGuest, `${f}.js`), "utf8")]));
      return { loader: "js", contents: `export const GUEST_SOURCES = ${JSON.stringify(sources)};` };
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
  plugins: [guestSources, guestCompletionsPlugin],
});
for (const file of ["index.html", "playground.css"]) copyFileSync(join(here, "src/playground", file), join(out, file));
copyFileSync(require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm"), join(out, "quickjs.wasm"));
