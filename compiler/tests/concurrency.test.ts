// Concurrent compiles into one cache folder: separate compile() calls in one process, and separate
// processes (the compiler bundled for child processes with esbuild). Every result must be complete and
// verified; no temp files may remain.

import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as esbuild from "esbuild";
import { describe, expect, test } from "vitest";
import { compile, type Catalog } from "../src/index.js";
import { copyRoot, metafileProbe, tmp } from "./helpers.js";

const run = promisify(execFile);
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "src");

function leftovers(cacheDir: string): string[] {
  return ["entries", "pointers"].flatMap((d) => readdirSync(path.join(cacheDir, d)).filter((f) => f.endsWith(".tmp")));
}

function stripPaths(c: Catalog) {
  return { ...c, modules: c.modules.map((m) => ({ ...m, sourcePath: path.basename(m.sourcePath) })) };
}

/** Bundles a child-process entry that runs compile() and prints its catalog as JSON. */
async function buildChild(): Promise<string> {
  const dir = tmp();
  const entry = path.join(dir, "child.ts");
  writeFileSync(
    entry,
    `
import * as esbuild from "esbuild";
import { compile } from ${JSON.stringify(path.join(SRC, "compile", "compile.ts"))};
const [roots, cacheDir] = JSON.parse(process.argv[2]);
const probe = async (source) => {
  const r = await esbuild.build({ stdin: { contents: source, loader: "js" }, format: "esm", write: false, metafile: true, logLevel: "silent", outfile: "o.js" });
  return { ok: true, exports: Object.values(r.metafile.outputs).flatMap((o) => o.exports) };
};
const r = await compile({ roots, cacheDir, probe });
process.stdout.write(JSON.stringify({ catalog: r.catalog, stats: r.stats, corrupt: r.diagnostics.filter((d) => d.code === "cache-entry-corrupt").length }));
`,
  );
  const out = path.join(dir, "child.mjs");
  const esbuildMain = createRequire(import.meta.url).resolve("esbuild");
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: out,
    logLevel: "silent",
    // the compiler finds package.json and schema/ next to src/; point import.meta.url at src/index.ts
    define: { "import.meta.url": JSON.stringify(new URL(`file://${path.join(SRC, "index.ts")}`).href) },
    plugins: [
      {
        name: "esbuild-external",
        setup(b) {
          b.onResolve({ filter: /^esbuild$/ }, () => ({ path: esbuildMain, external: true }));
        },
      },
    ],
  });
  return out;
}

describe("concurrent compiles share one cache folder safely", () => {
  test("separate compile() calls in one process", async () => {
    const root = copyRoot("main");
    const cacheDir = tmp();
    const results = await Promise.all(Array.from({ length: 4 }, () => compile({ roots: [root], cacheDir, probe: metafileProbe })));
    // Each result is the right one — not merely the same as the others (four identical failures would be equal too).
    const alone = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    expect(alone.catalog.modules).toHaveLength(7);
    for (const r of results) expect(stripPaths(r.catalog)).toEqual(stripPaths(alone.catalog));
    expect(leftovers(cacheDir)).toEqual([]);
    const warm = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(warm.diagnostics.filter((d) => d.code === "cache-entry-corrupt")).toEqual([]);
    expect(warm.stats.cached).toBe(7);
  });

  test("separate processes", async () => {
    const child = await buildChild();
    const root = copyRoot("main");
    const cacheDir = tmp();
    const outputs = await Promise.all(
      Array.from({ length: 3 }, () => run(process.execPath, [child, JSON.stringify([[root], cacheDir])], { maxBuffer: 16 * 1024 * 1024 })),
    );
    const parsed = outputs.map((o) => JSON.parse(o.stdout) as { catalog: Catalog; corrupt: number });
    const alone = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    expect(alone.catalog.modules).toHaveLength(7);
    for (const p of parsed) {
      expect(p.corrupt).toBe(0);
      expect(stripPaths(p.catalog)).toEqual(stripPaths(alone.catalog));
    }
    expect(parsed[0]!.catalog.modules.length).toBe(7);
    for (const m of parsed[0]!.catalog.modules) expect(readFileSync(m.sourcePath).length).toBe(m.size);
    expect(leftovers(cacheDir)).toEqual([]);
    const warm = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(warm.diagnostics.filter((d) => d.code === "cache-entry-corrupt")).toEqual([]);
    expect(warm.stats).toMatchObject({ cached: 7, compiled: 0 });
  }, 30_000);
});
