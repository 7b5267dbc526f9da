import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1, workerFile: new URL("./fixtures/crashing-worker.mjs", import.meta.url).href });

describe("a worker that dies", () => {
  it("fails only its run with E_WORKER_CRASHED, and the pool replaces it", async () => {
    const [crashed, ...others] = await Promise.all([
      sandbox.run({ source: "return '__crash_worker__'" }),
      sandbox.run({ source: "return 'queued behind the crash'" }),
      sandbox.run({ source: "return 'and another'" }),
    ]);
    expect(!crashed.ok && crashed.error.code).toBe("E_WORKER_CRASHED");
    expect(!crashed.ok && crashed.error.message).not.toMatch(/\/work\/|node_modules/);
    expect(others.map((r) => r.ok && r.value)).toEqual(["queued behind the crash", "and another"]);
    expect(await valueOf(sandbox, "return 'next run succeeds'")).toBe("next run succeeds");
  });

  it("recovers again after repeated crashes", async () => {
    for (let i = 0; i < 3; i++) {
      const result = await sandbox.run({ source: "return '__crash_worker__'" });
      expect(!result.ok && result.error.code).toBe("E_WORKER_CRASHED");
      expect(await valueOf(sandbox, `return ${i}`)).toBe(i);
    }
  });
});
