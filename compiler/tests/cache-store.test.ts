// The entry store: entries verified on every read, corrupt ones evicted, reported and rebuilt; atomic
// writes that leave no temp files and never a torn file.

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { writeFileAtomic } from "../src/fsutil.js";
import { compile, type CompileResult } from "../src/index.js";
import { metafileProbe, ROOTS, spyBundler, tmp } from "./helpers.js";

const root = path.join(ROOTS, "main");
const entryOf = (r: CompileResult, specifier: string) => r.catalog.modules.find((m) => m.specifier === specifier)!;

async function warmCache() {
  const cacheDir = tmp();
  const first = await compile({ roots: [root], cacheDir, probe: metafileProbe });
  return { cacheDir, first };
}

describe("corrupt entries are evicted and rebuilt", () => {
  test.each([
    ["a tampered .js", (js: string) => writeFileSync(js, `${readFileSync(js, "utf8")};globalThis.pwned=1`)],
    ["a .js of the same length but other bytes", (js: string) => writeFileSync(js, readFileSync(js, "utf8").replace(/[a-z]/, "Z"))],
    ["a missing .js", (js: string) => rmSync(js)],
    ["unparsable metadata", (js: string) => writeFileSync(js.replace(/\.js$/, ".json"), "{ not json")],
    ["metadata for another key", (js: string) => {
      const meta = js.replace(/\.js$/, ".json");
      writeFileSync(meta, JSON.stringify({ ...JSON.parse(readFileSync(meta, "utf8")), key: "0".repeat(64) }));
    }],
  ])("%s", async (_, corrupt) => {
    const { cacheDir, first } = await warmCache();
    const before = entryOf(first, "@fx/good/walker");
    corrupt(before.sourcePath);
    const bundler = spyBundler();
    const second = await compile({ roots: [root], cacheDir, probe: metafileProbe, bundler });
    expect(bundler.calls).toBe(2 + 2); // the rebuilt module (ESM without a default: two builds) + the two never-cached unresolved ones
    expect(second.diagnostics.filter((d) => d.code === "cache-entry-corrupt")).toEqual([
      expect.objectContaining({ severity: "warning", specifier: "@fx/good/walker" }),
    ]);
    const after = entryOf(second, "@fx/good/walker");
    expect(after.sha256).toBe(before.sha256);
    expect(readFileSync(after.sourcePath, "utf8")).not.toContain("pwned");
    const third = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(third.diagnostics.filter((d) => d.code === "cache-entry-corrupt")).toEqual([]);
  });

  test("a corrupt cached refusal is rebuilt too", async () => {
    const { cacheDir } = await warmCache();
    const entries = path.join(cacheDir, "entries");
    const refusals = readdirSync(entries)
      .filter((f) => f.endsWith(".json"))
      .filter((f) => JSON.parse(readFileSync(path.join(entries, f), "utf8")).status === "refused");
    // Five refused modules in roots/main, one of them admitted by the probe (its only refusal a deferred global).
    expect(refusals.length).toBe(4);
    for (const f of refusals) writeFileSync(path.join(entries, f), "garbage");
    const r = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(r.diagnostics.filter((d) => d.code === "cache-entry-corrupt")).toHaveLength(4);
    expect(r.catalog.refused.map((x) => x.code)).toContain("npm-module-forbidden-global");
  });

  test("a cached entry is never served without verification: the served file hashes to the catalog digest", async () => {
    const { cacheDir } = await warmCache();
    const r = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    const { createHash } = await import("node:crypto");
    for (const m of r.catalog.modules) {
      expect(createHash("sha256").update(readFileSync(m.sourcePath)).digest("hex")).toBe(m.sha256);
    }
  });
});

describe("atomic writes", () => {
  test("readers racing writers only ever see complete versions, and no temp files remain", async () => {
    const dir = tmp();
    const file = path.join(dir, "entry.js");
    const bodies = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(2, "0")}:${"x".repeat(1_000_000)}`);
    await writeFileAtomic(file, bodies[0]!);
    const { readFile } = await import("node:fs/promises");
    const seen = new Set<string>();
    let writing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const text = await readFile(file, "utf8");
        seen.add(bodies.includes(text) ? "complete" : `torn:${text.length}`);
      }
    });
    for (const b of bodies.slice(1)) await Promise.all([writeFileAtomic(file, b), writeFileAtomic(file, b)]);
    writing = false;
    await Promise.all(readers);
    expect([...seen]).toEqual(["complete"]);
    expect(readFileSync(file, "utf8")).toBe(bodies.at(-1));
    expect(readdirSync(dir)).toEqual(["entry.js"]);
  });

  test("a failed write removes its temp file and leaves the old file intact", async () => {
    const dir = tmp();
    const file = path.join(dir, "entry.js");
    await writeFileAtomic(file, "old");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.join(dir, "blocker"));
    await expect(writeFileAtomic(path.join(dir, "blocker"), "new")).rejects.toThrow();
    expect(readFileSync(file, "utf8")).toBe("old");
    expect(readdirSync(dir).sort()).toEqual(["blocker", "entry.js"]);
    expect(existsSync(path.join(dir, "blocker"))).toBe(true);
  });
});
