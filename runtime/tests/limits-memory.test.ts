import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const MiB = 1024 * 1024;

describe("guest heap", () => {
  it("ends a run that outgrows memoryBytes with E_MEMORY", async () => {
    const error = await errorOf(sandbox, { source: "const keep = []; while (true) keep.push('x'.repeat(1e5) + keep.length)", limits: { memoryBytes: 8 * MiB } });
    expect(error.code).toBe("E_MEMORY");
  });

  it("lets an allocation under the limit succeed", async () => {
    expect(await valueOf(sandbox, { source: "const a = new Uint8Array(2 * 1024 * 1024); a[5] = 1; return a.length", limits: { memoryBytes: 8 * MiB } })).toBe(2 * MiB);
  });

  it("reports peak heap in stats, sampled while the guest runs", async () => {
    const small = await sandbox.run({ source: "return 1" });
    const kept = await sandbox.run({ source: "globalThis.keep = new Array(200000).fill(1); return keep.length" });
    // Several hundred ms of guest work: a generous CPU limit keeps a loaded machine from ending it early.
    const transient = await sandbox.run({ source: "let n = 0; for (let i = 0; i < 40; i++) { const a = new Array(100000).fill(i); for (let j = 0; j < 100000; j++) n += a[j]; } return n", limits: { cpuMs: 10_000, wallMs: 20_000 } });
    expect(small.stats.peakHeapBytes).toBeGreaterThan(0);
    expect(small.stats.peakHeapBytes).toBeLessThan(500_000);
    expect(kept.stats.peakHeapBytes).toBeGreaterThan(1_500_000);
    expect(transient.ok).toBe(true);
    expect(transient.stats.peakHeapBytes).toBeGreaterThan(700_000);
  });

  it("counts buffers and strings a run keeps, however quick the run", async () => {
    // QuickJS's per-kind census sizes leave out array buffers' bytes and strings held in values.
    const buffer = await sandbox.run({ source: "globalThis.keep = new Uint8Array(4 * 1024 * 1024); return 1" });
    const text = await sandbox.run({ source: "globalThis.keep = 'x'.repeat(3e6) + '!'; return 1" });
    expect(buffer.stats.peakHeapBytes).toBeGreaterThan(4 * MiB);
    expect(text.stats.peakHeapBytes).toBeGreaterThan(2.5 * MiB);
  });

  it("leaves the next run unharmed after an out-of-memory run", async () => {
    await errorOf(sandbox, { source: "const s = []; for (;;) s.push(new Array(1e5).fill(0))", limits: { memoryBytes: 4 * MiB } });
    expect(await valueOf(sandbox, "return [1, 2, 3].map((n) => n * 2)")).toEqual([2, 4, 6]);
  });
});

describe("an allocation the memory cannot hold", () => {
  // One allocation bigger than the whole limit was refused by QuickJS's own limit before any memory was asked for: a
  // catchable RangeError the run never saw. Past 2 GiB the glue refuses before it calls grow() (growth-watch.ts).
  it.each([
    ["an ArrayBuffer of 512 MiB", "new ArrayBuffer(2 ** 29)"],
    ["a typed array of 100 MB", "new Uint8Array(1e8)"],
    ["a string of 256 Mi characters", "'x'.repeat(2 ** 28)"],
    ["an array of 20 million numbers", "new Array(2e7).fill(1)"],
    ["an ArrayBuffer past 2 GiB of memory", "new ArrayBuffer(2 ** 31 - 1)"],
    ["a two-byte string of 2 GiB", "'\\u1234'.repeat(2 ** 30 - 1)"],
  ])("ends the run with E_MEMORY even when the guest catches it: %s", async (_, allocation) => {
    for (const source of [
      `try { ${allocation} } catch (e) { return 'caught ' + e }`,
      `const f = async () => ${allocation}; try { await f() } catch { } return 'caught in an async function'`,
      `return await Promise.resolve().then(() => ${allocation}).catch(() => 'caught in a job')`,
      // A later allocation that grows the memory does not make the failed one good.
      `try { ${allocation} } catch { } globalThis.keep = new Uint8Array(24 * 1024 * 1024); return 'grew after'`,
    ]) {
      expect((await errorOf(sandbox, source)).code).toBe("E_MEMORY");
    }
    expect(await valueOf(sandbox, "return new Array(1000).fill(2).length")).toBe(1000);
  });

  it("reports a RangeError the guest threw with that message as the guest's own", async () => {
    const error = await errorOf(sandbox, "throw new RangeError('the quota service said: out of memory')");
    expect([error.code, error.name]).toEqual(["E_GUEST_ERROR", "RangeError"]);
  });
});

describe("stack depth", () => {
  it("ends the run with E_STACK_OVERFLOW when JSON.parse overflows it (a SyntaxError in QuickJS)", async () => {
    expect((await errorOf(sandbox, "return JSON.parse('['.repeat(1e6) + ']'.repeat(1e6))")).code).toBe("E_STACK_OVERFLOW");
  });

  it("gives the guest a catchable RangeError", async () => {
    expect(await valueOf(sandbox, "function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { return [e instanceof RangeError, e.name, /stack/.test(e.message)] }")).toEqual([true, "RangeError", true]);
  });

  it("ends the run with E_STACK_OVERFLOW when uncaught", async () => {
    const error = await errorOf(sandbox, "function f(n) { return f(n + 1) + 1 } return f(0)");
    expect(error.code).toBe("E_STACK_OVERFLOW");
    expect(error.name).toBe("RangeError");
  });

  it("follows a run's own stackBytes on both sides of it", async () => {
    // About 370 frames of this function fit in 64 KiB and about 2,900 in 512 KiB.
    const deep = "function f(n) { return n === 0 ? 0 : f(n - 1) + 1 } return f(1500)";
    expect(await valueOf(sandbox, { source: deep, limits: { stackBytes: 512 * 1024 } })).toBe(1500);
    expect((await errorOf(sandbox, { source: deep, limits: { stackBytes: 64 * 1024 } })).code).toBe("E_STACK_OVERFLOW");
  });

  it("lets recursion under the limit finish", async () => {
    expect(await valueOf(sandbox, "function f(n) { return n === 0 ? 0 : f(n - 1) + 1 } return f(1000)")).toBe(1000);
  });

  it.each([
    ["JSON.parse of deep nesting", "JSON.parse('['.repeat(1e5))"],
    ["JSON.stringify of deep nesting", "let a = []; for (let i = 0; i < 1e5; i++) a = [a]; JSON.stringify(a)"],
    ["Array.prototype.join of deep nesting", "let a = []; for (let i = 0; i < 1e5; i++) a = [a]; a.join()"],
    ["a deeply nested regexp", "new RegExp('('.repeat(5e4) + ')'.repeat(5e4)).test('x')"],
    ["a backtracking regexp over a long input", "/(?:a|b)*c/.test('ab'.repeat(1e5))"],
  ])("survives native recursion: %s", async (_label, code) => {
    // Each either finishes, throws a catchable error, or is stopped by a time limit: never a host crash.
    const result = await sandbox.run({ source: `try { ${code}; return 'finished' } catch (e) { return e.name }`, limits: { stackBytes: 1024 * 1024, cpuMs: 500, wallMs: 1_000 } });
    if (result.ok) expect(["RangeError", "SyntaxError", "finished"]).toContain(result.value);
    else expect(["E_CPU_TIME", "E_WALL_TIME", "E_STUCK"]).toContain(result.error.code);
    expect(await valueOf(sandbox, "return 'next run fine'")).toBe("next run fine");
  });
});
