// formatObservation holds to its bound whatever the guest made: a value deeper than the renderer's walk, an error
// whose stack is thousands of distinct long frames, a huge message, console text with terminal escapes. The text is
// never longer than maxChars, says what it cut, and writes no control character a terminal would act on.
import { describe, expect, it } from "vitest";
import { formatObservation, type RunResult } from "../src/index.js";
import { MAX_DEPTH } from "../src/observation.js";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox();
const run = (source: string) => sandbox.run({ source, limits: { cpuMs: 20_000, wallMs: 60_000 } }) as Promise<RunResult>;

describe("formatObservation's bound", () => {
  it("renders a value deeper than its walk to MAX_DEPTH levels, without a host error", async () => {
    for (const depth of [MAX_DEPTH + 1, 3_000, 9_000]) {
      const result = await run(`let v = 1; for (let i = 0; i < ${depth}; i++) v = i % 2 ? [v] : { v }; return v`);
      expect(result.ok).toBe(true);
      expect(formatObservation(result, { maxChars: 2_000 }).length).toBeLessThanOrEqual(2_000);
      expect(formatObservation(result, { maxChars: 200_000 })).toContain(`[… nested deeper than ${MAX_DEPTH} levels]`);
    }
  });

  it("cuts an error's stack of distinct long frames and its long message, keeping the first and last frames", async () => {
    const result = await run(`
      const fns = [];
      for (let i = 0; i < 300; i++) { const name = "f" + i + "_".repeat(200); fns.push({ [name]: (k) => (k === 0 ? (() => { throw new Error("m".repeat(50000)) })() : fns[k - 1](k - 1)) }[name]); }
      fns[299](299);`);
    expect(!result.ok && result.error.guestStack!.length).toBeGreaterThan(20_000);
    for (const maxChars of [200, 2_000, 20_000]) {
      const text = formatObservation(result, { maxChars });
      expect(text.length, String(maxChars)).toBeLessThanOrEqual(maxChars);
    }
    const text = formatObservation(result, { maxChars: 20_000 });
    expect(text).toMatch(/error message truncated/);
    expect(text).toMatch(/… [\d,]+ frames cut/);
    expect(text).toMatch(/at f0_/);
    expect(text).toMatch(/\(\d+ ms, cpu \d+ ms\)$/m);
  });

  it("holds a console of many long lines with a value to the bound", async () => {
    const result = await run(`for (let i = 0; i < 500; i++) console.log("x".repeat(900) + i); return "y".repeat(100000)`);
    for (const maxChars of [200, 1_000, 8_000]) expect(formatObservation(result, { maxChars }).length).toBeLessThanOrEqual(maxChars);
  });

  it("writes control characters from the guest as escapes", async () => {
    const result = await run(`console.log("\\u001b[2K\\u001b]0;title\\u0007 \\u009b31m ok\\tdone"); throw new Error("bad\\u001b[1m")`);
    const text = formatObservation(result);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain("\\u001b[2K\\u001b]0;title\\u0007 \\u009b31m ok\tdone");
    expect(text).toContain("bad\\u001b[1m");
  });
});
