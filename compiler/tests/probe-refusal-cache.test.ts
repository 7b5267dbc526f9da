// A probe's refusal is cached like an admission: under the module's key, so a warm compile serves it without probing
// (stats.probeCalls counts the calls; the fake probe below counts them too), and a change to the module (a new key)
// probes it again. Only the refusals the probe vouches for (ProbeResult.cacheable) are cached: a timeout or a crashed
// worker is the machine's doing and is probed again every compile. The real probe marks a throw at load cacheable.

import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, compileWithSandbox, type CompileResult, type Probe } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";

function pack(modules: Record<string, string>): { root: string; file(name: string): string } {
  const root = tmp();
  writeTree(path.join(root, "p"), {
    "package.json": JSON.stringify({
      name: "@t/cached",
      version: "1.0.0",
      capsule: { modules: Object.fromEntries(Object.keys(modules).map((m) => [`./${m}`, { kind: "guest", source: `src/${m}.js` }])) },
    }),
    ...Object.fromEntries(Object.entries(modules).map(([m, body]) => [`src/${m}.js`, body])),
  });
  return { root, file: (name) => path.join(root, "p", "src", `${name}.js`) };
}

const refusalOf = (r: CompileResult, specifier: string) => r.catalog.refused.find((m) => m.specifier === specifier);

/** A probe that refuses sources containing REFUSE (cacheable) or FLAKY (not), admits the rest, and counts its calls. */
function countingProbe(): { probe: Probe; calls: string[] } {
  const calls: string[] = [];
  const probe: Probe = async (source, specifier) => {
    calls.push(specifier);
    if (source.includes("REFUSE")) return { ok: false, message: "E_GUEST_ERROR: Error: REFUSE", cacheable: true };
    if (source.includes("FLAKY")) return { ok: false, message: "E_WALL_TIME: the run exceeded its wall-clock limit" };
    return { ok: true, exports: ["default"] };
  };
  return { probe, calls };
}

describe("refusals from the probe are cached like admissions", () => {
  test("a cacheable refusal is served from the cache, a change to the module probes it again, a non-cacheable one is always retried", async () => {
    const { root, file } = pack({
      ok: `export default 1;\n`,
      refused: `export default "REFUSE";\n`,
      flaky: `export default "FLAKY";\n`,
    });
    const cacheDir = tmp();
    const { probe, calls } = countingProbe();
    const first = await compile({ roots: [root], cacheDir, probe });
    expect(calls.sort()).toEqual(["@t/cached/flaky", "@t/cached/ok", "@t/cached/refused"]);
    expect(first.stats.probeCalls).toBe(3);
    expect(refusalOf(first, "@t/cached/refused")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("REFUSE") });

    calls.length = 0;
    const warm = await compile({ roots: [root], cacheDir, probe });
    // Only the refusal that says nothing about the module is probed again.
    expect(calls).toEqual(["@t/cached/flaky"]);
    expect(warm.stats).toMatchObject({ probeCalls: 1, bundlerCalls: 0 });
    expect(refusalOf(warm, "@t/cached/refused")).toEqual(refusalOf(first, "@t/cached/refused"));
    expect(warm.diagnostics.filter((d) => d.code === "npm-module-probe-failed").map((d) => d.specifier).sort()).toEqual(["@t/cached/flaky", "@t/cached/refused"]);

    // Changing the module changes its key: it is bundled and probed again, and now admitted.
    writeFileSync(file("refused"), `export default "fixed";\n`);
    calls.length = 0;
    const changed = await compile({ roots: [root], cacheDir, probe });
    expect(calls.sort()).toEqual(["@t/cached/flaky", "@t/cached/refused"]);
    expect(refusalOf(changed, "@t/cached/refused")).toBeUndefined();
    expect(changed.catalog.modules.map((m) => m.specifier)).toContain("@t/cached/refused");

    // Reverting it finds the cached refusal again, without a probe (the key is the content's).
    writeFileSync(file("refused"), `export default "REFUSE";\n`);
    calls.length = 0;
    const reverted = await compile({ roots: [root], cacheDir, probe });
    expect(calls).toEqual(["@t/cached/flaky"]);
    expect(refusalOf(reverted, "@t/cached/refused")).toMatchObject({ code: "npm-module-probe-failed" });

    // force re-probes everything, the cached refusal included.
    calls.length = 0;
    await compile({ roots: [root], cacheDir, probe, force: true });
    expect(calls.sort()).toEqual(["@t/cached/flaky", "@t/cached/ok", "@t/cached/refused"]);
  }, 60_000);

  test("the real probe's refusal of a module that throws at load is cached, and invalidated when the module changes", async () => {
    const { root, file } = pack({ throws: `export const a = 1;\nthrow new RangeError("refusing to load: " + a);\n`, fine: `export const twice = (n) => n * 2;\n` });
    const cacheDir = tmp();
    const first = await compileWithSandbox({ roots: [root], cacheDir });
    expect(first.stats.probeCalls).toBe(2);
    expect(refusalOf(first, "@t/cached/throws")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("RangeError: refusing to load: 1") });

    const warm = await compileWithSandbox({ roots: [root], cacheDir });
    expect(warm.stats).toMatchObject({ probeCalls: 0, bundlerCalls: 0 });
    expect(refusalOf(warm, "@t/cached/throws")).toEqual(refusalOf(first, "@t/cached/throws"));

    writeFileSync(file("throws"), `throw new RangeError("still refusing");\n`);
    const changed = await compileWithSandbox({ roots: [root], cacheDir });
    expect(changed.stats.probeCalls).toBe(1);
    expect(refusalOf(changed, "@t/cached/throws")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("still refusing") });
  }, 120_000);
});
