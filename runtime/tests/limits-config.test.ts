import { describe, expect, it } from "vitest";
import { createSandbox, DEFAULT_LIMITS, LIMIT_CEILINGS } from "../src/index.js";
import { readFile } from "node:fs/promises";
import { LIMIT_CODES, LIMIT_ROWS, limitsTable } from "../src/limits.js";
import { errorOf, useSandbox } from "./helpers.js";

const sandbox = useSandbox();

describe("limit configuration", () => {
  it("is one row per limit, which the README's table shows exactly", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(limitsTable());
    for (const [name, row] of Object.entries(LIMIT_ROWS)) {
      expect(row.floor).toBeLessThanOrEqual(row.default);
      expect(DEFAULT_LIMITS[name as keyof typeof DEFAULT_LIMITS]).toBe(row.default);
      expect(LIMIT_CODES.has(row.code)).toBe(true);
    }
  });

  it("has a default at or under its ceiling for every limit", () => {
    for (const [name, value] of Object.entries(DEFAULT_LIMITS)) expect(value).toBeLessThanOrEqual(LIMIT_CEILINGS[name as keyof typeof LIMIT_CEILINGS]);
  });

  it.each([
    ["above its ceiling", { cpuMs: LIMIT_CEILINGS.cpuMs + 1 }],
    ["switched off with 0", { memoryBytes: 0 }],
    ["switched off with Infinity", { wallMs: Infinity }],
    ["negative", { hostCalls: -1 }],
    ["not an integer", { resultBytes: 1.5 }],
    ["not a number", { logLines: "10" as unknown as number }],
    ["unknown", { gpuMs: 5 } as never],
  ])("refuses a limit %s with E_BAD_LIMIT", async (_label, limits) => {
    const error = await errorOf(sandbox, { source: "return 1", limits });
    expect(error.code).toBe("E_BAD_LIMIT");
  });

  it("lets a caller raise a limit up to its ceiling", async () => {
    const result = await sandbox.run({ source: "return 1", limits: { wallMs: LIMIT_CEILINGS.wallMs, cpuMs: LIMIT_CEILINGS.cpuMs } });
    expect(result.ok).toBe(true);
  });

  it("applies sandbox-level defaults and lets a run tighten them", async () => {
    const strict = createSandbox({ maxWorkers: 1, limits: { cpuMs: 40 } });
    try {
      const loop = await strict.run({ source: "while (true) {}" });
      expect(!loop.ok && loop.error.code).toBe("E_CPU_TIME");
      expect(loop.stats.cpuMs).toBeLessThan(500);
    } finally {
      await strict.close();
    }
  });

  it("refuses invalid sandbox-level limits at creation", () => {
    expect(() => createSandbox({ limits: { stackBytes: 64 * 1024 * 1024 } })).toThrow(/E_BAD_LIMIT/);
  });
});
