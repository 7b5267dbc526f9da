// A guest string the engine has no memory to flatten (a rope of 2^24+ characters built by doubling, which costs the
// guest almost nothing until something reads it) cannot be read by the host. console.log of one read the engine's
// memory from address 0 — its static data, the prelude's source, other strings — into the line the guest got back.
// Now the run ends E_MEMORY and no line of such memory is logged.
import { describe, expect, it } from "vitest";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const limits = { memoryBytes: 1024 * 1024, logBytes: 16 * 1024 * 1024, cpuMs: 20_000, wallMs: 60_000 };

describe("a string the engine cannot flatten", () => {
  for (const bits of [24, 25, 26]) {
    it(`logged (2^${bits} characters) ends the run out of memory and logs nothing that is not the guest's`, async () => {
      const result = await sandbox.run({ source: `let s = "x"; for (let i = 0; i < ${bits}; i++) s += s; console.log(s); return 1;`, limits });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe("E_MEMORY");
      for (const line of result.logs) expect(line.message.replace(/x/g, "").slice(0, 200)).toBe("");
    }, 120_000);
  }

  it("leaves the next run on the same worker whole", async () => {
    expect(await sandbox.run({ source: 'console.log("after"); return 2;' })).toMatchObject({ ok: true, value: 2, logs: [{ message: "after" }] });
  });
});
