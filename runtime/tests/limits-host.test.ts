import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const echo = { echo: { back: (v: unknown) => v, slow: (v: unknown) => new Promise((r) => setTimeout(() => r(v), 20)) } };

describe("host calls per run", () => {
  it("ends the run with E_HOST_CALL_LIMIT past hostCalls, even if the guest catches", async () => {
    const calls: number[] = [];
    const error = await errorOf(sandbox, {
      source: "for (let i = 0; i < 10; i++) { try { await echo.back(i) } catch {} } return 'finished'",
      limits: { hostCalls: 3 },
      hostFunctions: { echo: { back: (v: number) => { calls.push(v); return v; } } },
    });
    expect(error.code).toBe("E_HOST_CALL_LIMIT");
    expect(calls).toEqual([0, 1, 2]);
  });

  it("allows exactly hostCalls calls", async () => {
    const result = await sandbox.run({ source: "for (let i = 0; i < 3; i++) await echo.back(i); return 'ok'", limits: { hostCalls: 3 }, hostFunctions: echo });
    expect(result.ok && result.value).toBe("ok");
    expect(result.stats.hostCalls).toBe(3);
  });
});

describe("host calls in flight", () => {
  it("ends the run with E_HOST_CALLS_IN_FLIGHT past hostCallsInFlight", async () => {
    const error = await errorOf(sandbox, { source: "await Promise.all([1, 2, 3].map((n) => echo.slow(n)))", limits: { hostCallsInFlight: 2 }, hostFunctions: echo });
    expect(error.code).toBe("E_HOST_CALLS_IN_FLIGHT");
  });

  it("allows hostCallsInFlight concurrent calls, and more in sequence", async () => {
    expect(await valueOf(sandbox, { source: "const a = await Promise.all([1, 2].map((n) => echo.slow(n))); const b = await Promise.all([3, 4].map((n) => echo.slow(n))); return [...a, ...b]", limits: { hostCallsInFlight: 2 }, hostFunctions: echo })).toEqual([1, 2, 3, 4]);
  });
});

describe("host call data", () => {
  it("refuses arguments over hostDataBytes before calling the host", async () => {
    let called = false;
    const error = await errorOf(sandbox, { source: "await s.take('x'.repeat(5000))", limits: { hostDataBytes: 2048 }, hostFunctions: { s: { take: () => { called = true; } } } });
    expect(error.code).toBe("E_HOST_DATA_TOO_LARGE");
    expect(called).toBe(false);
  });

  it("refuses a host result over hostDataBytes", async () => {
    const error = await errorOf(sandbox, { source: "await s.give()", limits: { hostDataBytes: 2048 }, hostFunctions: { s: { give: () => new Uint8Array(5000) } } });
    expect(error.code).toBe("E_HOST_DATA_TOO_LARGE");
  });

  it("passes data just under hostDataBytes both ways", async () => {
    expect(await valueOf(sandbox, { source: "return (await echo.back('x'.repeat(1500))).length", limits: { hostDataBytes: 2048 }, hostFunctions: echo })).toBe(1500);
  });
});
