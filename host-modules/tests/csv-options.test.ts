// csv.parse and csv.stringify: papaparse's options beyond the basics (per-column typing, preview with paging,
// skipFirstNLines, delimitersToGuess, the accepted no-ops) and the options refused by name (functions, the network,
// a RegExp). csv-papaparse.test.ts compares the results with papaparse itself; this file checks what is the pack's own.

import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "../src/csv/index.js";
import { PARSE_FUNCTION_OPTIONS, PARSE_NETWORK_OPTIONS } from "../src/csv/options.js";
import { codeOf, refusal } from "./helpers.js";

describe("options refused by name", () => {
  it.each(Object.keys(PARSE_FUNCTION_OPTIONS))("parse refuses %s (it takes a function) with option-function, naming it", async (name) => {
    for (const value of [() => "x", true]) {
      const error = await refusal(parse("a,b", { [name]: value } as never));
      expect(error.code).toBe("option-function");
      expect(error.message).toContain(`"${name}"`);
      expect(error.message).toContain(PARSE_FUNCTION_OPTIONS[name]!);
    }
  });

  it("refuses any option given a function, the ones papaparse also takes as a value included", async () => {
    for (const name of ["delimiter", "dynamicTyping", "quoteChar"]) {
      const error = await refusal(parse("a,b", { [name]: () => "," } as never));
      expect([error.code, error.message.includes(`"${name}"`)]).toEqual(["option-function", true]);
    }
    const quotes = await refusal(stringify([["a"]], { quotes: () => true } as never));
    expect([quotes.code, quotes.message.includes('"quotes"')]).toEqual(["option-function", true]);
  });

  it.each(PARSE_NETWORK_OPTIONS)("parse refuses %s (the network) with option-unsupported", async (name) => {
    const error = await refusal(parse("https://example.com/a.csv", { [name]: true } as never));
    expect(error.code).toBe("option-unsupported");
    expect(error.message).toContain(`"${name}"`);
  });

  it("stringify refuses escapeFormulae as a RegExp (it would run on the host) and takes true", async () => {
    const error = await refusal(stringify([["=1"]], { escapeFormulae: /^=/ } as never));
    expect([error.code, error.message.includes('"escapeFormulae"')]).toEqual(["option-unsupported", true]);
    expect(await stringify([["=1"]], { escapeFormulae: true })).toBe(`"'=1"`);
  });
});

describe("csv.parse options", () => {
  it("types the columns dynamicTyping names, by header name or by index", async () => {
    const byName = await parse("a,b,c\n1,2,3,4", { header: true, dynamicTyping: { a: true, c: false, __parsed_extra: true } });
    expect({ ...byName.rows[0] }).toEqual({ a: 1, b: "2", c: "3", __parsed_extra: [4] });
    const byIndex = await parse("1,2,3", { dynamicTyping: { 1: true } });
    expect(byIndex.rows).toEqual([["1", 2, "3"]]);
    // Inherited names are not columns to type.
    expect((await parse("constructor\n1", { header: true, dynamicTyping: {} })).rows.map((r) => ({ ...r }))).toEqual([{ constructor: "1" }]);
    expect(await codeOf(parse("a", { dynamicTyping: { a: 1 } } as never))).toBe("option-invalid");
    expect(await codeOf(parse("a", { dynamicTyping: Object.defineProperty({}, "a", { get: () => true, enumerable: true }) }))).toBe("option-invalid");
  });

  it("keeps ISO dates as their text where papaparse makes a Date (no class instance crosses)", async () => {
    const text = "2018-05-04T21:08:03.269Z,1";
    expect(Papa.parse(text, { dynamicTyping: true }).data[0]).toEqual([new Date("2018-05-04T21:08:03.269Z"), 1]);
    expect((await parse(text, { dynamicTyping: true })).rows).toEqual([["2018-05-04T21:08:03.269Z", 1]]);
  });

  it("stops at preview (papaparse's meta.truncated) and pages within it (the pack's truncated and next)", async () => {
    const text = "h\n1\n2\n3\n4\n5\n6";
    const short = await parse(text, { header: true, preview: 3 });
    expect(short.rows.map((r) => ({ ...r }))).toEqual([{ h: "1" }, { h: "2" }, { h: "3" }]);
    expect([short.meta.truncated, short.truncated, short.next]).toEqual([true, false, null]);
    const page = await parse(text, { header: true, preview: 5, maxRows: 2 });
    expect([page.rows.length, page.truncated, page.next]).toEqual([2, true, 2]);
    const last = await parse(text, { header: true, preview: 5, maxRows: 2, offset: 4 });
    expect(last.rows.map((r) => ({ ...r }))).toEqual([{ h: "5" }]);
    expect([last.truncated, last.next, last.meta.truncated]).toEqual([false, null, true]);
    expect((await parse(text, { preview: 0 })).rows).toHaveLength(7);
  });

  it("skips the first lines, guesses among delimitersToGuess, and accepts encoding, worker and chunkSize as no-ops", async () => {
    expect((await parse("junk\na;b\n1;2", { skipFirstNLines: 1 })).rows).toEqual([["a", "b"], ["1", "2"]]);
    expect((await parse("a;b|c\n1;2|3", { delimitersToGuess: ["|"] })).rows).toEqual([["a;b", "c"], ["1;2", "3"]]);
    const plain = await parse("a,b\n1,2");
    expect(await parse("a,b\n1,2", { encoding: "utf-8", worker: true, chunkSize: 1 })).toEqual(plain);
    expect(await codeOf(parse("a", { delimitersToGuess: ["\n"] }))).toBe("option-invalid");
  });

  it("reports renamed headers in meta and the character index of quote errors", async () => {
    const result = await parse('a,a,b\n1,2,"3', { header: true });
    expect(result.fields).toEqual(["a", "a_1", "b"]);
    expect(result.meta.renamedHeaders).toEqual({ a_1: "a" });
    expect(result.errors).toContainEqual(expect.objectContaining({ code: "MissingQuotes", row: 0, index: 11 }));
  });
});
