// Closing a sandbox ends what it was running, with a code that says so, and refuses later runs.
import { describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";

describe("close()", () => {
  it("ends runs in flight and queued with E_CLOSED, and later runs too", async () => {
    const sandbox = createSandbox({ maxWorkers: 1 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const inFlight = sandbox.run({
      source: "await app.started(); for (;;) {}",
      hostFunctions: { app: { started: () => started() } },
      limits: { cpuMs: 60_000, wallMs: 120_000 },
    });
    const queued = sandbox.run({ source: "return 1", limits: { wallMs: 120_000 } });
    await running;
    await sandbox.close();
    const [a, b] = await Promise.all([inFlight, queued]);
    expect(!a.ok && a.error.code).toBe("E_CLOSED");
    expect(!b.ok && b.error.code).toBe("E_CLOSED");
    const later = await sandbox.run("return 1");
    expect(!later.ok && later.error.code).toBe("E_CLOSED");
  });
});
