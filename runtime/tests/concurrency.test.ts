import { describe, expect, it } from "vitest";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 2 });

describe("concurrent runs", () => {
  it("return 100 correct, unmixed results with their own host calls and logs", async () => {
    const runs = Array.from({ length: 100 }, (_, i) =>
      sandbox.run({
        source: `console.log("run ${i}"); const v = await ctx.id(); const r = Math.random(); await ctx.id(); return { i: ${i}, v, r, now: Date.now() }`,
        seed: i,
        now: i * 1000,
        hostFunctions: { ctx: { id: () => new Promise((resolve) => setTimeout(() => resolve(i), (i * 7) % 13)) } },
      }),
    );
    const results = await Promise.all(runs);
    results.forEach((result, i) => {
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.value).toMatchObject({ i, v: i, now: i * 1000 });
      expect(result.logs).toEqual([{ level: "log", message: `run ${i}` }]);
      expect(result.stats.hostCalls).toBe(2);
    });
    const again = await sandbox.run({ source: "return Math.random()", seed: 5 });
    const fifth = results[5];
    expect(again.ok && fifth.ok && (fifth.value as { r: number }).r).toBe(again.ok && again.value);
  });

  it("keeps one run's failure from touching the others", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sandbox.run({ source: i % 4 === 0 ? "while (true) {}" : `return ${i}`, limits: { cpuMs: 30 } })),
    );
    results.forEach((result, i) => {
      if (i % 4 === 0) expect(!result.ok && result.error.code).toBe("E_CPU_TIME");
      else expect(result.ok && result.value).toBe(i);
    });
  });
});
