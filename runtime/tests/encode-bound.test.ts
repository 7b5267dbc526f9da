// An encode is held to its byte bound while it walks, not after: a value that reuses one object at many places is
// written out at each (30 levels of { a: s, b: s } are 2^30 values), and its encode held the host's main thread for
// minutes before V8 gave up on the string. Host answers and a request's inputs are refused with E_HOST_DATA_TOO_LARGE
// once the walk has passed limits.hostDataBytes; a value within the bound is never refused by it. A tool's result is
// read by its output schema's check first, which copies it as JSON writes it: that read has the same bound.
import { describe, expect, it } from "vitest";
import { encodeValue, encodedSize } from "../src/codec.js";
import { useSandbox } from "./helpers.js";

const tool = (outputSchema: Record<string, unknown>, levels: number) => ({ description: "R.", inputSchema: {}, outputSchema, handler: () => reused(levels) });
const sandbox = useSandbox({
  tools: { "@t/r": { plain: tool({ type: "object" }, 40), patterned: tool({ type: "object", properties: { x: { type: "integer" } }, patternProperties: { "^z": {} } }, 40), small: tool({ type: "object" }, 8) } },
});
const reused = (levels: number): unknown => {
  let s: unknown = { x: 1, when: new Date(0) };
  for (let i = 0; i < levels; i++) s = { a: s, b: s };
  return s;
};
const limits = { hostDataBytes: 1024 * 1024 };

describe("an encode's bound", () => {
  it("stops a walk that passes it, plain JSON or not", () => {
    const plain = (() => {
      let s: unknown = [1];
      for (let i = 0; i < 40; i++) s = [s, s];
      return s;
    })();
    for (const value of [reused(40), plain]) expect(encodeValue(value, 1024 * 1024)).toMatchObject({ ok: false, tooLarge: true, message: "the value encodes to more than 1048576 bytes" });
  });

  it("never refuses a value whose encoding is within it", () => {
    const values = [reused(6), [undefined, 1n, new Map([[1, { a: [] }]]), "x".repeat(100)], { n: -0, list: Array.from({ length: 500 }, (_, i) => [i, `${i}`, null]) }, [[[[[]]]]], 0];
    for (const value of values) {
      const whole = encodeValue(value);
      expect(whole.ok).toBe(true);
      if (whole.ok) expect(encodeValue(value, encodedSize(whole.encoded))).toEqual(whole);
    }
  });

  it("refuses a host answer and a request's inputs past limits.hostDataBytes while walking them", async () => {
    const answer = await sandbox.run({ source: "return typeof (await h.g())", hostFunctions: { h: { g: () => reused(40) } }, limits });
    expect(answer.ok || [answer.error.code, answer.error.message]).toEqual(["E_HOST_DATA_TOO_LARGE", "h.g returned more than 1048576 bytes, over limits.hostDataBytes (1048576)"]);
    const inputs = await sandbox.run({ source: "return 1", inputs: reused(40), limits });
    expect(inputs.ok || [inputs.error.code, inputs.error.message]).toEqual(["E_HOST_DATA_TOO_LARGE", expect.stringMatching(/^request\.inputs encode to more than 1048576 bytes, over limits\.hostDataBytes/)]);
    expect((await sandbox.run({ source: "return (await h.g()).a.a.x", hostFunctions: { h: { g: () => reused(8) } }, limits })).ok).toBe(true);
  });

  it("bounds the read of a tool's result by its output schema's check, on the main thread or in the check's worker", async () => {
    for (const name of ["plain", "patterned"]) {
      const result = await sandbox.run({ source: `import { ${name} } from "@t/r"; try { await ${name}(); } catch (e) { return e.message }`, limits });
      expect(result.ok && result.value).toBe(`E_TOOL_OUTPUT_INVALID: @t/r ${name} returned a result that does not fit its output schema at /: the value holds more than 524288 values written out as JSON, too many to check (return less data)`);
    }
    expect((await sandbox.run({ source: 'import { small } from "@t/r"; return (await small()).b.a.x', limits })).ok).toBe(true);
  });
});
