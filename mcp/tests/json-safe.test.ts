// jsonSafe: a run's result as plain JSON (MCP structuredContent, `capsule run --json`) loses nothing it can keep.
import { describe, expect, it } from "vitest";
import { jsonSafe } from "../src/json-safe.js";

describe("jsonSafe", () => {
  it("writes a Map as an object when its keys name distinct properties", () => {
    expect(jsonSafe(new Map<unknown, unknown>([["a", 1], [2, "two"], ["__proto__", 3]]))).toEqual(JSON.parse('{"a": 1, "2": "two", "__proto__": 3}'));
  });

  it("writes a Map as its [key, value] pairs when its keys would collide or are not names, so no entry is lost", () => {
    expect(jsonSafe(new Map<unknown, unknown>([[{ id: 1 }, "first"], [{ id: 2 }, "second"]]))).toEqual([[{ id: 1 }, "first"], [{ id: 2 }, "second"]]);
    expect(jsonSafe(new Map<unknown, unknown>([[1, "number"], ["1", "string"]]))).toEqual([[1, "number"], ["1", "string"]]);
    expect(jsonSafe(new Map<unknown, unknown>([[10n, "big"], [NaN, "nan"]]))).toEqual([["10n", "big"], ["NaN", "nan"]]);
  });

  it("keeps its other rules: bigint, Set, bytes, non-finite numbers, undefined dropped", () => {
    expect(jsonSafe({ b: 1n, s: new Set([1]), u: new Uint8Array([1, 2]), n: -Infinity, gone: undefined })).toEqual({ b: "1n", s: [1], u: [1, 2], n: "-Infinity" });
  });
});
