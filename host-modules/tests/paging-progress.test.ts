// Paged results always move on: a guest that reads `while (next !== null) page = read(…, { offset: next })` ends.
// A row that alone cannot be returned (over the cell limit, or over a whole page of output) is refused with a code
// instead of coming back as the same empty page at the same `next` forever; a csv header wider than a record may be
// is refused before its names are made.
import Papa from "papaparse";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "../src/csv/index.js";
import { read, shutdown, write } from "../src/xlsx/index.js";
import { CSV_LIMITS, SHARED_LIMITS, XLSX_LIMITS } from "../src/limits.js";
import { codeOf, refusal } from "./helpers.js";

afterAll(async () => {
  await shutdown();
});

/** One long row: its cells cross as more than a page (U+0001 crosses as six characters). */
const HUGE_CELL = "\u0001".repeat(Math.ceil(SHARED_LIMITS.outputBytes.default / 6) + 1024);

describe("csv.parse pages", () => {
  it("refuse a row that alone has more cells than the limit, at its offset", async () => {
    const wide = ",".repeat(CSV_LIMITS.maxCells.default);
    expect(await codeOf(parse(wide, { delimiter: "," }))).toBe("input-too-large");
    const after = `a\n${wide}`;
    const first = await parse(after, { delimiter: "," });
    expect([first.rows, first.truncated, first.next]).toEqual([[["a"]], true, 1]);
    const error = await refusal(parse(after, { delimiter: ",", offset: first.next! }));
    expect([error.code, error.message]).toEqual(["input-too-large", expect.stringContaining("the row at offset 1 alone has 5,000,001 cells")]);
  });

  it.each([
    ["arrays", false],
    ["records", true],
  ])("refuse a row of %s that alone is over a page of output", async (_label, header) => {
    const text = `h\nsmall\n${HUGE_CELL}\nlast`;
    const first = await parse(text, { header, delimiter: "," });
    expect(first.truncated).toBe(true);
    const error = await refusal(parse(text, { header, delimiter: ",", offset: first.next! }));
    expect([error.code, error.message]).toEqual(["output-too-large", expect.stringContaining(`the row at offset ${first.next} alone is over`)]);
    // maxRows: 0 asks for no rows: that page is empty by request, not stuck.
    expect(await parse(text, { header, delimiter: ",", maxRows: 0 })).toMatchObject({ rows: [], truncated: true, next: 0 });
  });

  it("refuse a header row wider than a record may be, and take one exactly as wide", async () => {
    const names = (count: number) => Array.from({ length: count }, (_, i) => `c${i % 7}`).join(",");
    const error = await refusal(parse(`${names(CSV_LIMITS.maxColumns.default + 1)}\n1`, { header: true }));
    expect([error.code, error.message]).toEqual(["input-too-large", expect.stringContaining("16,385 fields")]);
    const widest = await parse(`${names(CSV_LIMITS.maxColumns.default)}\n1`, { header: true });
    expect(widest.fields).toHaveLength(CSV_LIMITS.maxColumns.default);
    expect(new Set(widest.fields).size).toBe(CSV_LIMITS.maxColumns.default);
    // The same text as rows is fine: arrays have no keys.
    expect((await parse(`${names(CSV_LIMITS.maxColumns.default + 1)}\n1`)).rows[0]).toHaveLength(CSV_LIMITS.maxColumns.default + 1);
  });

  it("guess the delimiter papaparse guesses for texts longer than the guess reads", async () => {
    for (const delimiter of [";", "|", "\t"]) {
      for (const newline of ["\n", "\r\n", "\r"]) {
        const text = Array.from({ length: 20_000 }, (_, i) => ["a", i, '"q' + delimiter + 'x"', "z"].join(delimiter)).join(newline);
        expect(text.length).toBeGreaterThan(256 * 1024);
        const ours = await parse(text);
        expect(ours.meta.delimiter).toBe(Papa.parse(text, { preview: 10 }).meta.delimiter);
        expect(ours.meta.delimiter).toBe(delimiter);
        expect(ours.rows[19_999]).toEqual(["a", "19999", `q${delimiter}x`, "z"]);
      }
    }
  });
});

describe("xlsx.read pages", () => {
  // A quote crosses as two characters (a control character would be dropped: XML 1.0 forbids it).
  const cell = '"'.repeat(XLSX_LIMITS.maxCellTextLength.default);
  const cells = Math.ceil(SHARED_LIMITS.outputBytes.default / (2 * cell.length)) + 1;

  it.each([
    ["arrays", false],
    ["records", true],
  ])("refuse a row of %s that alone is over a page of output", async (_label, header) => {
    const bytes = await write([{ name: "S", rows: [["h"], ["small"], Array(cells).fill(cell), ["last"]] }]);
    const first = await read(bytes, { header });
    expect(first.truncated).toBe(true);
    const error = await refusal(read(bytes, { header, offset: first.next! }));
    expect([error.code, error.message]).toEqual(["output-too-large", expect.stringContaining("alone is over the output limit")]);
  });

  it("refuse a record that fits as a row but not with its keys", async () => {
    // Row 1 names every field with a long name, which each record repeats: the row fits a page, its record does not.
    const width = Math.ceil(SHARED_LIMITS.outputBytes.default / 2 / (2 * cell.length));
    const bytes = await write([{ name: "S", rows: [Array(width).fill(cell), Array(width).fill("a".repeat(cell.length))] }]);
    expect((await read(bytes)).truncated).toBe(false);
    const error = await refusal(read(bytes, { header: true }));
    expect([error.code, error.message]).toEqual(["output-too-large", expect.stringContaining("the record at offset 0 alone is over")]);
  });
});
