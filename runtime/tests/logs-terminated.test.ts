// A run whose worker the host had to terminate (a guest that never reached its interrupt handler, or absorbed it)
// still reports the console lines it printed before: they were written to shared memory as they were kept
// (src/log-area.ts), not only carried in the worker's answer that never came. Lines past the area's room are counted
// in a note; one run's lines never appear in another's.
import { describe, expect, it } from "vitest";
import { LOG_AREA_BYTES } from "../src/log-area.js";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const LIMITS = { cpuMs: 300, wallMs: 25_000 };
const PRINT = "console.log('before', 1); console.warn('second line'); console.error('é ☃ \\u{1F600}');";
const PRINTED = [
  { level: "log", message: "before 1" },
  { level: "warn", message: "second line" },
  { level: "error", message: "é ☃ \u{1F600}" },
];

describe("console lines of a run whose worker was terminated", () => {
  it.each([
    ["a recursion that catches its stack overflow", "function f() { try { f() } catch { f() } } f();"],
    ["a join over a billion holes", "return new Array(1e9).join('x').length"],
    ["a sort of a huge sparse array", "const a = []; a[2 ** 32 - 2] = 1; a.sort(); return 1"],
  ])("are kept when the CPU watchdog stops %s", async (_label, source) => {
    const result = await sandbox.run({ source: `${PRINT}\n${source}`, limits: LIMITS });
    expect(!result.ok && result.error.code).toBe("E_CPU_TIME");
    expect(result.logs).toEqual(PRINTED);
  });

  it("are kept when a cancel finds the guest stuck", async () => {
    const controller = new AbortController();
    // Cancelled once the guest has its answer and recurses (were it slower to start, the cancel stops it at its
    // interrupt handler instead and the lines come in its answer: the same lines either way).
    const app = { ready: async () => void setTimeout(() => controller.abort(), 100) };
    const source = `${PRINT}\nawait app.ready();\nfunction f() { try { f() } catch { f() } } f();`;
    const result = await sandbox.run({ source, hostFunctions: { app }, limits: { cpuMs: 60_000, wallMs: 60_000 }, signal: controller.signal });
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
    expect(result.logs).toEqual(PRINTED);
  });

  it("end with a note counting the lines that did not fit, and keep the console's own truncation", async () => {
    const line = "x".repeat(1000);
    const count = Math.ceil(LOG_AREA_BYTES / 2 / line.length) + 10;
    const source = `for (let i = 0; i < ${count}; i++) console.log(${JSON.stringify(line)}); function f() { try { f() } catch { f() } } f();`;
    const result = await sandbox.run({ source, limits: { ...LIMITS, logBytes: 16 * 1024 * 1024, logLines: 100_000 } });
    expect(!result.ok && result.error.code).toBe("E_CPU_TIME");
    const kept = result.logs.slice(0, -1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((entry) => entry.message === line)).toBe(true);
    expect(result.logs.at(-1)!.message).toContain(`${count - kept.length} more console lines were lost`);
    expect(result.stats.logsTruncated).toBe(false);

    const cut = await sandbox.run({ source: "for (let i = 0; i < 5; i++) console.log(i); function f() { try { f() } catch { f() } } f();", limits: { ...LIMITS, logLines: 2 } });
    expect(cut.logs.map((entry) => entry.message.slice(0, 10))).toEqual(["0", "1", "[capsule] "]);
    expect(cut.stats.logsTruncated).toBe(true);
  });

  it("never carry one run's lines into another's", async () => {
    for (let i = 0; i < 3; i++) {
      const stuck = await sandbox.run({ source: `console.log('stuck ${i}'); function f() { try { f() } catch { f() } } f();`, limits: LIMITS });
      expect(stuck.logs).toEqual([{ level: "log", message: `stuck ${i}` }]);
      const plain = await sandbox.run(`console.log('plain ${i}'); return ${i}`);
      expect(plain.logs).toEqual([{ level: "log", message: `plain ${i}` }]);
      const quiet = await sandbox.run({ source: "function f() { try { f() } catch { f() } } f();", limits: LIMITS });
      expect(!quiet.ok && quiet.error.code).toBe("E_CPU_TIME");
      expect(quiet.logs).toEqual([]);
    }
  });
});
