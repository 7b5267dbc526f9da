// PACK_PROBE_MS bounds what one pack's probes may take in one compile: a pack of many modules that each spin to their
// CPU budget held a compile (and the home's lock) for hours. Past the budget the pack's other modules are refused
// unprobed (pack-probe-budget-exhausted), other packs are probed as usual, and the refusal is not cached. The probe
// reports what each probe took (spentMs); the fake probe here says each took 1,000 ms, so nothing depends on speed.

import path from "node:path";
import { describe, expect, test } from "vitest";
import { COMPILER_CODES, compile, compileWithSandbox, createSandboxProbe, type Probe } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";

function packs(spec: Record<string, number>): string {
  const root = tmp();
  for (const [name, count] of Object.entries(spec)) {
    const names = Array.from({ length: count }, (_, i) => `m${i}`);
    writeTree(path.join(root, name), {
      "package.json": JSON.stringify({
        name: `@t/${name}`,
        version: "1.0.0",
        capsule: { modules: Object.fromEntries(names.map((m) => [`./${m}`, { kind: "guest", source: `src/${m}.js` }])) },
      }),
      ...Object.fromEntries(names.map((m) => [`src/${m}.js`, `export const ${m} = 1;\n`])),
    });
  }
  return root;
}

function slowProbe(spentMs: number): { probe: Probe; calls: string[] } {
  const calls: string[] = [];
  const probe: Probe = async (_source, specifier) => {
    calls.push(specifier);
    return { ok: true, exports: ["x"], spentMs };
  };
  return { probe, calls };
}

describe("PACK_PROBE_MS", () => {
  test("a pack past its probe budget has its other modules refused unprobed; another pack is not charged", async () => {
    const root = packs({ slow: 6, other: 2 });
    const { probe, calls } = slowProbe(1_000);
    const result = await compile({ roots: [root], cacheDir: tmp(), probe, concurrency: 1, limits: { PACK_PROBE_MS: 2_500 } });
    const slowProbed = calls.filter((s) => s.startsWith("@t/slow/"));
    expect(slowProbed).toHaveLength(3);
    const refused = result.catalog.refused.filter((m) => m.pack === "@t/slow");
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.code).toBe("pack-probe-budget-exhausted");
      expect(r.message).toContain("3000 ms");
      expect(r.message).toContain("PACK_PROBE_MS 2500 ms");
    }
    expect(result.catalog.modules.filter((m) => m.pack === "@t/other")).toHaveLength(2);
    const diagnostic = result.diagnostics.find((d) => d.code === "pack-probe-budget-exhausted")!;
    expect(COMPILER_CODES["pack-probe-budget-exhausted"].hint).toBeTypeOf("function");
    expect((COMPILER_CODES["pack-probe-budget-exhausted"].hint as (d: typeof diagnostic) => string)(diagnostic)).toContain("3000 ms");
  }, 60_000);

  test("the refusal is not cached: the next compile probes the modules left over, under a fresh budget", async () => {
    const root = packs({ slow: 4 });
    const cacheDir = tmp();
    const first = slowProbe(1_000);
    await compile({ roots: [root], cacheDir, probe: first.probe, concurrency: 1, limits: { PACK_PROBE_MS: 1_500 } });
    expect(first.calls).toHaveLength(2);
    const second = slowProbe(1_000);
    const again = await compile({ roots: [root], cacheDir, probe: second.probe, concurrency: 1, limits: { PACK_PROBE_MS: 1_500 } });
    expect(second.calls).toHaveLength(2);
    expect(second.calls.some((s) => first.calls.includes(s))).toBe(false);
    expect(again.catalog.modules).toHaveLength(4);
  }, 60_000);

  test("a probe that does not say what it took is charged the time the compile waited for it", async () => {
    const root = packs({ slow: 3 });
    const calls: string[] = [];
    const probe: Probe = async (_source, specifier) => {
      calls.push(specifier);
      await new Promise((r) => setTimeout(r, 30));
      return { ok: true, exports: ["x"] };
    };
    const result = await compile({ roots: [root], cacheDir: tmp(), probe, concurrency: 1, limits: { PACK_PROBE_MS: 1 } });
    expect(calls).toHaveLength(1);
    expect(result.catalog.refused.map((m) => m.code)).toEqual(["pack-probe-budget-exhausted", "pack-probe-budget-exhausted"]);
  }, 60_000);

  test("the real probe reports its run's time, so a pack of spinning modules stops after the budget", async () => {
    const root = tmp();
    const names = ["a", "b", "c"];
    writeTree(path.join(root, "spin"), {
      "package.json": JSON.stringify({
        name: "@t/spin",
        version: "1.0.0",
        capsule: { modules: Object.fromEntries(names.map((m) => [`./${m}`, { kind: "guest", source: `src/${m}.js`, budget: { cpuMs: 200 } }])) },
      }),
      ...Object.fromEntries(names.map((m) => [`src/${m}.js`, `let i = 0; while (true) i++;\nexport const x = i;\n`])),
    });
    const result = await compileWithSandbox({ roots: [root], cacheDir: tmp(), concurrency: 1, limits: { PACK_PROBE_MS: 150 } });
    const codes = result.catalog.refused.map((m) => m.code).sort();
    expect(codes).toEqual(["npm-module-probe-cpu-exhausted", "pack-probe-budget-exhausted", "pack-probe-budget-exhausted"]);
  }, 120_000);

  test("the real probe says what its own run took, admitted or refused (a queued probe is not charged its wait)", async () => {
    const { probe, close } = createSandboxProbe();
    try {
      const [loaded, threw] = await Promise.all([probe("export const a = 1;", "@t/ok"), probe("throw new Error('no');", "@t/throws")]);
      expect(loaded).toMatchObject({ ok: true, spentMs: expect.any(Number) });
      expect(threw).toMatchObject({ ok: false, spentMs: expect.any(Number) });
    } finally {
      await close();
    }
  }, 60_000);
});
