// compile(): the catalog, refusals as named skips that never stop the rest, host/wasm pass-through,
// progress events, the probe power, warm compiles that run neither the bundler nor the probe, pointer
// invalidation, and force.

import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, type CompileProgress, type Probe } from "../src/index.js";
import { boomProbe, copyRoot, failingProbe, metafileProbe, ROOTS, spyBundler, tmp, writeTree } from "./helpers.js";

function countingProbe(inner: Probe = metafileProbe): Probe & { calls: string[] } {
  const calls: string[] = [];
  const p = (async (source: string, specifier: string) => {
    calls.push(specifier);
    return inner(source, specifier);
  }) as Probe & { calls: string[] };
  p.calls = calls;
  return p;
}

/** The main fixtures without the two modules whose refusals are never cached (unresolved imports). */
function cacheableRoot(): string {
  const root = copyRoot("main");
  const pj = path.join(root, "refusals/package.json");
  const pkg = JSON.parse(readFileSync(pj, "utf8"));
  delete pkg.capsule.modules["./unresolved"];
  delete pkg.capsule.modules["./absent"];
  writeFileSync(pj, JSON.stringify(pkg));
  return root;
}

describe("the catalog", () => {
  test("compiled modules, pending host/wasm declarations and refusals, each sorted", async () => {
    const cacheDir = tmp();
    const { catalog, diagnostics } = await compile({ roots: [path.join(ROOTS, "main")], cacheDir, probe: boomProbe });
    expect(catalog.version).toBe(1);
    expect(catalog.modules.map((m) => m.specifier)).toEqual(["@fx/good", "@fx/good/guarded", "@fx/good/text", "@fx/good/walker", "@fx/refusals/debug", "@fx/refusals/fine"]);
    for (const m of catalog.modules) {
      expect(m).toMatchObject({ kind: "guest", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(m.sourcePath.startsWith(path.join(cacheDir, "entries"))).toBe(true);
      expect(readFileSync(m.sourcePath).length).toBe(m.size);
    }
    expect(catalog.modules[0]).toMatchObject({
      pack: "@fx/good",
      version: "1.2.3",
      exports: ["default"],
      summary: "Deep equality, tree walking and text helpers for guests.",
    });
    expect(catalog.pending).toEqual([
      expect.objectContaining({ specifier: "@fx/good/csv", kind: "host", status: "pending", declaration: { kind: "host", host: "capsule.csv" } }),
      expect.objectContaining({ specifier: "@fx/good/hash", kind: "wasm", status: "pending", file: expect.stringMatching(/wasm\/hash\.wasm$/) }),
    ]);
    expect(Object.fromEntries(catalog.refused.map((r) => [r.specifier, r.code]))).toEqual({
      "@fx/refusals/absent": "npm-module-unresolved",
      "@fx/refusals/boom": "npm-module-probe-failed",
      "@fx/refusals/builtin": "npm-module-builtin-import",
      "@fx/refusals/dynamic": "npm-module-dynamic-import",
      "@fx/refusals/forbidden": "npm-module-forbidden-global",
      "@fx/refusals/outside": "guest-module-import-outside-pack",
      "@fx/refusals/unresolved": "npm-module-unresolved",
    });
    // warnings travel with the module that caused them
    const guarded = diagnostics.filter((d) => d.specifier === "@fx/good/guarded");
    expect(new Set(guarded.map((d) => d.code))).toEqual(new Set(["forbidden-global-guarded"]));
    expect(guarded[0]!.origin?.file).toBe("node_modules/guarded-lib/index.js");
  });

  test("forbidden globals are reported at their original file, line and column", async () => {
    const { diagnostics } = await compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: metafileProbe });
    const ds = diagnostics
      .filter((d) => d.specifier === "@fx/refusals/forbidden" && d.code.includes("forbidden-global"))
      .sort((a, b) => a.origin!.line - b.origin!.line);
    expect(ds.map((d) => [d.code, d.details?.name, d.origin])).toEqual([
      ["npm-module-forbidden-global", "process", { file: "node_modules/forbidden-lib/index.js", line: 2, column: 21 }],
      // only inside a function nothing calls at load: a warning since scan rules v2
      ["forbidden-global-deferred", "setTimeout", { file: "node_modules/forbidden-lib/index.js", line: 3, column: 29 }],
      // code generation stays refused inside a function
      ["npm-module-forbidden-global", "Function", { file: "node_modules/forbidden-lib/index.js", line: 4, column: 37 }],
    ]);
  });

  test("refused packs are listed per declared module", async () => {
    const { catalog } = await compile({ roots: [path.join(ROOTS, "invalid")], cacheDir: tmp(), probe: metafileProbe });
    expect(catalog.modules.map((m) => m.specifier)).toEqual(["@fx/scoped-ok"]);
    const codes = Object.fromEntries(catalog.refused.map((r) => [r.specifier, r.code]));
    expect(codes).toMatchObject({
      "@fx/bad-schema/x": "manifest-invalid",
      "@fx/duplicate/a": "manifest-duplicate-module",
      "@fx/escape": "manifest-path-escape",
      "@fx/missing-file": "pack-file-missing",
    });
    expect(Object.keys(codes).some((s) => s.endsWith("bad-json"))).toBe(true);
  });

  test("bad options are diagnostics, not throws", async () => {
    const r = await compile({ roots: [ROOTS], cacheDir: tmp(), probe: metafileProbe, concurrency: 0, limits: { MODULE_OUTPUT_MAX_BYTES: -1 } });
    expect(r.catalog.modules).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["options-invalid", "options-invalid"]);
  });
});

describe("refusals are named skips", () => {
  test("a refusal does not stop the rest, even when the bundler or the probe throws", async () => {
    const root = tmp();
    writeTree(path.join(root, "p"), {
      "package.json": JSON.stringify({
        name: "@t/mixed",
        version: "1.0.0",
        capsule: { modules: { "./a": { kind: "guest", source: "a.js" }, "./b": { kind: "guest", source: "b.js" }, "./c": { kind: "guest", source: "c.js" }, "./d": { kind: "guest", source: "d.js" } } },
      }),
      "a.js": "export const a = 1;",
      "b.js": "export const b = 1;",
      "c.js": "export const c = ;",
      "d.js": "export const d = 1;",
    });
    const bundler = spyBundler();
    const exploding = { version: bundler.version, build: (o: Parameters<typeof bundler.build>[0]) => (String(o.entryPoints).endsWith("a.js") ? Promise.reject(new Error("bundler crashed")) : bundler.build(o)) };
    const probe: Probe = async (source, specifier) => {
      if (specifier.endsWith("/b")) throw new Error("guest exploded");
      return metafileProbe(source, specifier);
    };
    const r = await compile({ roots: [root], cacheDir: tmp(), probe, bundler: exploding });
    expect(r.catalog.modules.map((m) => [m.specifier, m.exports])).toEqual([["@t/mixed/d", ["d"]]]);
    expect(r.catalog.refused.map((x) => [x.specifier, x.code, x.message.slice(0, 40)])).toEqual([
      ["@t/mixed/a", "npm-module-build-failed", "esbuild failed: bundler crashed"],
      ["@t/mixed/b", "npm-module-probe-failed", "loading the module in a fresh guest fail"],
      ["@t/mixed/c", "npm-module-build-failed", "esbuild: Unexpected \";\" (c.js:1:18)"],
    ]);
    expect(r.catalog.refused[1]!.message).toContain("guest exploded");
  });

  test("a failing probe refuses the module with the guest's message", async () => {
    const r = await compile({ roots: [path.join(ROOTS, "shadow-a")], cacheDir: tmp(), probe: failingProbe });
    expect(r.catalog.refused).toEqual([
      { specifier: "@fx/shadow", pack: "@fx/shadow", code: "npm-module-probe-failed", message: expect.stringContaining("SyntaxError: unexpected token in guest") },
    ]);
  });

  test("a probe that never answers times out", async () => {
    const r = await compile({
      roots: [path.join(ROOTS, "shadow-a")],
      cacheDir: tmp(),
      probe: () => new Promise(() => undefined),
      limits: { PROBE_TIMEOUT_MS: 50 },
    });
    expect(r.catalog.refused[0]).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("timed out after 50 ms") });
  });
});

describe("progress", () => {
  test("start with the total, one event per guest module, then end", async () => {
    const events: CompileProgress[] = [];
    await compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: boomProbe, onProgress: (e) => events.push(e) });
    expect(events[0]).toEqual({ type: "start", total: 13 });
    const modules = events.filter((e) => e.type === "module");
    expect(modules).toHaveLength(13);
    expect(modules.map((e) => e.done)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(modules.filter((e) => e.status === "skipped").every((e) => typeof e.code === "string")).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "end", compiled: 6, cached: 0, skipped: 7 });
  });

  test("a throwing progress callback does not break the compile", async () => {
    const r = await compile({ roots: [path.join(ROOTS, "shadow-a")], cacheDir: tmp(), probe: metafileProbe, onProgress: () => { throw new Error("ui bug"); } });
    expect(r.catalog.modules).toHaveLength(1);
  });
});

describe("warm compiles", () => {
  test("run neither the bundler nor the probe, and return the same catalog", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    const cold = { bundler: spyBundler(), probe: countingProbe(boomProbe) };
    const first = await compile({ roots: [root], cacheDir, ...cold });
    expect(cold.bundler.calls).toBeGreaterThan(0);
    expect(cold.probe.calls.length).toBeGreaterThan(0);

    const warm = { bundler: spyBundler(), probe: countingProbe(boomProbe) };
    const events: CompileProgress[] = [];
    const second = await compile({ roots: [root], cacheDir, ...warm, onProgress: (e) => events.push(e) });
    expect(warm.bundler.calls).toBe(0);
    // the only probe call is the one module whose probe failed last time (probe failures are not cached)
    expect(warm.probe.calls).toEqual(["@fx/refusals/boom"]);
    expect(second.catalog).toEqual(first.catalog);
    expect(second.stats).toMatchObject({ compiled: 0, cached: 6, bundlerCalls: 0 });
    expect(events.filter((e) => e.type === "module" && e.status === "cached")).toHaveLength(6);
    // cached refusals keep their diagnostics
    expect(second.diagnostics.filter((d) => d.severity === "error").map((d) => d.code).sort()).toEqual(
      first.diagnostics.filter((d) => d.severity === "error").map((d) => d.code).sort(),
    );
  });

  test("a pack folder that moved (same files elsewhere) is bundled again but not re-probed: the entry under its key is reused", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    const moved = path.join(tmp(), "moved");
    cpSync(root, moved, { recursive: true });
    const again = { bundler: spyBundler(), probe: countingProbe(boomProbe) };
    const r = await compile({ roots: [moved], cacheDir, ...again });
    expect(again.bundler.calls).toBeGreaterThan(0);
    expect(again.probe.calls).toEqual([]);
    expect(r.stats.compiled).toBe(0);
  });

  test("unresolved imports are retried every time (they depend on files outside the recorded inputs)", async () => {
    const cacheDir = tmp();
    await compile({ roots: [path.join(ROOTS, "main")], cacheDir, probe: boomProbe });
    const bundler = spyBundler();
    await compile({ roots: [path.join(ROOTS, "main")], cacheDir, probe: boomProbe, bundler });
    expect(bundler.calls).toBe(2);
  });

  test("a changed input rebuilds only the module that read it", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    writeFileSync(path.join(root, "good/src/util.js"), `export const upper = (s) => String(s).toUpperCase() + "?";\nexport const lower = (s) => s;`);
    const bundler = spyBundler();
    const r = await compile({ roots: [root], cacheDir, probe: metafileProbe, bundler });
    expect(bundler.calls).toBe(1);
    expect(r.stats.compiled).toBe(1);
    expect(readFileSync(r.catalog.modules.find((m) => m.specifier === "@fx/good/text")!.sourcePath, "utf8")).toContain('"?"');
  });

  test("a vanished input rebuilds (and here refuses) the module", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    rmSync(path.join(root, "good/src/util.js"));
    const r = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(r.catalog.refused.find((x) => x.specifier === "@fx/good/text")?.code).toBe("npm-module-unresolved");
  });

  test("a closer copy of a dependency appearing later is picked up (recorded absence)", async () => {
    const root = copyRoot("hoisted");
    const packs = path.join(root, "packs");
    const cacheDir = tmp();
    const first = await compile({ roots: [packs], cacheDir, probe: metafileProbe });
    writeTree(path.join(packs, "hoisted-pack/node_modules/hoisted-dep"), {
      "package.json": JSON.stringify({ name: "hoisted-dep", version: "2.0.0", main: "index.js" }),
      "index.js": `module.exports = { where: "closer" };`,
    });
    const bundler = spyBundler();
    const second = await compile({ roots: [packs], cacheDir, probe: metafileProbe, bundler });
    expect(bundler.calls).toBe(1);
    expect(second.catalog.modules[0]!.sha256).not.toBe(first.catalog.modules[0]!.sha256);
    expect(readFileSync(second.catalog.modules[0]!.sourcePath, "utf8")).toContain("closer");
  });

  test("reverting a change reuses the earlier entry without bundling", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    const util = path.join(root, "good/src/util.js");
    const original = readFileSync(util, "utf8");
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    writeFileSync(util, `${original}\nexport const extra = 1;`);
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    writeFileSync(util, original);
    const bundler = spyBundler();
    const r = await compile({ roots: [root], cacheDir, probe: metafileProbe, bundler });
    expect(bundler.calls).toBe(0);
    expect(r.stats.cached).toBe(7);
  });

  test("force recompiles and re-probes everything", async () => {
    const root = cacheableRoot();
    const cacheDir = tmp();
    await compile({ roots: [root], cacheDir, probe: metafileProbe });
    const bundler = spyBundler();
    const probe = countingProbe();
    const r = await compile({ roots: [root], cacheDir, probe, bundler, force: true });
    expect(bundler.calls).toBeGreaterThanOrEqual(r.stats.modules);
    expect(probe.calls).toHaveLength(7);
    expect(r.stats).toMatchObject({ compiled: 7, cached: 0 });
  });

  test("a cache folder that cannot be written refuses modules with cache-write-failed", async () => {
    const cacheDir = path.join(tmp(), "file-not-dir");
    writeFileSync(cacheDir, "x");
    const r = await compile({ roots: [path.join(ROOTS, "shadow-a")], cacheDir, probe: metafileProbe });
    expect(r.catalog.refused.map((x) => x.code)).toEqual(["cache-write-failed"]);
  });
});
