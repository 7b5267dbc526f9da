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
