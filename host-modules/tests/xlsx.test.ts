import { afterAll, describe, expect, it } from "vitest";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { read, shutdown, write } from "../src/xlsx/index.js";
import { columnLetters } from "../src/xlsx/names.js";
import { SHARED_LIMITS, XLSX_LIMITS } from "../src/limits.js";
import { codeOf, expectNoPollution, expectOwnData } from "./helpers.js";

// The limits this file tests, by the names its assertions use (the values come from the limit rows).
const MAX_INPUT_BYTES = SHARED_LIMITS.inputBytes.default;
const MAX_OUTPUT_BYTES = SHARED_LIMITS.outputBytes.default;
const XLSX_MAX_CELLS = XLSX_LIMITS.maxCells.default;
const XLSX_MAX_CELL_TEXT_LENGTH = XLSX_LIMITS.maxCellTextLength.default;
const XLSX_MAX_INFLATED_BYTES = XLSX_LIMITS.maxInflatedBytes.default;
const XLSX_MAX_ROWS = XLSX_LIMITS.maxRows.default;
const XLSX_MAX_SHEETS = XLSX_LIMITS.maxSheets.default;
const XLSX_MAX_SHEET_ID = XLSX_LIMITS.maxSheetId.default;
const XLSX_MAX_PARTS = XLSX_LIMITS.maxParts.default;
const XLSX_MAX_COLUMNS = XLSX_LIMITS.maxColumns.default;

afterAll(async () => {
  await shutdown();
});

type Files = Record<string, Uint8Array>;

/** Unzips a workbook, lets `change` edit its parts as text or bytes, and zips it again. */
function patch(bytes: Uint8Array, change: (files: Files) => void): Uint8Array {
  const files = unzipSync(bytes) as Files;
  change(files);
  return zipSync(files as Zippable, { level: 6 });
}

function editPart(files: Files, name: string, edit: (xml: string) => string): void {
  files[name] = strToU8(edit(strFromU8(files[name]!)));
}

/** Sheet XML with `rows` rows of `columns` numeric cells, references computed like Excel's. */
function sheetXml(rows: number, columns: number): string {
  const letters = Array.from({ length: columns }, (_, c) => columnLetters(c + 1));
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 0; c < columns; c++) row += `<c r="${letters[c]}${r}"><v>${c}</v></c>`;
    parts.push(row + "</row>");
  }
  parts.push("</sheetData></worksheet>");
  return parts.join("");
}

let baseBook: Uint8Array | undefined;
/** A one-sheet workbook "S" holding [["a", 1], ["b", 2]], written by write(). */
async function base(): Promise<Uint8Array> {
  baseBook ??= await write([{ name: "S", rows: [["a", 1], ["b", 2]] }]);
  return baseBook;
}

describe("xlsx.write and xlsx.read", () => {
  it("round-trips primitives as arrays: rows[i] is Excel row i+1, empty cells null, trailing empties dropped", async () => {
    const bytes = await write([
      { name: "Data", rows: [["text", 1.5, true, null, "=1+1", "2026-01-01T00:00:00.000Z"], [], [null, null, "c"], [null]] },
      { name: "Second", rows: [["x"]] },
    ]);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(bytes)).toBe(false);
    const result = await read(bytes);
    expect(result).toEqual({
      sheets: ["Data", "Second"],
      sheet: "Data",
      rows: [["text", 1.5, true, null, "=1+1", "2026-01-01T00:00:00.000Z"], [], [null, null, "c"]],
      fields: [],
      truncated: false,
      next: null,
    });
  });

  it("stores strings as text, never formulas, even when they start with '='", async () => {
    const bytes = await write([{ name: "S", rows: [["=HYPERLINK(\"http://evil.example\")", "+1", "@SUM(A1)"]] }]);
    const sheet = strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]!);
    expect(sheet).not.toMatch(/<f[\s>]/);
    expect((await read(bytes)).rows).toEqual([['=HYPERLINK("http://evil.example")', "+1", "@SUM(A1)"]]);
  });

  it("writes the same bytes for the same sheets", async () => {
    const sheets = [{ name: "S", rows: [["a", 1]] }];
    const first = await write(sheets);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(Buffer.compare(first, await write(sheets))).toBe(0);
  });

  it("reads formulas as cached results, dates as ISO strings, rich text joined, hyperlinks as text, errors as codes", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Values");
    sheet.getCell("A1").value = { formula: "1+1", result: 2 };
    sheet.getCell("B1").value = { formula: "A1*0", result: { error: "#DIV/0!" } } as never;
    sheet.getCell("C1").value = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    sheet.getCell("D1").value = { richText: [{ text: "rich " }, { text: "text", font: { bold: true } }] };
    sheet.getCell("E1").value = { text: "a link", hyperlink: "https://example.com" };
    sheet.getCell("F1").value = { error: "#REF!" } as never;
    sheet.getCell("G1").value = { formula: "NOW()" } as never;
    sheet.getCell("H1").value = { formula: "\"x\"&\"y\"", result: "xy" };
    sheet.getCell("A2").value = 1;
    sheet.getCell("A3").value = { sharedFormula: "A2", result: 1 } as never;
    sheet.getCell("A2").value = { formula: "1", result: 1, shareType: "shared", ref: "A2:A3" } as never;
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { rows } = await read(bytes);
    expect(rows[0]).toEqual([2, "#DIV/0!", "2026-01-02T03:04:05.000Z", "rich text", "a link", "#REF!", null, "xy"]);
    expect(rows[1]).toEqual([1]);
    expect(rows[2]).toEqual([1]);
  });

  it("builds null-prototype records with header: true (blank headers take the column letter, duplicates _1)", async () => {
    const bytes = await write([{ name: "S", rows: [["name", null, "name", "age"], ["Ada", "x", "L", 36], [], [null, null, null, 41, "extra"]] }]);
    const result = await read(bytes, { header: true });
    expect(result.fields).toEqual(["name", "B", "name_1", "age", "E"]);
    expect(result.rows).toEqual([
      Object.assign(Object.create(null), { name: "Ada", B: "x", name_1: "L", age: 36, E: null }),
      Object.assign(Object.create(null), { name: null, B: null, name_1: null, age: 41, E: "extra" }),
    ]);
  });

  it("keeps hostile sheet names and headers as data and pollutes nothing", async () => {
    const bytes = await write([
      { name: "__proto__", rows: [["__proto__", "constructor", "toString"], ['{"polluted":1}', "c", "t"]] },
      { name: "constructor", rows: [["x"]] },
    ]);
    const result = await read(bytes, { sheet: "__proto__", header: true });
    expect(result.sheets).toEqual(["__proto__", "constructor"]);
    expectOwnData(result.rows[0], "__proto__", '{"polluted":1}');
    expectOwnData(result.rows[0], "constructor", "c");
    expect((await read(bytes, { sheet: "constructor" })).rows).toEqual([["x"]]);
    expectNoPollution();
  });

  it("selects a sheet by name, case-insensitively, or by 0-based index", async () => {
    const bytes = await write([{ name: "One", rows: [[1]] }, { name: "Two", rows: [[2]] }]);
    expect((await read(bytes, { sheet: "Two" })).rows).toEqual([[2]]);
    expect((await read(bytes, { sheet: "two" })).sheet).toBe("Two");
    expect((await read(bytes, { sheet: 1 })).rows).toEqual([[2]]);
    expect(await codeOf(read(bytes, { sheet: 2 }))).toBe("sheet-not-found");
    expect(await codeOf(read(bytes, { sheet: "Three" }))).toBe("sheet-not-found");
  });
});

describe("xlsx.read limits", () => {
  it("cuts at maxRows and says so", async () => {
    const bytes = await write([{ name: "S", rows: [["h"], [1], [2], [3]] }]);
    expect(await read(bytes, { maxRows: 4 })).toMatchObject({ truncated: false });
    expect(await read(bytes, { maxRows: 2 })).toMatchObject({ rows: [["h"], [1]], truncated: true });
    const records = await read(bytes, { header: true, maxRows: 2 });
    expect(records.rows).toHaveLength(2);
    expect(records.truncated).toBe(true);
    expect((await read(bytes, { header: true, maxRows: 3 })).truncated).toBe(false);
    expect(await codeOf(read(bytes, { maxRows: XLSX_MAX_ROWS + 1 }))).toBe("option-invalid");
  });

  it("pages with offset and next, rows and records alike", async () => {
    const bytes = await write([{ name: "S", rows: [["n"], [1], [], [2], [3]] }]);
    expect(await read(bytes, { maxRows: 2 })).toMatchObject({ rows: [["n"], [1]], truncated: true, next: 2 });
    expect(await read(bytes, { offset: 2 })).toMatchObject({ rows: [[], [2], [3]], truncated: false, next: null });
    // With a header the offset counts records (the empty row is none).
    const first = await read(bytes, { header: true, maxRows: 2 });
    expect(first.rows.map((r) => (r as Record<string, unknown>).n)).toEqual([1, 2]);
    expect(first.next).toBe(2);
    const rest = await read(bytes, { header: true, offset: first.next! });
    expect([rest.fields, rest.rows.map((r) => (r as Record<string, unknown>).n), rest.next]).toEqual([["n"], [3], null]);
  });

  it("cuts a sheet larger than one result at MAX_OUTPUT_BYTES and reads the rest from next", async () => {
    const cell = "x".repeat(XLSX_MAX_CELL_TEXT_LENGTH);
    const count = Math.ceil((1.5 * MAX_OUTPUT_BYTES) / cell.length);
    const bytes = await write([{ name: "S", rows: Array.from({ length: count }, () => [cell]) }]);
    const first = await read(bytes);
    expect(first.truncated).toBe(true);
    expect(first.rows.length).toBeLessThan(count);
    expect(first.rows.length * cell.length).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
    const rest = await read(bytes, { offset: first.next! });
    expect(first.rows.length + rest.rows.length).toBe(count);
    expect(rest.next).toBeNull();
  });

  it("refuses non-bytes, more than MAX_INPUT_BYTES, non-zips and zips without a workbook", async () => {
    expect(await codeOf(read("PK" as never))).toBe("input-invalid");
    expect(await codeOf(read(new Uint8Array(MAX_INPUT_BYTES + 1)))).toBe("input-too-large");
    expect(await codeOf(read(strToU8("name,age\nAda,36")))).toBe("parse-failed");
    expect(await codeOf(read(zipSync({ "hello.txt": strToU8("hi") })))).toBe("parse-failed");
    const broken = patch(await base(), (files) => editPart(files, "xl/worksheets/sheet1.xml", (xml) => xml.replace("<sheetData>", "<sheetData><row")));
    expect(await codeOf(read(broken))).toBe("parse-failed");
  });

  it("reads a workbook of XLSX_MAX_PARTS parts and refuses one more part", async () => {
    // Media parts are not read as XML, so the padding costs no checks: only the count matters.
    const book = await base();
    const parts = Object.keys(unzipSync(book)).length;
    const withParts = (count: number) =>
      patch(book, (files) => {
        for (let i = 0; parts + i < count; i++) files[`xl/media/pad-${i}.bin`] = new Uint8Array(0);
      });
    expect((await read(withParts(XLSX_MAX_PARTS))).rows).toEqual([["a", 1], ["b", 2]]);
    expect(await codeOf(read(withParts(XLSX_MAX_PARTS + 1)))).toBe("too-many-entries");
  });

  it("refuses a workbook whose parts inflate past XLSX_MAX_INFLATED_BYTES (counted while inflating)", async () => {
    const bomb = patch(await base(), (files) => {
      files["xl/media/padding.bin"] = new Uint8Array(XLSX_MAX_INFLATED_BYTES);
    });
    expect(bomb.length).toBeLessThan(MAX_INPUT_BYTES);
    expect(await codeOf(read(bomb))).toBe("zip-bomb");
    const fits = patch(await base(), (files) => {
      files["xl/media/padding.bin"] = new Uint8Array(XLSX_MAX_INFLATED_BYTES - 64 * 1024);
    });
    expect((await read(fits)).rows).toEqual([["a", 1], ["b", 2]]);
  });

  it(
    "reads a workbook of exactly XLSX_MAX_CELLS cells and refuses one more cell before exceljs runs",
    async () => {
      const exact = patch(await base(), (files) => {
        files["xl/worksheets/sheet1.xml"] = strToU8(sheetXml(XLSX_MAX_CELLS / 100, 100));
      });
      const result = await read(exact);
      expect(result.rows).toHaveLength(XLSX_MAX_CELLS / 100);
      expect(result.rows[0]).toHaveLength(100);
      expect(result.truncated).toBe(false);
      const over = patch(await base(), (files) => {
        files["xl/worksheets/sheet1.xml"] = strToU8(sheetXml(XLSX_MAX_CELLS / 100, 100).replace("</sheetData>", '<row r="20000"><c r="A20000"><v>1</v></c></row></sheetData>'));
      });
      expect(await codeOf(read(over))).toBe("input-too-large");
    },
    120_000,
  );

  it("reads XLSX_MAX_CELLS merged ranges and refuses one more (each is swept by merges.mjs)", async () => {
    const merges = async (count: number) => patch(await base(), (files) =>
      editPart(files, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", `</sheetData><mergeCells>${'<mergeCell ref="A1:A2"/>'.repeat(count)}</mergeCells>`)));
    expect((await read(await merges(XLSX_MAX_CELLS))).rows).toEqual([["a", 1], [null, 2]]);
    expect(await codeOf(read(await merges(XLSX_MAX_CELLS + 1)))).toBe("input-too-large");
  }, 120_000);

  it("truncates the dense output at XLSX_MAX_CELLS (a far-away cell widens a row)", async () => {
    // Two cells, but the second sits in column XFD of row 1,000: rows of 16,384 cells each would pass the cap.
    const sparse = patch(await base(), (files) => {
      let xml = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
      for (let r = 1; r <= 100; r++) xml += `<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`;
      files["xl/worksheets/sheet1.xml"] = strToU8(xml + "</sheetData></worksheet>");
    });
    const result = await read(sparse);
    expect(result.truncated).toBe(true);
    expect(result.rows.length).toBe(Math.floor(XLSX_MAX_CELLS / 16_384));
    expect(result.rows[0]).toHaveLength(16_384);
  });
});

describe("xlsx.read against exceljs traps", () => {
  // Each of these makes exceljs expand a range cell by cell or index an array by a huge number: without the
  // protection the call would not finish (or would exhaust memory) long before the test timeout.
  const wholeSheet = "A1:XFD1048576";

  it("reads a sheet that merges every cell (exceljs skips mergeCells; merges.mjs hides the merged-away cells)", async () => {
    const bytes = patch(await base(), (files) =>
      editPart(files, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", `</sheetData><mergeCells count="1"><mergeCell ref="${wholeSheet}"/></mergeCells>`)),
    );
    // Only the top-left cell of a merged range holds its value, as in exceljs (which would loop over 17 billion cells).
    expect((await read(bytes)).rows).toEqual([["a"]]);
  });

  it("reads a sheet with a whole-sheet data validation and 2,000,000,000 columns declared", async () => {
    const bytes = patch(await base(), (files) =>
      editPart(files, "xl/worksheets/sheet1.xml", (xml) =>
        xml
          .replace("<sheetData>", '<cols><col min="1" max="2000000000" width="9"/></cols><sheetData>')
          .replace("</sheetData>", `</sheetData><dataValidations count="1"><dataValidation type="whole" sqref="${wholeSheet}"><formula1>1</formula1></dataValidation></dataValidations>`),
      ),
    );
    expect((await read(bytes)).rows).toEqual([["a", 1], ["b", 2]]);
  });

  it("reads a workbook with whole-sheet defined names (they are removed before exceljs)", async () => {
    const bytes = patch(await base(), (files) =>
      editPart(files, "xl/workbook.xml", (xml) =>
        xml.replace("</sheets>", `</sheets><definedNames><definedName name="all">S!$A$1:$XFD$1048576</definedName><definedName name="_xlnm.Print_Area" localSheetId="0">S!$A$1:$XFD$1048576</definedName></definedNames>`),
      ),
    );
    expect((await read(bytes)).rows).toEqual([["a", 1], ["b", 2]]);
  });

  it("refuses sheet ids exceljs would use as array indexes", async () => {
    const withId = (id: string) =>
      base().then((b) => patch(b, (files) => editPart(files, "xl/workbook.xml", (xml) => xml.replace(/sheetId="\d+"/, `sheetId="${id}"`))));
    expect((await read(await withId(String(XLSX_MAX_SHEET_ID)))).sheets).toEqual(["S"]);
    expect(await codeOf(read(await withId(String(XLSX_MAX_SHEET_ID + 1))))).toBe("parse-failed");
    expect(await codeOf(read(await withId("2000000000")))).toBe("parse-failed");
    expect(await codeOf(read(await withId("&#50;000000000")))).toBe("parse-failed");
  });

  it("refuses row numbers and cell references outside Excel's grid, entity-encoded ones included", async () => {
    const sheet = (rowXml: string) =>
      base().then((b) => patch(b, (files) => editPart(files, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", `${rowXml}</sheetData>`))));
    expect((await read(await sheet('<row r="1048576"><c r="XFD1048576"><v>9</v></c></row>'))).rows.length).toBe(1_048_576);
    expect(await codeOf(read(await sheet('<row r="1048577"><c r="A1048577"><v>9</v></c></row>')))).toBe("parse-failed");
    expect(await codeOf(read(await sheet('<row r="2000000000"><c r="A5"><v>9</v></c></row>')))).toBe("parse-failed");
    expect(await codeOf(read(await sheet('<row spans=">" r="&#50;000000000"><c r="A5"><v>9</v></c></row>')))).toBe("parse-failed");
    expect(await codeOf(read(await sheet('<row r="5"><c r="XFE5"><v>9</v></c></row>')))).toBe("parse-failed");
    expect(await codeOf(read(await sheet("<row r='5'><c r='A&#57;99999999'><v>9</v></c></row>")))).toBe("parse-failed");
  }, 60_000);

  it("checks hostile markup in linear time (unclosed tags cannot make the host's scans quadratic)", async () => {
    const unclosedCells = patch(await base(), (files) =>
      editPart(files, "xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", "<c " + "<c a=".repeat(1_000_000) + '"</sheetData>')),
    );
    expect(await codeOf(read(unclosedCells))).toBe("parse-failed");
    const unclosedNames = patch(await base(), (files) =>
      editPart(files, "xl/workbook.xml", (xml) => xml.replace("</sheets>", "</sheets>" + "<definedNames>".repeat(1_000_000))),
    );
    expect(await codeOf(read(unclosedNames))).toBe("parse-failed");
  });

  it("refuses parts that declare a DTD", async () => {
    const bytes = patch(await base(), (files) =>
      editPart(files, "xl/sharedStrings.xml", (xml) => xml.replace("?>", '?><!DOCTYPE sst [<!ENTITY lol "lol">]>')),
    );
    expect(await codeOf(read(bytes))).toBe("parse-failed");
  });
});

describe("xlsx.write checks", () => {
  it("enforces Excel's sheet-name rules", async () => {
    const bad = ["", "x".repeat(32), "a[b", "a]b", "a:b", "a*b", "a?b", "a/b", "a\\b", "'quoted", "quoted'", "History", "HISTORY", "tab\tname"];
    for (const name of bad) expect(await codeOf(write([{ name, rows: [] }])), JSON.stringify(name)).toBe("sheet-name-invalid");
    expect(await codeOf(write([{ name: "Same", rows: [] }, { name: "SAME", rows: [] }]))).toBe("sheet-name-invalid");
    expect(await codeOf(write([{ name: 5, rows: [] } as never]))).toBe("sheet-name-invalid");
    const ok = "x".repeat(31);
    expect((await read(await write([{ name: ok, rows: [] }, { name: "it's fine", rows: [] }]))).sheets).toEqual([ok, "it's fine"]);
  });

  it("accepts XLSX_MAX_SHEETS sheets and refuses one more, and refuses none", async () => {
    const sheets = Array.from({ length: XLSX_MAX_SHEETS }, (_, i) => ({ name: `S${i}`, rows: [[i]] }));
    expect((await read(await write(sheets))).sheets).toHaveLength(XLSX_MAX_SHEETS);
    sheets.push({ name: "extra", rows: [[0]] });
    expect(await codeOf(write(sheets))).toBe("input-too-large");
    expect(await codeOf(write([]))).toBe("input-invalid");
  });

  it(
    "accepts XLSX_MAX_CELLS cells and refuses one more before any work",
    async () => {
      const row = Array.from({ length: 1000 }, (_, i) => i);
      const rows = Array.from({ length: XLSX_MAX_CELLS / 1000 }, () => row);
      const bytes = await write([{ name: "Big", rows }]);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.length).toBeLessThanOrEqual(MAX_INPUT_BYTES);
      expect(await codeOf(write([{ name: "Big", rows }, { name: "One", rows: [[1]] }]))).toBe("input-too-large");
    },
    120_000,
  );

  it("accepts a row of XLSX_MAX_COLUMNS cells and refuses one cell more", async () => {
    const row = Array.from({ length: XLSX_MAX_COLUMNS }, (_, i) => i);
    const { rows } = await read(await write([{ name: "Wide", rows: [row] }]));
    expect(rows[0]).toHaveLength(XLSX_MAX_COLUMNS);
    expect(await codeOf(write([{ name: "Wide", rows: [[...row, "one more"]] }]))).toBe("input-too-large");
  });

  it("accepts cell text of Excel's maximum length and refuses one character more", async () => {
    const longest = "x".repeat(XLSX_MAX_CELL_TEXT_LENGTH);
    expect((await read(await write([{ name: "S", rows: [[longest]] }]))).rows).toEqual([[longest]]);
    expect(await codeOf(write([{ name: "S", rows: [[longest + "x"]] }]))).toBe("input-invalid");
  });

  it("refuses rows and cells that are not plain data", async () => {
    expect(await codeOf(write([{ name: "S", rows: [[NaN]] }]))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: [[Infinity]] }]))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: [[new Date()]] }] as never))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: [[{ formula: "1+1" }]] }] as never))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: ["abc"] }] as never))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: "abc" }] as never))).toBe("input-invalid");
    expect(await codeOf(write([{ name: "S", rows: [], style: {} }] as never))).toBe("input-invalid");
    expect(await codeOf(write({ name: "S", rows: [] } as never))).toBe("input-invalid");
  });

  it("refuses options (write takes none) and bad read options", async () => {
    expect(await codeOf(write([{ name: "S", rows: [] }], { creator: "me" } as never))).toBe("option-unknown");
    const bytes = await base();
    expect(await codeOf(read(bytes, { password: "x" } as never))).toBe("option-unknown");
    expect(await codeOf(read(bytes, JSON.parse('{"__proto__": {"polluted": 1}}')))).toBe("option-unknown");
    expect(await codeOf(read(bytes, { header: 1 } as never))).toBe("option-invalid");
    expect(await codeOf(read(bytes, { sheet: -1 }))).toBe("option-invalid");
    expect(await codeOf(read(bytes, { sheet: "" }))).toBe("option-invalid");
    expectNoPollution();
  });
});
