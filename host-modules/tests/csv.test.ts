import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { parse, stringify } from "../src/csv/index.js";
import { CSV_LIMITS, SHARED_LIMITS } from "../src/limits.js";
import { RESULT_FRAME_BYTES } from "../src/output.js";
import { codeOf, expectNoPollution, expectOwnData, refusal } from "./helpers.js";

// The limits this file tests, by the names its assertions use (the values come from the limit rows).
const CSV_MAX_CELLS = CSV_LIMITS.maxCells.default;
const CSV_MAX_ERRORS = CSV_LIMITS.maxErrors.default;
const CSV_MAX_ROWS = CSV_LIMITS.maxRows.default;
const MAX_OUTPUT_BYTES = SHARED_LIMITS.outputBytes.default;
const MAX_TEXT_BYTES = SHARED_LIMITS.textBytes.default;
const MAX_OPTION_STRING_LENGTH = SHARED_LIMITS.optionStringLength.default;
const CSV_MAX_COLUMNS = CSV_LIMITS.maxColumns.default;

describe("csv.parse", () => {
  it("returns null-prototype records keyed by the header row with header: true", async () => {
    const result = await parse("name,age\nAda,36\nAlan,41\n", { header: true, skipEmptyLines: true });
    expect(result.fields).toEqual(["name", "age"]);
    expect(result.rows).toEqual([
      Object.assign(Object.create(null), { name: "Ada", age: "36" }),
      Object.assign(Object.create(null), { name: "Alan", age: "41" }),
    ]);
    for (const row of result.rows) expect(Object.getPrototypeOf(row)).toBeNull();
    expect(result.errors).toEqual([]);
    expect(result.truncated).toBe(false);
  });

  it("returns string arrays by default (papaparse's header: false), with papaparse's meta", async () => {
    const result = await parse("a,b\n1,2");
    const meta = { delimiter: ",", linebreak: "\n", truncated: false, renamedHeaders: null };
    expect(result).toEqual({ rows: [["a", "b"], ["1", "2"]], fields: [], errors: [], meta, truncated: false, next: null });
    expect(await parse("a,b\n1,2", { header: false })).toEqual(result);
  });

  it("types numbers, booleans and empty cells with dynamicTyping, keeping dates and huge integers as strings", async () => {
    const result = await parse("1,-2.5,1e3,TRUE,false,,2026-01-01,9007199254740993,0x10", { header: false, dynamicTyping: true });
    expect(result.rows).toEqual([[1, -2.5, 1000, true, false, null, "2026-01-01", "9007199254740993", "0x10"]]);
    const plain = await parse("1,TRUE,", { header: false });
    expect(plain.rows).toEqual([["1", "TRUE", ""]]);
  });

  it("honours delimiter, quoteChar, escapeChar, newline and comments", async () => {
    expect((await parse("a;b\n1;2", { delimiter: ";", header: false })).rows).toEqual([["a", "b"], ["1", "2"]]);
    expect((await parse("'a,b',c", { quoteChar: "'", header: false })).rows).toEqual([["a,b", "c"]]);
    expect((await parse('"a\\"b",c', { escapeChar: "\\", header: false })).rows).toEqual([['a"b', "c"]]);
    expect((await parse("a,b\n1,2", { newline: "\r", header: false })).rows).toEqual([["a", "b\n1", "2"]]);
    expect((await parse("a,b\r1,2", { newline: "\r", header: false })).rows).toEqual([["a", "b"], ["1", "2"]]);
    expect((await parse("#note\na,b\n%x\n1,2", { comments: "%", header: false })).rows).toEqual([["#note"], ["a", "b"], ["1", "2"]]);
    expect((await parse("#note\na,b\n1,2", { comments: true, header: false })).rows).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("auto-detects the delimiter", async () => {
    expect((await parse("a;b;c\n1;2;3", { header: false })).rows).toEqual([["a", "b", "c"], ["1", "2", "3"]]);
    expect((await parse("a\tb\n1\t2", { header: false })).rows).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("skips empty lines when asked, greedy skips whitespace-only lines, and maps error rows to returned rows", async () => {
    const text = "a,b\n\n1,2\n  \n3\n";
    expect((await parse(text, { header: true })).rows.length).toBe(5);
    const skipped = await parse(text, { header: true, skipEmptyLines: true });
    expect(skipped.rows).toEqual([{ a: "1", b: "2" }, { a: "  " }, { a: "3" }].map((r) => Object.assign(Object.create(null), r)));
    const greedy = await parse(text, { header: true, skipEmptyLines: "greedy", delimiter: "," });
    expect(greedy.rows).toEqual([{ a: "1", b: "2" }, { a: "3" }].map((r) => Object.assign(Object.create(null), r)));
    expect(greedy.errors).toEqual([{ type: "FieldMismatch", code: "TooFewFields", message: "Too few fields: expected 2 fields but parsed 1", row: 1 }]);
  });

  it("renames duplicate headers like papaparse, strips a BOM, and reports field-count mismatches", async () => {
    const result = await parse("\ufeffa,b,a,a\n1,2,3,4,5\n6", { header: true });
    expect(result.fields).toEqual(["a", "b", "a_1", "a_2"]);
    expect(result.rows[0]).toEqual(Object.assign(Object.create(null), { a: "1", b: "2", a_1: "3", a_2: "4", __parsed_extra: ["5"] }));
    expect(result.rows[1]).toEqual(Object.assign(Object.create(null), { a: "6" }));
    expect(result.errors.map((e) => [e.code, e.row])).toEqual([
      ["TooManyFields", 0],
      ["TooFewFields", 1],
    ]);
  });

  it("reports quote errors against the returned row", async () => {
    const result = await parse('a,b\n1,2\n3,"x\n', { header: true, skipEmptyLines: true });
    expect(result.errors).toContainEqual(expect.objectContaining({ type: "Quotes", code: "MissingQuotes", row: 1 }));
  });

  it("keeps hostile header names as data in null-prototype records and pollutes nothing", async () => {
    const text = '__proto__,constructor,prototype,toString,hasOwnProperty\n{"polluted":1},x,y,z,w\n';
    const result = await parse(text, { header: true, skipEmptyLines: true, dynamicTyping: true });
    const row = result.rows[0]!;
    expectOwnData(row, "__proto__", '{"polluted":1}');
    expectOwnData(row, "constructor", "x");
    expectOwnData(row, "toString", "z");
    expect(Object.keys(row)).toEqual(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]);
    expectNoPollution();
  });

  describe("limits", () => {
    it("measures text in UTF-8 bytes: exactly MAX_TEXT_BYTES is read, one byte more is refused", async () => {
      const exact = "a\n" + "x".repeat(MAX_TEXT_BYTES - 2);
      expect((await parse(exact, { header: false, maxRows: 1 })).rows).toEqual([["a"]]);
      expect(await codeOf(parse(exact + "x"))).toBe("input-too-large");
      // Fewer UTF-16 units than the limit, more bytes: "é" is 2 bytes.
      const accents = "é".repeat(MAX_TEXT_BYTES / 2 + 1);
      expect(accents.length).toBeLessThan(MAX_TEXT_BYTES);
      expect(await codeOf(parse(accents))).toBe("input-too-large");
    });

    it("parses a 5 MiB CSV", async () => {
      const line = "1234,Ada Lovelace,36.5,2026-01-01,\"note, with comma\"\n";
      const text = "id,name,amount,date,note\n" + line.repeat(Math.floor((MAX_TEXT_BYTES - 30) / line.length));
      const result = await parse(text, { header: true, skipEmptyLines: true });
      expect(result.truncated).toBe(false);
      expect(result.rows.length).toBe(Math.floor((MAX_TEXT_BYTES - 30) / line.length));
    });

    it("refuses a non-string", async () => {
      expect(await codeOf(parse(42 as unknown as string))).toBe("input-invalid");
      expect(await codeOf(parse(new Uint8Array(3) as unknown as string))).toBe("input-invalid");
    });

    it("cuts at maxRows and says so; exactly maxRows rows is not truncated", async () => {
      const three = "a\n1\n2\n3";
      expect(await parse(three, { header: true, maxRows: 3 })).toMatchObject({ truncated: false });
      const cut = await parse(three, { header: true, maxRows: 2 });
      expect(cut.rows.length).toBe(2);
      expect(cut.truncated).toBe(true);
      const cutSkipping = await parse("a\n\n1\n\n2\n\n3\n", { header: true, maxRows: 2, skipEmptyLines: true });
      expect(cutSkipping.rows.length).toBe(2);
      expect(cutSkipping.truncated).toBe(true);
      expect((await parse("a\n\n1\n\n2\n", { header: true, maxRows: 2, skipEmptyLines: true })).truncated).toBe(false);
      expect((await parse(three, { header: true, maxRows: 0 })).rows).toEqual([]);
    });

    it("accepts maxRows up to CSV_MAX_ROWS and refuses more", async () => {
      expect((await parse("a\n1", { header: true, maxRows: CSV_MAX_ROWS })).rows.length).toBe(1);
      expect(await codeOf(parse("a\n1", { maxRows: CSV_MAX_ROWS + 1 }))).toBe("option-invalid");
      expect(await codeOf(parse("a\n1", { maxRows: -1 }))).toBe("option-invalid");
      expect(await codeOf(parse("a\n1", { maxRows: 1.5 }))).toBe("option-invalid");
    });

    it("returns exactly CSV_MAX_CELLS cells and truncates at the row that would pass it", async () => {
      const row = ",".repeat(999) + "\n"; // 1,000 empty cells
      const rows = CSV_MAX_CELLS / 1000;
      const last = ",".repeat(999); // no line break after the last row: no extra empty row
      const full = await parse(row.repeat(rows - 1) + last, { header: false, maxRows: rows });
      expect(full.truncated).toBe(false);
      expect(full.rows.length).toBe(rows);
      const over = await parse(row.repeat(rows) + last, { header: false, maxRows: rows + 1 });
      expect(over.truncated).toBe(true);
      expect(over.rows.length).toBe(rows);
    });

    it("truncates when the estimated output passes MAX_OUTPUT_BYTES (a long header repeated in every record)", async () => {
      const key = "k".repeat(1024 * 1024);
      const many = await parse(`${key}\n` + "1\n".repeat(100), { header: true, skipEmptyLines: true });
      expect(many.truncated).toBe(true);
      expect(many.rows.length).toBeGreaterThan(0);
      expect(many.rows.length).toBeLessThan(100);
      expect(many.rows.length * key.length).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
      const few = await parse(`${key}\n` + "1\n".repeat(10), { header: true, skipEmptyLines: true });
      expect(few.truncated).toBe(false);
      expect(few.rows.length).toBe(10);
    });

    it("reports at most CSV_MAX_ERRORS errors and then one TooManyErrors entry", async () => {
      const result = await parse("a,b\n" + "1\n".repeat(CSV_MAX_ERRORS + 5), { header: true, skipEmptyLines: true, delimiter: "," });
      expect(result.errors.length).toBe(CSV_MAX_ERRORS + 1);
      expect(result.errors.at(-1)).toMatchObject({ code: "TooManyErrors", row: null });
      const under = await parse("a,b\n" + "1\n".repeat(CSV_MAX_ERRORS), { header: true, skipEmptyLines: true, delimiter: "," });
      expect(under.errors.length).toBe(CSV_MAX_ERRORS);
    });
  });

  describe("options", () => {
    it("refuses unknown option keys, __proto__ and constructor included", async () => {
      expect(await codeOf(parse("a", { maxrows: 1 } as never))).toBe("option-unknown");
      expect(await codeOf(parse("a", JSON.parse('{"__proto__": {"polluted": 1}}')))).toBe("option-unknown");
      expect(await codeOf(parse("a", JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}')))).toBe("option-unknown");
      expectNoPollution();
    });

    it("refuses wrong-typed and conflicting options", async () => {
      expect(await codeOf(parse("a", { header: "yes" } as never))).toBe("option-invalid");
      expect(await codeOf(parse("a", { delimiter: "\n" }))).toBe("option-invalid");
      expect(await codeOf(parse("a", { delimiter: "" }))).toBe("option-invalid");
      expect(await codeOf(parse("a", { quoteChar: "ab" }))).toBe("option-invalid");
      expect(await codeOf(parse("a", { newline: "x" } as never))).toBe("option-invalid");
      expect(await codeOf(parse("a", { skipEmptyLines: "all" } as never))).toBe("option-invalid");
      expect(await codeOf(parse("a", { delimiter: "'", quoteChar: "'" }))).toBe("option-invalid");
      expect(await codeOf(parse("a", [] as never))).toBe("option-invalid");
    });

    it("never runs an accessor on the options", async () => {
      let called = false;
      const options = Object.defineProperty({}, "header", { enumerable: true, get: () => ((called = true), false) });
      expect(await codeOf(parse("a", options))).toBe("option-invalid");
      expect(called).toBe(false);
    });

    it("says what was refused and what is allowed", async () => {
      const error = await refusal(parse("a", { bogus: 1 } as never));
      expect(error.message).toContain('"bogus"');
      expect(error.message).toContain("maxRows");
    });
  });
});

describe("csv.stringify", () => {
  it("writes records under the first record's keys, as papaparse does (columns names others)", async () => {
    const csv = await stringify([{ a: 1, b: "x" }, { c: true, a: null }]);
    expect(csv).toBe("a,b\r\n1,x\r\n,");
    expect(await stringify([{ a: 1, b: "x" }, { c: true, a: null }], { columns: ["a", "b", "c"] })).toBe("a,b,c\r\n1,x,\r\n,,true");
  });

  it("writes { fields, data }, a flat data row, and JSON text, as papaparse's unparse does", async () => {
    expect(await stringify({ fields: ["x", "y"], data: [[1, 2], [3]] }, { newline: "\n" })).toBe("x,y\n1,2\n3,");
    expect(await stringify({ fields: ["x", "y"] })).toBe("x,y");
    expect(await stringify({ data: ["a", "b"] })).toBe("a,b");
    expect(await stringify('[{"a":1},{"a":2}]', { newline: "\n" })).toBe("a\n1\n2");
    expect(await stringify({ data: '[["a","b"]]' })).toBe("a,b");
    expect(await codeOf(stringify("a,b"))).toBe("parse-failed");
    expect(await codeOf(stringify({ data: [[{ deep: 1 }]] }))).toBe("input-invalid");
  });

  it("honours quotes (all or per column), escapeChar and skipEmptyLines like papaparse", async () => {
    expect(await stringify([["a", 1]], { quotes: true })).toBe('"a","1"');
    expect(await stringify([["a", "b"]], { quotes: [false, true] })).toBe('a,"b"');
    expect(await stringify([['a"b']], { escapeChar: "\\" })).toBe('"a\\"b"');
    expect(await stringify([["a"], [""], [" "], ["b"]], { skipEmptyLines: "greedy", newline: "\n" })).toBe("a\nb");
  });

  it("honours columns, header, delimiter, quoteChar and newline", async () => {
    const rows = [{ a: 1, b: "x;y", c: 3 }];
    expect(await stringify(rows, { columns: ["c", "a"] })).toBe("c,a\r\n3,1");
    expect(await stringify(rows, { header: false, delimiter: ";", newline: "\n" })).toBe("1;'x;y';3".replace(/'/g, '"'));
    expect(await stringify(rows, { quoteChar: "'", delimiter: ";", header: false })).toBe("1;'x;y';3");
    expect(await stringify([], { columns: ["a", "b"] })).toBe("a,b");
    expect(await stringify([])).toBe("");
  });

  it("writes arrays, quoting delimiters, quotes and line breaks", async () => {
    expect(await stringify([["a", 'b"c', "d,e", "f\ng", 1.5, false, null, undefined]])).toBe('a,"b""c","d,e","f\ng",1.5,false,,');
  });

  it("writes Dates as ISO strings", async () => {
    expect(await stringify([[new Date(Date.UTC(2026, 0, 2))]])).toBe("2026-01-02T00:00:00.000Z");
  });

  it("escapes every formula prefix with escapeFormulae, numbers and booleans untouched", async () => {
    const cells = ["=SUM(A1)", "+1", "-1", "@cmd", "\tx", "\rx", "ok", "a=b"];
    const csv = await stringify([cells, [-5, true]], { escapeFormulae: true, newline: "\n" });
    expect(csv).toBe(`"'=SUM(A1)","'+1","'-1","'@cmd","'\tx","'\rx",ok,a=b\n-5,true`);
    const plain = await stringify([cells], { newline: "\n" });
    expect(plain).toBe(`=SUM(A1),+1,-1,@cmd,\tx,"\rx",ok,a=b`);
  });

  it("escapes a formula cell that contains a line break, which papaparse's own regex misses", async () => {
    const cell = "=1+2\nmore";
    const ours = await stringify([[cell]], { escapeFormulae: true });
    expect(ours).toBe(`"'${cell}"`);
    // papaparse's built-in escapeFormulae leaves it as a live formula: the reason for our own regex.
    expect(Papa.unparse([[cell]], { escapeFormulae: true })).toBe(`"${cell}"`);
    // Header fields are escaped too.
    expect(await stringify([{ "=x": 1 }], { escapeFormulae: true, newline: "\n" })).toBe(`"'=x"\n1`);
  });

  it("writes hostile keys as columns and never reads inherited properties", async () => {
    const rows = [JSON.parse('{"__proto__": "p", "constructor": "c"}'), { a: 1 }];
    expect(await stringify(rows, { newline: "\n" })).toBe("__proto__,constructor\np,c\n,");
    expect(await stringify([{ a: 1 }], { columns: ["a", "constructor", "toString", "__proto__"], newline: "\n" })).toBe(
      "a,constructor,toString,__proto__\n1,,,",
    );
    expectNoPollution();
  });

  it("round-trips through parse", async () => {
    const rows = [{ id: "1", text: 'quote " comma , newline \n end' }, { id: "2", text: "" }];
    const back = await parse(await stringify(rows), { header: true });
    expect(back.rows).toEqual(rows.map((r) => Object.assign(Object.create(null), r)));
  });

  it("refuses cells that are not primitives, non-finite numbers, mixed rows and a non-array", async () => {
    expect(await codeOf(stringify([[{ a: 1 }]]))).toBe("input-invalid");
    expect(await codeOf(stringify([[[1]]]))).toBe("input-invalid");
    expect(await codeOf(stringify([[NaN]]))).toBe("input-invalid");
    expect(await codeOf(stringify([[() => 1]]))).toBe("input-invalid");
    expect(await codeOf(stringify([[1], { a: 1 }]))).toBe("input-invalid");
    expect(await codeOf(stringify([{ a: 1 }, [1]]))).toBe("input-invalid");
    expect(await codeOf(stringify(42 as never))).toBe("input-invalid");
    expect(await codeOf(stringify([1, 2] as never))).toBe("input-invalid");
  });

  it("refuses unknown and wrong-typed options", async () => {
    expect(await codeOf(stringify([[1]], { quote: true } as never))).toBe("option-unknown");
    expect(await codeOf(stringify([[1]], { quotes: "yes" } as never))).toBe("option-invalid");
    expect(await codeOf(stringify([[1]], { escapeFormulae: "yes" } as never))).toBe("option-invalid");
    expect(await codeOf(stringify([[1]], { columns: ["a"] }))).toBe("option-invalid");
    expect(await codeOf(stringify([{ a: 1 }], { columns: [] }))).toBe("option-invalid");
    expect(await codeOf(stringify([{ a: 1 }], { columns: ["a", "a"] }))).toBe("option-invalid");
    expect(await codeOf(stringify([{ a: 1 }], { delimiter: "\r" }))).toBe("option-invalid");
  });

  it("accepts CSV_MAX_ROWS rows and refuses one more", async () => {
    const rows = Array.from({ length: CSV_MAX_ROWS }, () => [] as unknown[]);
    expect(typeof (await stringify(rows))).toBe("string");
    rows.push([]);
    expect(await codeOf(stringify(rows))).toBe("input-too-large");
  });

  it("accepts CSV_MAX_CELLS cells and refuses one more", async () => {
    const row = new Array<null>(CSV_MAX_CELLS).fill(null);
    expect((await stringify([row])).length).toBe(CSV_MAX_CELLS - 1);
    row.push(null);
    expect(await codeOf(stringify([row]))).toBe("input-too-large");
  });

  it("accepts CSV_MAX_COLUMNS columns and refuses one more, as the columns option, the first record's keys and fields", async () => {
    const names = Array.from({ length: CSV_MAX_COLUMNS }, (_, i) => `c${i}`);
    const header = await stringify([], { columns: names });
    expect(header.split(",")).toHaveLength(CSV_MAX_COLUMNS);
    expect(await codeOf(stringify([], { columns: [...names, "one-more"] }))).toBe("option-invalid");
    const record = Object.fromEntries(names.map((name) => [name, 1]));
    expect((await stringify([record])).split("\r\n")[0]!.split(",")).toHaveLength(CSV_MAX_COLUMNS);
    expect(await codeOf(stringify([{ ...record, "one-more": 1 }]))).toBe("input-too-large");
    expect(await codeOf(stringify({ fields: [...names, "one-more"], data: [] }))).toBe("input-too-large");
  });

  it("accepts a columns entry of MAX_OPTION_STRING_LENGTH characters and refuses one more", async () => {
    const longest = "k".repeat(MAX_OPTION_STRING_LENGTH);
    expect(await stringify([{ [longest]: 1 }], { columns: [longest] })).toBe(`${longest}\r\n1`);
    expect(await codeOf(stringify([], { columns: [longest + "k"] }))).toBe("option-invalid");
  });

  it("refuses output over MAX_OUTPUT_BYTES before writing, and writes just under it", async () => {
    const half = "x".repeat(MAX_OUTPUT_BYTES / 2);
    expect(await codeOf(stringify([[half, half]]))).toBe("output-too-large");
    // The result as it crosses: the text, its two quotes and a separator, inside the result's frame.
    const fits = MAX_OUTPUT_BYTES - RESULT_FRAME_BYTES - 3;
    const under = "x".repeat((fits - 1) / 2);
    expect((await stringify([[under, under]])).length).toBe(fits);
    expect(await codeOf(stringify([[under, under + "x"]]))).toBe("output-too-large");
    // Quotes and line breaks are escaped as the text crosses, so they count twice.
    const quoted = '"'.repeat(Math.floor((fits - 5) / 4)); // written as """…""": 2 + 2 × length characters
    expect(await codeOf(stringify([[quoted, quoted]]))).toBe("output-too-large");
  });
});
