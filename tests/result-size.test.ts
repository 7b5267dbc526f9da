// The host modules size their results in the runtime's own measure (what encodeValue produces, as encodedSize counts
// it): their estimates never fall short of it, so a result a module accepts is never E_HOST_DATA_TOO_LARGE at the
// runtime's default hostDataBytes (SHARED_LIMITS.outputBytes).
import { describe, expect, it } from "vitest";
import { encodeValue, encodedSize } from "../runtime/src/codec.js";
import { DEFAULT_LIMITS } from "../runtime/src/limits.js";
import { RESULT_FRAME_BYTES, cellSize, stringSize, tagKeyOverhead } from "../host-modules/src/output.js";
import { SHARED_LIMITS } from "../host-modules/src/limits.js";
// @ts-expect-error plain JavaScript module without declarations
import * as workerSizes from "../host-modules/src/result-size.mjs";

const STRINGS = [
  "", "plain", 'quo"te', "back\\slash", "\n\r\t\b\f", "\u0001\u001f\u0000", "é ü 日本語", "😀 pair", "\ud800 lone high", "lone low \udc00",
  "\u2028\u2029", "x".repeat(70_000), "\u0001".repeat(70_000), '"'.repeat(70_000), "é".repeat(70_000),
];

const crossing = (value: unknown): number => {
  const encoded = encodeValue(value);
  if (!encoded.ok) throw new Error(encoded.message);
  return encodedSize(encoded.encoded);
};

describe("result sizes", () => {
  it("use the runtime's default hostDataBytes as the output limit", () => {
    expect(SHARED_LIMITS.outputBytes.default).toBe(DEFAULT_LIMITS.hostDataBytes);
  });

  it("are estimated from above, strings, cells and record keys alike, in host code and in the workers", () => {
    for (const s of STRINGS) {
      expect(workerSizes.stringSize(s)).toBe(stringSize(s));
      expect(2 + stringSize(s) + RESULT_FRAME_BYTES, JSON.stringify(s.slice(0, 20))).toBeGreaterThanOrEqual(crossing([s]));
      const record = Object.assign(Object.create(null), { [s]: s });
      expect(2 + stringSize(s) + cellSize(s) + RESULT_FRAME_BYTES).toBeGreaterThanOrEqual(crossing([record]));
    }
    // -0, NaN and ±Infinity cross as tagged objects, not as numbers.
    for (const odd of [-0, NaN, Infinity, -Infinity]) {
      expect(workerSizes.cellSize(odd)).toBe(cellSize(odd));
      expect(2 + 1000 * cellSize(odd) + RESULT_FRAME_BYTES).toBeGreaterThanOrEqual(crossing(Array(1000).fill(odd)));
    }
    // A record with the key "\u0000" (the runtime's tag key) crosses as tagged [key, value] pairs.
    const keys = ["\u0000", "a", "b"];
    const tagged = Array.from({ length: 1000 }, () => Object.assign(Object.create(null), { "\u0000": "x", a: 1, b: null }));
    const perRecord = 2 + tagKeyOverhead(keys) + keys.reduce((sum, k) => sum + stringSize(k), 0) + cellSize("x") + cellSize(1) + cellSize(null);
    expect(2 + 1000 * perRecord + RESULT_FRAME_BYTES).toBeGreaterThanOrEqual(crossing(tagged));
    const all = [...STRINGS, 1.5, -3, 1e21, true, false, null];
    const estimate = 2 + all.reduce((sum: number, v) => sum + cellSize(v), 0) + RESULT_FRAME_BYTES;
    expect(estimate).toBeGreaterThanOrEqual(crossing(all));
    const bytes = new Uint8Array(100_000);
    expect(2 + workerSizes.bytesSize(bytes) + RESULT_FRAME_BYTES).toBeGreaterThanOrEqual(crossing([bytes]));
  });
});
