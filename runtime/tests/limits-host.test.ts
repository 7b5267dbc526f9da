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

describe("host calls in flight and queued", () => {
  it("sends at most hostCallsInFlight at once and queues the rest, so Promise.all over 200 calls works", async () => {
    let now = 0;
    let most = 0;
    const tool = async (n: number) => {
      most = Math.max(most, ++now);
      await new Promise((r) => setImmediate(r));
      now--;
      return n * 2;
    };
    const value = await valueOf(sandbox, {
      source: "const out = await Promise.all(Array.from({ length: 200 }, (_, i) => app.tool(i))); return out.reduce((a, b) => a + b, 0)",
      limits: { hostCallsInFlight: 8 },
      hostFunctions: { app: { tool } },
    });
    expect(value).toBe(39800);
    expect(most).toBe(8);
  });

  it("ends the run with E_HOST_CALLS_IN_FLIGHT past hostCallsQueued, on both sides of it", async () => {
    const source = "await Promise.all([1, 2, 3, 4].map((n) => echo.slow(n))); return 'all'";
    expect(await valueOf(sandbox, { source, limits: { hostCallsInFlight: 2, hostCallsQueued: 2 }, hostFunctions: echo })).toBe("all");
    expect((await errorOf(sandbox, { source, limits: { hostCallsInFlight: 2, hostCallsQueued: 1 }, hostFunctions: echo })).code).toBe("E_HOST_CALLS_IN_FLIGHT");
  });
});

describe("host call data awaiting answers", () => {
  // Encoded arguments are copies outside the guest's memory: without this bound, 2,000 queued calls of one 4 MB string
  // took a worker to its V8 heap limit (E_WORKER_CRASHED at 4.3 GB).
  const source = (n: number) => `const s = 'x'.repeat(300000); await Promise.all(Array.from({ length: ${n} }, () => echo.slow(s))); return 'all'`;

  it("ends the run with E_HOST_CALLS_IN_FLIGHT once the waiting calls' arguments pass hostCallsQueuedBytes", async () => {
    const error = await errorOf(sandbox, { source: source(10), limits: { hostCallsQueuedBytes: 1024 * 1024 }, hostFunctions: echo });
    expect(error.code).toBe("E_HOST_CALLS_IN_FLIGHT");
    expect(error.message).toMatch(/limits\.hostCallsQueuedBytes/);
  });

  it("lets as many through as fit, and always one call alone", async () => {
    expect(await valueOf(sandbox, { source: source(3), limits: { hostCallsQueuedBytes: 1024 * 1024 }, hostFunctions: echo })).toBe("all");
    expect(await valueOf(sandbox, { source: source(1), limits: { hostCallsQueuedBytes: 1024 }, hostFunctions: echo })).toBe("all");
  });

  it("counts only calls still waiting: sequential calls never add up", async () => {
    const sequential = "const s = 'x'.repeat(300000); for (let i = 0; i < 10; i++) await echo.slow(s); return 'all'";
    expect(await valueOf(sandbox, { source: sequential, limits: { hostCallsQueuedBytes: 1024 * 1024 }, hostFunctions: echo })).toBe("all");
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
