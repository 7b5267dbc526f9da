// Thrown values that fight back: reading what a guest threw runs guest code (getters on message, name and stack, a
// toJSON on a thrown object), so it is charged to the guest's CPU and stopped at its limit like the guest's own work,
// and the text kept of it is bounded (src/errors.ts ERROR_TEXT_MAX). Before, a message getter that looped
// ran unmetered until the wall clock and the run ended as E_GUEST_ERROR with an empty message; a thrown 5 MB string
// became a 5 MB error message.
import { describe, expect, it } from "vitest";
import { ERROR_TEXT_MAX as GUEST_ERROR_TEXT_MAX } from "../src/errors.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
// A CPU limit far below the wall limit: a run stopped by its CPU limit cannot be mistaken for one stopped by the wall.
const limits = { cpuMs: 300, wallMs: 20_000 };

describe("reading what the guest threw", () => {
  it.each([
    ["a message getter", "const e = new Error('m'); Object.defineProperty(e, 'message', { get() { for (;;); } }); throw e"],
    ["a name getter", "const e = new Error('m'); Object.defineProperty(e, 'name', { get() { for (;;); } }); throw e"],
    ["a stack getter", "const e = new Error('m'); Object.defineProperty(e, 'stack', { get() { for (;;); } }); throw e"],
    ["a thrown object's toJSON", "throw { toJSON() { for (;;); } }"],
    ["a getter that catches the interrupt", "const e = new Error('m'); Object.defineProperty(e, 'message', { get() { for (;;) { try { for (;;); } catch {} } } }); throw e"],
    ["a rejection's message getter", "const e = new Error('m'); Object.defineProperty(e, 'message', { get() { for (;;); } }); await Promise.reject(e)"],
  ])("stops %s at the CPU limit", async (_, source) => {
    const error = await errorOf(sandbox, { source, limits });
    expect(error.code).toBe("E_CPU_TIME");
  });

  it.each([
    ["a thrown string", "throw 'x'.repeat(5e6)"],
    ["an Error's message", "throw new Error('y'.repeat(1e6))"],
    ["an Error's name", "const e = new Error('m'); e.name = 'N'.repeat(1e6); throw e"],
  ])("bounds the text of %s", async (_, source) => {
    const error = await errorOf(sandbox, { source, limits: { cpuMs: 10_000, wallMs: 60_000 } });
    expect(error.code).toBe("E_GUEST_ERROR");
    expect(error.message.length + (error.name?.length ?? 0)).toBeLessThan(2 * GUEST_ERROR_TEXT_MAX + 200);
    expect(error.message.length + (error.name?.length ?? 0)).toBeGreaterThan(100);
  });

  it("bounds a stack by its frames: the first 4,000 and the last 1,000, each line at most ~1,000 characters", async () => {
    const lines = await errorOf(sandbox, { source: "const e = new Error('m'); e.stack = '    at f (x.js:1:1)\\n'.repeat(20000) + '    at program (x.js:2:1)'; throw e", limits: { cpuMs: 10_000, wallMs: 60_000 } });
    const frames = lines.guestStack!.split("\n");
    expect(frames.length).toBe(5001);
    expect(frames[4000]).toBe("    … 15001 frames left out");
    expect(frames.at(-1)).toBe("    at program (x.js:2:1)");
    const wide = await errorOf(sandbox, { source: "const e = new Error('m'); e.stack = 'x'.repeat(5e6); throw e", limits: { cpuMs: 10_000, wallMs: 60_000 } });
    expect(wide.guestStack!.length).toBeLessThan(1100);
  });

  it("keeps a long message's head and says how much was left out", async () => {
    const error = await errorOf(sandbox, { source: "throw new Error('ab'.repeat(20000))", limits });
    expect(error.message.startsWith("abab")).toBe(true);
    expect(error.message).toMatch(/… \(\d+ more characters\)$/);
  });

  it("quotes a huge import specifier by its head", async () => {
    const error = await errorOf(sandbox, { source: `import a from "${"a".repeat(1e6)}!"; return a`, limits });
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message.length).toBeLessThan(1000);
    expect(error.message).toMatch(/^cannot import "a{200}… \(999801 more characters\)"/);
  });

  it("leaves the next run unharmed", async () => {
    await errorOf(sandbox, { source: "const e = new Error('m'); Object.defineProperty(e, 'message', { get() { for (;;); } }); throw e", limits });
    expect(await valueOf(sandbox, "return 1 + 1")).toBe(2);
  });
});
