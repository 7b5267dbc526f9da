// formatObservation: what a model reads back from a run — stable, explicit about what JSON cannot say, honest about
// what it cut.
import { describe, expect, it } from "vitest";
import { formatObservation, renderValue } from "../src/index.js";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox();

describe("renderValue", () => {
  it("shows plain data as JSON and everything else as what it is", () => {
    expect(renderValue({ a: [1, "x", null, true] })).toBe('{"a": [1, "x", null, true]}');
    expect(JSON.parse(renderValue({ list: Array.from({ length: 30 }, (_, i) => ({ i })) }))).toEqual({ list: Array.from({ length: 30 }, (_, i) => ({ i })) });
    expect(renderValue([new Map([["k", 1]]), new Set([2]), new Date(0), new TypeError("bad"), undefined, 10n, -0, NaN, -Infinity, new Uint8Array([1, 2]), new ArrayBuffer(4), /a+/g])).toBe(
      "[\n  Map(1) {\"k\" => 1},\n  Set(1) {2},\n  Date(1970-01-01T00:00:00.000Z),\n  TypeError: bad,\n  undefined,\n  10n,\n  -0,\n  NaN,\n  -Infinity,\n  Uint8Array(2) [1, 2],\n  ArrayBuffer(4),\n  /a+/g\n]",
    );
  });
});

describe("formatObservation", () => {
  it("gives the console, a summary with the host calls by name, and the value", async () => {
    const result = await sandbox.run({
      source: "console.log('looking up'); console.warn('slow'); const u = await users.find(7); await users.find(8); return { name: u.name, at: new Date(0) }",
      hostFunctions: { users: { find: (id: number) => ({ id, name: "Ada" }) } },
    });
    const text = formatObservation(result);
    expect(text).toMatch(/^console \(2 lines\):\nlooking up\n\[warn\] slow\nok \(\d+ ms, cpu \d+ ms, 2 host calls: users\.find ×2\)\nvalue:\n\{"name": "Ada", "at": Date\(1970-01-01T00:00:00\.000Z\)\}$/);
  });

  it("gives an error's code, name, message and stack, with a recursion's repeated frames collapsed", async () => {
    const result = await sandbox.run({ source: "function f(n) { return f(n + 1) + 1 }\nreturn f(0)", filename: "deep.js" });
    const text = formatObservation(result);
    expect(text).toMatch(/^error E_STACK_OVERFLOW RangeError: /);
    expect(text).toMatch(/ {4}at f \(deep\.js:1:\d+\)\n {4}at f \(deep\.js:1:\d+\)\n {4}at f \(deep\.js:1:\d+\)\n {4}… [\d,]+ more calls of f\n {4}at program \(deep\.js:2:\d+\)/);
    expect(text.split("\n").length).toBeLessThan(10);
  });

  it("cuts a big value and a long console to maxChars, saying what it cut", async () => {
    const result = await sandbox.run("for (let i = 0; i < 500; i++) console.log('line ' + i); return 'x'.repeat(1_000_000)");
    const text = formatObservation(result, { maxChars: 2_000 });
    expect(text.length).toBeLessThanOrEqual(2_000);
    expect(text).toMatch(/… \[console truncated: showed [\d,]+ of [\d,]+ characters\]/);
    expect(text).toMatch(/… \[value truncated: showed [\d,]+ of 1,000,002 characters\]/);
  });

  it("renders a huge structure only as far as it shows: the rest is counted, not rendered", () => {
    const rows = Array.from({ length: 2_000_000 }, (_, i) => ({ id: i, tags: ["a", "b"] }));
    const result = { ok: true as const, value: { rows, index: new Map([[1, "one"]]) }, logs: [], stats: { wallMs: 1, cpuMs: 1, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false }, warnings: [] };
    const text = formatObservation(result, { maxChars: 2_000 });
    expect(text.length).toBeLessThanOrEqual(2_000);
    expect(text).toContain('"id": 0');
    expect(text).toMatch(/… \[value truncated: showed [\d,]+ of more than [\d,]+ characters\]$/);
    // Small values are whole, and say nothing about cutting.
    expect(formatObservation({ ...result, value: { a: [1, 2, 3], s: new Set(["x"]) } })).toMatch(/value:\n\{"a": \[1, 2, 3\], "s": Set\(1\) \{"x"\}\}$/);
  });
});
