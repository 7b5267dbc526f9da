// Pruning the cache after a compile: what the new catalog no longer uses goes (old bundles, temp files), what it
// uses stays (its bundles, pointers and cached refusals: a warm compile afterwards runs no esbuild), and nothing
// younger than the minimum age is touched.

import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, pruneCache } from "../src/index.js";
import { metafileProbe, tmp, writeTree } from "./helpers.js";

const DAY_MS = 24 * 60 * 60 * 1000;

function ageEverything(cacheDir: string): void {
  const old = new Date(Date.now() - 2 * DAY_MS);
  for (const sub of ["entries", "pointers", "facades"]) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(cacheDir, sub));
    } catch {
      continue;
    }
    for (const name of names) utimesSync(path.join(cacheDir, sub, name), old, old);
  }
}

const entryFiles = (cacheDir: string) => readdirSync(path.join(cacheDir, "entries")).sort();

function packWith(root: string, greeting: string): void {
  writeTree(path.join(root, "p"), {
    "package.json": JSON.stringify({
      name: "@t/p", version: "1.0.0",
      capsule: { modules: { ".": { kind: "guest", source: "src/index.js" }, "./fs": { kind: "guest", source: "src/fs.js" } } },
    }),
    "src/index.js": `export const greet = (n) => ${JSON.stringify(greeting)} + n;\n`,
    "src/fs.js": 'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
  });
}

describe("pruneCache", () => {
  test("removes the bundles an older version of a pack left, and keeps what the catalog uses", async () => {
    const root = tmp();
    const cacheDir = tmp();
    packWith(root, "hello ");
    const first = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    const firstSource = first.catalog.modules.find((m) => m.specifier === "@t/p")!.sourcePath;
    packWith(root, "hi ");
    const second = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(second.catalog.refused.map((r) => r.code)).toEqual(["guest-module-import-outside-pack"]);
    const before = entryFiles(cacheDir);
    writeFileSync(path.join(cacheDir, "entries", "half-written.json.123.tmp"), "{");
    ageEverything(cacheDir);

    const report = await pruneCache(cacheDir, second.catalog);
    const after = entryFiles(cacheDir);
    // The first version's .js and .json, and the interrupted write, are gone; nothing else.
    expect(before.length - after.length).toBe(2);
    expect(report.removedFiles).toBe(3);
    expect(report.freedBytes).toBeGreaterThan(0);
    expect(after).not.toContain(path.basename(firstSource));
    expect(after).toContain(path.basename(second.catalog.modules.find((m) => m.specifier === "@t/p")!.sourcePath));

    // The cached refusal and the admitted module are still served from the cache: no esbuild call.
    const warm = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(warm.stats.bundlerCalls).toBe(0);
    expect(warm.catalog.refused.map((r) => r.code)).toEqual(["guest-module-import-outside-pack"]);
  });

  test("keeps unused files younger than the minimum age, and removes nothing on a dry run", async () => {
    const root = tmp();
    const cacheDir = tmp();
    packWith(root, "hello ");
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    packWith(root, "hey ");
    const second = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    const before = entryFiles(cacheDir);

    const young = await pruneCache(cacheDir, second.catalog);
    expect(young.removedFiles).toBe(0);
    expect(young.youngFiles).toBe(2);
    expect(entryFiles(cacheDir)).toEqual(before);

    ageEverything(cacheDir);
    const dry = await pruneCache(cacheDir, second.catalog, { dryRun: true });
    expect(dry.removedFiles).toBe(2);
    expect(entryFiles(cacheDir)).toEqual(before);
  });
});
