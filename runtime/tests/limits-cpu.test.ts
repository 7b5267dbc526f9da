// CPU limits hold against every kind of guest, not only a plain loop: async functions that absorb the interrupt, a
// recursion that catches its stack overflow, a flood of promise jobs, and single long native operations all end with
// E_CPU_TIME at their CPU budget — not at the wall clock, which is set far away here so a missing protection fails.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const LIMITS = { cpuMs: 300, wallMs: 25_000 };

describe("the CPU limit", () => {
  it.each([
    ["a plain loop", "for (;;) {}"],
    ["async functions started in a loop, each looping forever", "for (let i = 0; i < 1e9; i++) (async () => { for (;;) {} })();"],
    ["async functions awaiting in a loop forever", "for (let i = 0; i < 1e5; i++) (async () => { for (;;) { await 0; } })();"],
    ["a recursion that catches its stack overflow and recurses again", "function f() { try { f() } catch { f() } } f();"],
    ["a flood of promise jobs", "function f() { Promise.resolve().then(f); Promise.resolve().then(f); } f(); await new Promise(() => {});"],
    ["a join over a billion holes", "return new Array(1e9).join('x').length"],
    ["a sort of a huge sparse array", "const a = []; a[2 ** 32 - 2] = 1; a.sort(); return 1"],
    ["a deep JSON.stringify", "let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return JSON.stringify(o).length"],
  ])("ends %s with E_CPU_TIME, reporting the CPU it spent", async (_label, source) => {
    const result = await sandbox.run({ source, limits: LIMITS });
    expect(!result.ok && result.error.code).toBe("E_CPU_TIME");
    // Also when the host's watchdog had to terminate the worker, whose own figures went with it.
    expect(result.stats.cpuMs).toBeGreaterThanOrEqual(LIMITS.cpuMs);
    expect((await sandbox.run("return 'next'")).ok).toBe(true);
  });
});

describe("the CPU limit while the run's modules load", () => {
  // The module set is evaluated into a template before the run starts (preloaded): its budget is the run's cpuMs
  // (plus what its modules declare: limits-module-load.test.ts), and a module that spends it ends the run with
  // E_CPU_TIME — not with the engine's "interrupted" rethrown as the guest's own error (which the compiler's probe
  // could not tell from a module that throws).
  it("ends a run whose imported module loops at load with E_CPU_TIME, every time", async () => {
    const resolver = { resolve: (specifier: string) => (specifier === "@t/spins" ? { specifier, source: "let n = 0;\nfor (;;) n++;\nexport default n;\n" } : undefined) };
    const request = { source: 'import n from "@t/spins";\nreturn n;', resolver, limits: LIMITS };
    expect((await errorOf(sandbox, request)).code).toBe("E_CPU_TIME");
    expect((await errorOf(sandbox, request)).code).toBe("E_CPU_TIME");
    expect((await sandbox.run("return 'next'")).ok).toBe(true);
  });
});

describe("running out of memory", () => {
  it.each([
    ["many small allocations", "const a = []; for (let i = 0; i < 1e7; i++) a.push([]); return a.length"],
    ["many small allocations, the error caught", "const a = []; try { for (let i = 0; i < 1e7; i++) a.push([]); } catch (e) { return 'caught ' + e } return a.length"],
    ["a promise-job flood", "function f() { Promise.resolve().then(f).then(f); } f(); await new Promise(() => {});"],
  ])("is E_MEMORY, never a catchable null or an engine fault: %s", async (_label, source) => {
    expect((await errorOf(sandbox, { source, limits: { memoryBytes: 16 * 1024 * 1024, cpuMs: 20_000, wallMs: 25_000 } })).code).toBe("E_MEMORY");
    expect((await sandbox.run("return 'next'")).ok).toBe(true);
  });

  it("is E_MEMORY when a host result is too big to build in the guest", async () => {
    const rows = () => Array.from({ length: 1_000_000 }, (_, i) => ({ i }));
    const error = await errorOf(sandbox, {
      source: "try { return (await app.rows()).length } catch (e) { return 'caught ' + e }",
      hostFunctions: { app: { rows } },
      limits: { memoryBytes: 16 * 1024 * 1024, hostDataBytes: 64 * 1024 * 1024, cpuMs: 20_000, wallMs: 25_000 },
    });
    expect(error.code).toBe("E_MEMORY");
  });
});
