import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("result size", () => {
  it("refuses a result over resultBytes with E_RESULT_TOO_LARGE", async () => {
    const error = await errorOf(sandbox, { source: "return 'x'.repeat(2000)", limits: { resultBytes: 1000 } });
    expect(error.code).toBe("E_RESULT_TOO_LARGE");
    expect(error.message).toMatch(/\d+ bytes/);
  });

  it("counts bytes in the sidecar too", async () => {
    const error = await errorOf(sandbox, { source: "return new Uint8Array(5000)", limits: { resultBytes: 1000 } });
    expect(error.code).toBe("E_RESULT_TOO_LARGE");
  });

  // A hole or undefined is a 15-byte tag, and an array's JSON at least two bytes an element: a result that cannot fit
  // stops while it is encoded, instead of spending the run's CPU (seconds per million holes) and ending E_CPU_TIME.
  for (const [what, source] of [
    ["ten million holes", "return new Array(1e7)"],
    ["ten million holes, nested", "return { rows: [1, new Array(1e7)] }"],
    ["a length of 1e8", "const a = []; a.length = 1e8; return a"],
    ["undefineds", "const a = []; for (let i = 0; i < 5000; i++) a.push(undefined); return a"],
  ]) {
    it(`refuses ${what} as too large while encoding, within the CPU limit`, async () => {
      const error = await errorOf(sandbox, { source, limits: { resultBytes: 10_000 } });
      expect(error.code).toBe("E_RESULT_TOO_LARGE");
      expect(error.message).toContain("more than limits.resultBytes (10000 bytes); it was stopped while encoding");
    });
  }

  it("passes an array of holes that fits", async () => {
    expect(await valueOf(sandbox, { source: "return new Array(100)", limits: { resultBytes: 10_000 } })).toHaveLength(100);
  });

  it("passes a result just under the limit", async () => {
    expect(await valueOf(sandbox, { source: "return 'x'.repeat(900)", limits: { resultBytes: 1000 } })).toHaveLength(900);
  });
});

describe("console", () => {
  it("formats values like a terse util.inspect and keeps levels", async () => {
    const result = await sandbox.run({ source: "console.log('a', 1, { b: [1, 'two'], c: null }, undefined); console.warn(new Map([[1, 2]])); console.error(new Error('boom').message); console.info(-0, 5n, [1, [2, [3, [4, [5]]]]]); return 1" });
    expect(result.logs).toEqual([
      { level: "log", message: "a 1 { b: [ 1, \"two\" ], c: null } undefined" },
      { level: "warn", message: "Map(1) { 1 => 2 }" },
      { level: "error", message: "boom" },
      { level: "info", message: "-0 5n [ 1, [ 2, [ 3, [ 4, [Array] ] ] ] ]" },
    ]);
  });

  it("keeps logLines lines, then one truncation notice, and the run still succeeds", async () => {
    const result = await sandbox.run({ source: "for (let i = 0; i < 10; i++) console.log('line ' + i); return 'done'", limits: { logLines: 3 } });
    expect(result.ok && result.value).toBe("done");
    expect(result.logs.map((l) => l.message)).toEqual(["line 0", "line 1", "line 2", expect.stringMatching(/truncated.*limits\.logLines/)]);
    expect(result.stats.logsTruncated).toBe(true);
  });

  it("keeps logBytes bytes, then one truncation notice", async () => {
    const result = await sandbox.run({ source: "for (let i = 0; i < 10; i++) console.log('x'.repeat(100)); return 1", limits: { logBytes: 250 } });
    expect(result.logs).toHaveLength(3);
    expect(result.logs[2].message).toMatch(/truncated/);
  });

  it("keeps everything under the limits without a notice", async () => {
    const result = await sandbox.run({ source: "for (let i = 0; i < 3; i++) console.log(i); return 1", limits: { logLines: 3 } });
    expect(result.logs.map((l) => l.message)).toEqual(["0", "1", "2"]);
    expect(result.stats.logsTruncated).toBe(false);
  });

  it("returns the logs of a failed run", async () => {
    const result = await sandbox.run({ source: "console.log('before'); throw new Error('after')" });
    expect(result.ok).toBe(false);
    expect(result.logs).toEqual([{ level: "log", message: "before" }]);
  });
});
