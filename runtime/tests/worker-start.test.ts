// A new sandbox's first worker starting (a thread, the engine, the template: seconds on a loaded machine) is not the
// run's time: the first run's wall clock starts once a worker is ready. Time queued behind other runs still counts.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";

const slowStart = new URL("./fixtures/slow-start-worker.mjs", import.meta.url).href;

describe("the wall clock and a starting worker", () => {
  const sandbox = createSandbox({ maxWorkers: 1, workerFile: slowStart });
  afterAll(() => sandbox.close());

  it("does not count the pool's first worker starting (6 s) against a 3 s wall clock", async () => {
    const result = await sandbox.run({ source: "return 1 + 1", limits: { wallMs: 3_000 } });
    expect(result.ok && result.value).toBe(2);
  }, 120_000);

  it("still counts time queued behind another run once the worker is up", async () => {
    const busy = sandbox.run({ source: "let i = 0; while (true) i++;", limits: { cpuMs: 10_000, wallMs: 60_000 } });
    const queued = await sandbox.run({ source: "return 1", limits: { wallMs: 300 } });
    expect(!queued.ok && queued.error.code).toBe("E_WALL_TIME");
    expect(!queued.ok && queued.error.message).toMatch(/waiting for a free worker/);
    expect((await busy).ok).toBe(false);
  }, 120_000);
});

describe("the wall clock and a lone worker's replacement", () => {
  const starts = join(mkdtempSync(join(tmpdir(), "capsule-replacement-")), "starts");
  writeFileSync(starts, "");
  process.env.CAPSULE_TEST_STARTS = starts;
  const sandbox = createSandbox({ maxWorkers: 1, workerFile: new URL("./fixtures/slow-replacement-worker.mjs", import.meta.url).href });
  afterAll(() => sandbox.close());

  it("does not count the replacement of a terminated worker (6 s) against the next run's 3 s wall clock", async () => {
    expect((await sandbox.run({ source: "return 1" })).ok).toBe(true);
    // A guest stuck in native code past its wall clock: its worker is terminated and replaced.
    const stuck = await sandbox.run({ source: "const a = []; a[2 ** 32 - 2] = 1; a.sort(); return 1", limits: { wallMs: 500, cpuMs: 60_000 } });
    expect(stuck.ok).toBe(false);
    expect(["E_STUCK", "E_CPU_TIME"]).toContain(!stuck.ok && stuck.error.code);
    const next = await sandbox.run({ source: "return 2", limits: { wallMs: 3_000 } });
    expect(next.ok && next.value, JSON.stringify(!next.ok && next.error)).toBe(2);
    expect(readFileSync(starts, "utf8").split("\n").filter(Boolean).length).toBe(2);
  }, 120_000);
});
