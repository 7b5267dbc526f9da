import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });

describe("signal cancels a run promptly", () => {
  it("before it starts", async () => {
    const result = await sandbox.run({ source: "return 1", signal: AbortSignal.abort() });
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
  });

  it("while the guest computes", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    // Limits far away: only the signal can end this run with E_CANCELLED.
    const result = await sandbox.run({ source: "while (true) {}", signal: controller.signal, limits: { cpuMs: 20_000, wallMs: 30_000 } });
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
  });

  it("while the guest awaits a host call, dropping the late answer", async () => {
    const controller = new AbortController();
    let answer: (v: unknown) => void = () => {};
    const pending = sandbox.run({ source: "return await svc.wait()", signal: controller.signal, hostFunctions: { svc: { wait: () => new Promise((r) => { answer = r; }) } } });
    setTimeout(() => controller.abort(), 30);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
    answer("too late");
    expect(await valueOf(sandbox, "return 'next'")).toBe("next");
  });

  it("while stuck in native code, by replacing the worker", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await sandbox.run({ source: "return Array(2 ** 32 - 1).includes(1)", signal: controller.signal, limits: { cpuMs: 20_000, wallMs: 30_000 } });
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
    expect(await valueOf(sandbox, "return 'replaced'")).toBe("replaced");
  });
});

describe("a run still waiting for a free worker", () => {
  // One worker, kept busy by a guest computing until its own (generous) wall clock.
  const busy = () => sandbox.run({ source: "const end = Date.now() + 1e9; while (true) {}", limits: { cpuMs: 1_500, wallMs: 3_000 } });

  it("is cancelled by its signal without a worker being terminated, and says so", async () => {
    const ahead = busy();
    const controller = new AbortController();
    const queued = sandbox.run({ source: "return 1", signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const result = await queued;
    expect(!result.ok && result.error).toMatchObject({ code: "E_CANCELLED", message: expect.stringContaining("while it waited for a free worker") });
    expect((await ahead).ok).toBe(false);
  });

  it("ends with E_WALL_TIME (not E_STUCK) when its wall clock runs out in the queue", async () => {
    const ahead = busy();
    const result = await sandbox.run({ source: "return 1", limits: { wallMs: 300 } });
    expect(!result.ok && result.error).toMatchObject({ code: "E_WALL_TIME", message: expect.stringContaining("waiting for a free worker") });
    expect((await ahead).ok).toBe(false);
    expect(await valueOf(sandbox, "return 'next'")).toBe("next");
  });
});
