import { describe, expect, it } from "vitest";
import { describeHostFunction } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("CPU time", () => {
  it("ends a busy loop with E_CPU_TIME", async () => {
    const result = await sandbox.run({ source: "while (true) {}", limits: { cpuMs: 50, wallMs: 5_000 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("E_CPU_TIME");
    expect(result.stats.cpuMs).toBeGreaterThanOrEqual(50);
  });

  it("cannot be caught by the guest", async () => {
    const error = await errorOf(sandbox, { source: "for (;;) { try { while (true) {} } catch (e) {} }", limits: { cpuMs: 50 } });
    expect(error.code).toBe("E_CPU_TIME");
  });

  it("lets work under the limit finish", async () => {
    expect(await valueOf(sandbox, { source: "let s = 0; for (let i = 0; i < 100000; i++) s += i; return s", limits: { cpuMs: 2_000 } })).toBe(4999950000);
  });

  it("does not count time spent awaiting host calls", async () => {
    const result = await sandbox.run({
      source: "await slow.wait(); await slow.wait(); return 'done'",
      // Twice the CPU budget spent awaiting: the run still finishes.
      limits: { cpuMs: 100, wallMs: 20_000 },
      hostFunctions: { slow: { wait: () => new Promise((r) => setTimeout(r, 100)) } },
    });
    expect(result.ok && result.value).toBe("done");
    expect(result.stats.wallMs).toBeGreaterThanOrEqual(200);
  });
});

describe("wall clock", () => {
  it("ends a run awaiting a host call that never answers", async () => {
    const error = await errorOf(sandbox, { source: "await never.answer(); return 1", limits: { wallMs: 200 }, hostFunctions: { never: { answer: () => new Promise(() => {}) } } });
    expect(error.code).toBe("E_WALL_TIME");
  });

  it("ends a busy guest whose CPU limit is higher than its wall clock", async () => {
    const error = await errorOf(sandbox, { source: "while (true) {}", limits: { cpuMs: 10_000, wallMs: 150 } });
    expect(error.code).toBe("E_WALL_TIME");
  });

  it("terminates a guest stuck in native code, and the pool keeps working", async () => {
    // The host call proves the guest has started (a stop before that finds the run queued, E_WALL_TIME).
    const error = await errorOf(sandbox, { source: "await app.ping(); return Array(2 ** 32 - 1).includes(1)", hostFunctions: { app: { ping: () => 1 } }, limits: { cpuMs: 20_000, wallMs: 2_000 } });
    expect(error.code).toBe("E_STUCK");
    expect(await valueOf(sandbox, "return 'alive'")).toBe("alive");
  });

  it("drops a host answer that arrives after the run ended", async () => {
    let resolveLate: (v: unknown) => void = () => {};
    const error = await errorOf(sandbox, { source: "await late.get()", limits: { wallMs: 100 }, hostFunctions: { late: { get: () => new Promise((r) => { resolveLate = r; }) } } });
    expect(error.code).toBe("E_WALL_TIME");
    resolveLate({ big: "x".repeat(1000) });
    await new Promise((r) => setTimeout(r, 50));
    expect(await valueOf(sandbox, "return 2")).toBe(2);
  });
});

describe("host functions that pause the wall clock", () => {
  const wait = (ms: number) => () => new Promise((r) => setTimeout(() => r("answered"), ms));

  it("let a declared long wait finish past wallMs, and end an undeclared one at wallMs", async () => {
    const long = describeHostFunction(wait(600), { pausesWallClockMs: 60_000 });
    expect(await valueOf(sandbox, { source: "return await person.approve()", limits: { wallMs: 300 }, hostFunctions: { person: { approve: long } } })).toBe("answered");
    expect((await errorOf(sandbox, { source: "return await person.approve()", limits: { wallMs: 300 }, hostFunctions: { person: { approve: wait(60_000) } } })).code).toBe("E_WALL_TIME");
  });

  it("bound the pause by the function's own limit: the call then fails in the guest", async () => {
    const slow = describeHostFunction(wait(60_000), { pausesWallClockMs: 50 });
    const value = await valueOf(sandbox, { source: "try { await person.approve() } catch (e) { return e.message }", limits: { wallMs: 30_000 }, hostFunctions: { person: { approve: slow } } });
    expect(value).toMatch(/^E_HOST_WAIT_TIME: person\.approve did not answer within the 50 ms/);
  });
});
