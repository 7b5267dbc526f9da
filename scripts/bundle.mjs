#!/usr/bin/env node
// Owns the build's bundling step (after `tsc -b`, in the root `build` script): the start-up code of `capsule run`
// loaded as a few files instead of ~60 ES modules (issue 18; figures in cli/README.md "Start-up"). Per package, from
// that package's own tsc output into that package's own dist/, so every `new URL(…, import.meta.url)` and
// createRequire(import.meta.url) in it resolves from the same folder as before, in the workspace and from npm alike:
//
// - runtime/dist/worker.bundle.js: the worker thread's code as one file (pool.ts WORKER_FILE, worker-file.ts);
//   with quickjs-emscripten-core, which nothing else in a worker thread loads. The engine's variant (its WASM file
//   is resolved from the package) and piscina (it starts its own worker script) stay packages.
// - runtime/dist/<entry>.bundle.js for every entry of the `exports` map, split (esbuild `splitting`): entries that
//   share a module share its chunk, so module state (prestart.ts's `prestarted`, read by index's run()) exists
//   once. Pure-JS dependencies and piscina (see piscinaBundled) are bundled in; the engine's variant,
//   quickjs-emscripten-core and esbuild stay packages.
// - cli/dist/start.bundle.js: the CLI's own code, split so each command's `await import()` stays a chunk loaded
//   only when that command runs; with commander, every other package (ours and npm's) stays a package.
//   cli/dist/main.js picks it.
//
// Refuses nothing itself: an esbuild error fails the build. A bundle older than its package's last tsc build is
// stale; the runtime's Node entry bundles then refuse to load (saying to run this script), the worker and CLI bundles are
// passed over for the tsc output (worker-file.ts, cli/src/main.ts).

import { build } from "esbuild";
import { isBuiltin } from "node:module";
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runtimeDist = join(root, "runtime", "dist");
const cliDist = join(root, "cli", "dist");

/** The runtime's `exports` entries (runtime/package.json), by the name their bundle takes. */
const RUNTIME_ENTRIES = ["index", "prestart", "entry-engine", "entry-host", "bridge"];
/** Packages the worker bundle leaves to Node: the engine's variant (its WASM file), piscina (its own worker script), esbuild (its binary). */
const RUNTIME_EXTERNAL = ["@jitl/quickjs-wasmfile-release-sync", "piscina", "esbuild"];

/** The Node entries, whose bundles check they are current (the others are Node-free: the browser runner bundles them). */
const GUARDED = ["index", "prestart"];

/**
 * Prepended to the Node entries' bundles: refuses a bundle older than the package's last tsc build (a `tsc -b` run
 * without this script), which would otherwise run yesterday's code in silence. Installed from npm there is no
 * tsconfig.tsbuildinfo, and nothing to compare; and only the bundle file itself checks (a bundler that bundles the
 * runtime again, giving it another import.meta.url, must not find someone else's tsbuildinfo and refuse).
 */
const STALE_GUARD = `import { statSync as __capsuleStat } from "node:fs";
if (/\\/dist\\/[\\w-]+\\.bundle\\.js$/.test(new URL(import.meta.url).pathname)) {
  const built = __capsuleStat(new URL("../tsconfig.tsbuildinfo", import.meta.url), { throwIfNoEntry: false });
  if (built && built.mtimeMs > __capsuleStat(new URL(import.meta.url)).mtimeMs) throw new Error("@capsule/runtime: dist/*.bundle.js are older than the last tsc build of the runtime; run \`node scripts/bundle.mjs\` (or \`pnpm build\`) after \`tsc -b\`");
}
`;

/**
 * A bundled CommonJS package's require() of a Node built-in becomes an import of it, in the chunk of the module that
 * asks: esbuild's own `__require` fallback needs a `require` in its helper chunk, which the runtime's Node-free
 * entries share with the browser runner's bundle (and an ES module has no `require` of its own).
 */
const builtinRequires = {
  name: "capsule-builtin-requires",
  setup(b) {
    b.onResolve({ filter: /^[a-z:_/]+$/ }, (args) => (args.kind === "require-call" && isBuiltin(args.path) ? { path: args.path, namespace: "capsule-builtin" } : undefined));
    b.onLoad({ filter: /.*/, namespace: "capsule-builtin" }, (args) => ({
      loader: "js",
      contents: `export * from ${JSON.stringify(args.path)};\nexport { default } from ${JSON.stringify(args.path)};\n`,
    }));
  },
};

/** Every package but `bundled` stays a package (resolved by Node at run time from the bundle's folder). */
const packagesBut = (bundled) => ({
  name: "capsule-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (isBuiltin(args.path) || bundled.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? undefined : { path: args.path, external: true }));
  },
});

/**
 * pool.ts loads piscina (CommonJS, ~15 files: ~28 ms of the prestart chain, against ~11 ms as one bundled file,
 * measured) through createRequire, which esbuild cannot see: in the main-thread bundle that call becomes an import
 * esbuild bundles. piscina names its own worker script from its __dirname, which is given its installed folder as
 * Node resolves it from the runtime (where createRequire found it before). If pool.js no longer has that call, the
 * bundle keeps loading piscina as a package, as pool.js says, and the build says so.
 */
const PISCINA_REQUIRE = 'createRequire(import.meta.url)("piscina")';
const piscinaBundled = {
  name: "capsule-piscina-bundled",
  setup(b) {
    b.onLoad({ filter: /[\\/]runtime[\\/]dist[\\/]pool\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes(PISCINA_REQUIRE)) {
        console.warn(`[bundle] runtime/dist/pool.js has no ${PISCINA_REQUIRE}: piscina stays a package in the bundle`);
        return undefined;
      }
      return { loader: "js", contents: `import __capsulePiscina from "piscina";\n${text.replace(PISCINA_REQUIRE, "__capsulePiscina")}` };
    });
    b.onLoad({ filter: /[\\/]piscina[\\/]dist[\\/]index\.js$/ }, (args) => ({
      loader: "js",
      contents: `var __dirname = require("capsule:piscina-dir").dir;\n${readFileSync(args.path, "utf8")}`,
    }));
    b.onResolve({ filter: /^capsule:piscina-dir$/ }, () => ({ path: "piscina-dir", namespace: "capsule" }));
    b.onLoad({ filter: /.*/, namespace: "capsule" }, () => ({
      loader: "js",
      resolveDir: runtimeDist,
      contents: 'import { createRequire } from "node:module";\nimport { dirname } from "node:path";\nexport const dir = dirname(createRequire(import.meta.url).resolve("piscina"));\n',
    }));
  },
};

const common = { bundle: true, format: "esm", platform: "node", target: "node20", logLevel: "warning", legalComments: "none", metafile: true, write: false };

/** Removes the bundles of `dir` this run did not write (chunk names change with their content). */
function clean(dir, written) {
  for (const name of readdirSync(dir)) if (name.endsWith(".bundle.js") && !written.has(join(dir, name))) rmSync(join(dir, name));
}

/**
 * Writes esbuild's outputs into package `pkg`, with `prefix(path)` prepended to each; returns their paths. A file
 * whose text is already there is left as it is, or only touched when the package's tsc build is newer (a bundle must
 * not look stale): the CLI names the runtime's and its own files by modification time in its catalog's toolchain
 * stamp (catalog-fresh.ts), and a build that changes nothing must not make every home recompile.
 */
function write(pkg, result, prefix = () => "") {
  const built = statSync(join(root, pkg, "tsconfig.tsbuildinfo"), { throwIfNoEntry: false });
  return result.outputFiles.map((file) => {
    const text = prefix(file.path) + file.text;
    const had = statSync(file.path, { throwIfNoEntry: false });
    if (!had || readFileSync(file.path, "utf8") !== text) writeFileSync(file.path, text);
    else if (built && built.mtimeMs > had.mtimeMs) utimesSync(file.path, new Date(), new Date());
    return file.path;
  });
}

export async function bundleAll() {
  const worker = await build({ ...common, entryPoints: [join(runtimeDist, "worker.js")], outfile: join(runtimeDist, "worker.bundle.js"), external: RUNTIME_EXTERNAL });
  const guarded = new Set(GUARDED.map((name) => join(runtimeDist, `${name}.bundle.js`)));
  const runtime = await build({
    ...common,
    entryPoints: Object.fromEntries(RUNTIME_ENTRIES.map((name) => [`${name}.bundle`, join(runtimeDist, `${name}.js`)])),
    outdir: runtimeDist,
    splitting: true,
    // In dist/ itself, beside the entries: a chunk's `../guest/` and createRequire resolve as its modules' did.
    chunkNames: "chunk-[hash].bundle",
    // quickjs-emscripten-core too: in Node only the worker loads it; the engine entry's users bundle it themselves.
    external: [...RUNTIME_EXTERNAL.filter((name) => name !== "piscina"), "quickjs-emscripten-core"],
    plugins: [builtinRequires, piscinaBundled],
  });
  const cli = await build({
    ...common,
    entryPoints: { "start.bundle": join(cliDist, "start.js") },
    outdir: cliDist,
    splitting: true,
    chunkNames: "chunk-[hash].bundle",
    // commander too (CommonJS, 7 files: ~14 ms to load as a package; it names no file of its own at run time).
    plugins: [builtinRequires, packagesBut(["commander"])],
  });
  const written = [...write("runtime", worker), ...write("runtime", runtime, (path) => (guarded.has(path) ? STALE_GUARD : "")), ...write("cli", cli)];
  clean(runtimeDist, new Set(written));
  clean(cliDist, new Set(written));
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await bundleAll();
  console.log(`[bundle] ${written.length} files, entries: ${written.filter((file) => !file.includes("chunk-")).map((file) => relative(root, file)).join(", ")}`);
}
