// Header names made unique (csv.parse and xlsx.read with header: true, src/output.ts uniqueNames): the names
// papaparse gives, and work linear in the header however its names collide — csv runs on the calling thread, so a
// header of "a_1" … "a_k" followed by many "a" used to hold every run of the process for k × d steps (20 s for a
// 189 KB header). The work is counted in lookups, not timed.
import Papa from "papaparse";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uniqueNames } from "../src/output.js";

const papaparseFields = (names: string[]) => Papa.parse(`${names.join(",")}\n${names.map(() => "1").join(",")}`, { header: true }).meta.fields;

describe("unique header names", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [["a", "a", "a"]],
    [["a", "a_1", "a", "a"]],
    [["a", "a", "a_1", "a_2", "a"]],
    [["a_1", "a", "a", "b", "a_1", "b", "b_1", "b"]],
    [["", "", "_1", ""]],
    [["__proto__", "__proto__", "constructor", "constructor"]],
  ])("are papaparse's for %j", (names) => {
    expect(uniqueNames(names)).toEqual(papaparseFields(names));
  });

  it.each([
    ["taken suffixes then many duplicates", (k: number) => [...Array.from({ length: k }, (_, i) => (i ? `a_${i}` : "a")), ...Array(k).fill("a")]],
    ["duplicates of many names interleaved", (k: number) => Array.from({ length: 2 * k }, (_, i) => `n${i % 50}`)],
    ["duplicates after their own suffixed names", (k: number) => [...Array.from({ length: k }, (_, i) => `a_${i + 1}`), ...Array(k).fill("a")]],
  ])("take lookups linear in the header: %s", (_label, header) => {
    const has = vi.spyOn(Set.prototype, "has");
    const names = header(4_000);
    const out = uniqueNames(names);
    expect(new Set(out).size).toBe(names.length);
    expect(has.mock.calls.length).toBeLessThanOrEqual(4 * names.length);
  });
});
