// xlsx.read against exceljs itself, reading the same bytes natively here: a corpus of workbooks built in this file
// with exceljs (strings, numbers, booleans, dates in both date systems, formulas with and without cached results,
// shared formulas, rich text, hyperlinks, errors, merged cells, sparse rows, several sheets, unicode names) plus
// hand-patched parts exceljs does not write (inline strings, t="e" and t="str" cells, a
// value left in a merged-away cell). exceljs's cells are mapped by the README's rules in `nativeRows` (a small mapper
// written from the README, not a copy of worker.mjs), as arrays and as records; write's output is read back by exceljs.

import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { read, shutdown, write, type XlsxCell } from "../src/xlsx/index.js";
import { codeOf } from "./helpers.js";

afterAll(async () => {
  await shutdown();
});

// ── the native side: exceljs's cells by the README's rules ────────────────────────────────────────────────────────

/** README: formulas give their cached result (null without one), dates ISO strings in UTC, rich text joined,
 * hyperlinks their text, errors their code; merged-away cells null. */
function nativeValue(value: ExcelJS.CellValue): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  if ("error" in value) return value.error;
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("formula" in value || "sharedFormula" in value) return nativeValue((value as ExcelJS.CellFormulaValue).result ?? null);
  if ("hyperlink" in value) return nativeValue(value.text as ExcelJS.CellValue);
  throw new Error(`no README rule for ${JSON.stringify(value)}`);
}

/** One sheet as README arrays: row i is Excel row i+1, empty cells null, trailing empty cells and rows dropped. */
function nativeRows(sheet: ExcelJS.Worksheet): XlsxCell[][] {
  const rows: XlsxCell[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: XlsxCell[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const cell = row.getCell(c);
      values.push(cell.type === ExcelJS.ValueType.Merge ? null : nativeValue(cell.value));
    }
    while (values.length && values[values.length - 1] === null) values.pop();
    rows.push(values);
  }
  while (rows.length && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

/** README `header: true`: row 1 names the columns (blank: the column letter; numbers and booleans as Excel shows
 * them; duplicates _1, _2), every record has every field, entirely empty rows skipped. */
function nativeRecords(sheet: ExcelJS.Worksheet): { fields: string[]; rows: Record<string, XlsxCell>[] } {
  const [head = [], ...body] = nativeRows(sheet);
  const width = Math.max(head.length, ...body.map((row) => row.length));
  const names = Array.from({ length: width }, (_, c) => {
    const value = head[c] ?? null;
    if (value === null || value === "") return sheet.getColumn(c + 1).letter;
    return typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
  });
  const fields: string[] = [];
  for (const name of names) {
    let candidate = name;
    for (let k = 1; fields.includes(candidate) || (candidate !== name && names.includes(candidate)); k++) candidate = `${name}_${k}`;
    fields.push(candidate);
  }
  const rows = body
    .filter((row) => row.some((value) => value !== null))
    .map((row) => Object.fromEntries(fields.map((field, c) => [field, row[c] ?? null])));
  return { fields, rows };
}

async function loadNative(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  return workbook;
}

// ── the corpus ─────────────────────────────────────────────────────────────────────────────────────────────────────

const utc = (...parts: [number, number, number, number?, number?, number?, number?]) => new Date(Date.UTC(...parts));

async function bytesOf(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** exceljs's other writer, the streaming one, without shared strings: t="str" cells, inline rich text. */
async function streamedBook(): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Streamed ✓");
  sheet.addRow(["a", "<&>", 1, -2.5, 1e-7, true, utc(2026, 0, 15, 6), { richText: [{ text: "r" }, { text: "t" }] }]).commit();
  sheet.addRow([{ formula: "1+1", result: 2 }, { formula: "NOW()" }, { text: "link", hyperlink: "https://x.example/" }, { error: "#N/A" }]).commit();
  sheet.getCell("A4").value = "merged";
  sheet.mergeCells("A4:C5");
  sheet.commit();
  workbook.addWorksheet("Second").addRow(["second sheet"]).commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

function valuesBook(date1904: boolean): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.properties.date1904 = date1904;
  const sheet = workbook.addWorksheet("Values");
  sheet.addRow(["text", "  padded  ", "line\nbreak", "<&>\"'", "=1+1", "TRUE", "00123", "", "é✓😀"]);
  sheet.addRow([0, 1, -2, 3.25, -0.5, 1e-7, 1e21, 2 ** 53, -(2 ** 31), 1 / 3]);
  sheet.addRow([true, false, null, true]);
  const dates = [utc(2026, 0, 15), utc(2026, 0, 15, 12, 30, 45, 500), utc(1900, 0, 1), utc(1900, 1, 28), utc(1900, 2, 1), utc(1904, 0, 2), utc(1999, 11, 31, 23, 59, 59), utc(2100, 5, 30)];
  const row = sheet.addRow(dates);
  row.eachCell((cell) => (cell.numFmt = "yyyy-mm-dd hh:mm:ss"));
  sheet.getCell("J4").value = 45000;
  sheet.getCell("J4").numFmt = "dd/mm/yyyy";
  sheet.getCell("K4").value = 0.75;
  sheet.getCell("K4").numFmt = "0.00%";
  return workbook;
}

function formulasBook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Formulas");
  sheet.getCell("A1").value = 2;
  sheet.getCell("B1").value = { formula: "A1*21", result: 42 };
  sheet.getCell("C1").value = { formula: "A1*2" } as ExcelJS.CellFormulaValue;
  sheet.getCell("D1").value = { formula: "\"a\"&\"b\"", result: "ab" };
  sheet.getCell("E1").value = { formula: "A1>1", result: true };
  sheet.getCell("F1").value = { formula: "1/0", result: { error: "#DIV/0!" } };
  sheet.getCell("G1").value = { formula: "DATE(2026,1,15)", result: utc(2026, 0, 15) };
  sheet.getCell("A2").value = { formula: "A1+1", result: 3, shareType: "shared", ref: "A2:A4" } as ExcelJS.CellFormulaValue;
  sheet.getCell("A3").value = { sharedFormula: "A2", result: 4 };
  sheet.getCell("A4").value = { sharedFormula: "A2" } as ExcelJS.CellSharedFormulaValue;
  sheet.getCell("B2").value = { formula: "A1:A2*2", result: 4, shareType: "array", ref: "B2:B3" } as ExcelJS.CellFormulaValue;
  return workbook;
}

function richBook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Rich");
  sheet.getCell("A1").value = { richText: [{ text: "bold", font: { bold: true } }, { text: " and " }, { text: "italic", font: { italic: true } }] };
  sheet.getCell("B1").value = { richText: [{ text: "" }, { text: "x" }] };
  sheet.getCell("A2").value = { text: "a site", hyperlink: "https://example.com/?a=1&b=2" };
  sheet.getCell("B2").value = { text: "inside", hyperlink: "#'Other sheet'!A1", tooltip: "go" };
  sheet.getCell("C2").value = { text: { richText: [{ text: "rich " }, { text: "link", font: { bold: true } }] }, hyperlink: "https://example.org/" } as never;
  const errors = ["#N/A", "#REF!", "#NAME?", "#DIV/0!", "#NULL!", "#VALUE!", "#NUM!"] as const;
  errors.forEach((error, i) => (sheet.getRow(3).getCell(i + 1).value = { error } as ExcelJS.CellErrorValue));
  workbook.addWorksheet("Other sheet").getCell("A1").value = "target";
  return workbook;
}

function layoutBook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Layout");
  sheet.getCell("A1").value = "merged block";
  sheet.mergeCells("A1:C2");
  sheet.getCell("D1").value = "after merge";
  sheet.getCell("B4").value = "merged down";
  sheet.mergeCells("B4:B6");
  sheet.getCell("A10").value = "far row";
  sheet.getCell("Z10").value = "far column";
  sheet.getCell("C12").value = null;
  sheet.getCell("C12").numFmt = "0.00"; // styled but empty: no value
  sheet.getCell("E15").value = 1;
  workbook.addWorksheet("データ").addRow(["日本語", "値"]);
  workbook.addWorksheet("Ünïcödé ✓ 😀").addRow(["emoji 😀", "ZWJ 👩‍👩‍👧"]);
  workbook.addWorksheet("empty");
  const hidden = workbook.addWorksheet("hidden", { state: "hidden" });
  hidden.addRow(["hidden sheet"]);
  return workbook;
}

function headerBook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Header");
  sheet.addRow(["name", "", "name", 2026, true, null, "name_1", "name"]);
  sheet.addRow(["a", 1, "b", 2, false, "f", "g", "h", "past the header"]);
  sheet.addRow([]);
  sheet.addRow([null, null, "only C"]);
  sheet.addRow(["c", { formula: "1+1", result: 2 }, { richText: [{ text: "r" }, { text: "t" }] }]);
  const dated = workbook.addWorksheet("Dated header");
  dated.addRow([utc(2026, 0, 1), "x"]);
  dated.getCell("A1").numFmt = "yyyy-mm-dd";
  dated.addRow([1, 2]);
  return workbook;
}

type Files = Record<string, Uint8Array>;
function patch(bytes: Uint8Array, change: (files: Files) => void): Uint8Array {
  const files = unzipSync(bytes) as Files;
  change(files);
  return zipSync(files as Zippable, { level: 6 });
}

/** Parts exceljs reads but does not write: inline strings, t="e" and t="str" cells,
 * and a value left in a merged-away cell (LibreOffice can keep one). */
async function handMadeBook(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Hand").getCell("A1").value = "x";
  return patch(await bytesOf(workbook), (files) => {
    const name = "xl/worksheets/sheet1.xml";
    const xml = strFromU8(files[name]!);
    files[name] = strToU8(xml.replace(/<sheetData>[\s\S]*<\/sheetData>/, "<sheetData>" +
      '<row r="1"><c r="A1" t="inlineStr"><is><t>inline</t></is></c><c r="B1" t="inlineStr"><is><r><t>ru</t></r><r><t>ns</t></r></is></c>' +
      '<c r="C1" t="e"><v>#N/A</v></c><c r="D1" t="b"><v>1</v></c><c r="E1" t="str"><v>formula text</v></c><c r="F1"><f>1+1</f></c></row>' +
      '<row r="2"><c r="A2"><v>7</v></c><c r="B2"><v>8</v></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><t>master</t></is></c><c r="B4" t="inlineStr"><is><t>kept in merged-away cell</t></is></c><c r="C4"><v>-1.5E-3</v></c></row>' +
      '<row r="5"><c r="A5"><v>1e3</v></c><c r="B5" t="inlineStr"><is><t>a_x000D_b</t></is></c>' +
      '<c r="C5" t="s"><v>0</v></c></row>' +
      "</sheetData><mergeCells count=\"3\"><mergeCell ref=\"A4:B4\"/><mergeCell ref=\"B1:B2\"/><mergeCell ref=\"C4\"/></mergeCells>"));
    files["xl/sharedStrings.xml"] = strToU8('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">' +
      '<si><t>漢字_x000D_</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></si></sst>');
  });
}

let corpus: Promise<[string, Uint8Array][]> | undefined;
function books(): Promise<[string, Uint8Array][]> {
  corpus ??= (async () => [
    ["values (1900 dates)", await bytesOf(valuesBook(false))],
    ["values (1904 dates)", await bytesOf(valuesBook(true))],
    ["streamed, no shared strings", await streamedBook()],
    ["formulas", await bytesOf(formulasBook())],
    ["rich text, hyperlinks, errors", await bytesOf(richBook())],
    ["merges, sparse rows, unicode and hidden sheets", await bytesOf(layoutBook())],
    ["header rows", await bytesOf(headerBook())],
    ["hand-made parts", await handMadeBook()],
  ] as [string, Uint8Array][])();
  return corpus;
}
const NAMES = ["values (1900 dates)", "values (1904 dates)", "streamed, no shared strings", "formulas", "rich text, hyperlinks, errors", "merges, sparse rows, unicode and hidden sheets", "header rows", "hand-made parts"];

/** read's rows as arrays (without header: true they are). */
async function arrays(bytes: Uint8Array): Promise<XlsxCell[][]> {
  return (await read(bytes)).rows as XlsxCell[][];
}

async function book(name: string): Promise<Uint8Array> {
  return (await books()).find(([n]) => n === name)![1];
}

describe("xlsx.read gives exceljs's cells, mapped by the README's rules", () => {
  it.each(NAMES)("%s: every sheet as arrays", async (name) => {
    const bytes = await book(name);
    const native = await loadNative(bytes);
    const sheets = native.worksheets.map((w) => w.name);
    for (const [index, worksheet] of native.worksheets.entries()) {
      const ours = await read(bytes, { sheet: index });
      expect(ours.sheets).toEqual(sheets);
      expect(ours.sheet).toBe(worksheet.name);
      expect(ours.rows, worksheet.name).toEqual(nativeRows(worksheet));
      expect(ours.truncated).toBe(false);
      expect(await read(bytes, { sheet: worksheet.name })).toEqual(ours);
    }
  });

  it.each(NAMES)("%s: every sheet with header: true", async (name) => {
    const bytes = await book(name);
    const native = await loadNative(bytes);
    for (const worksheet of native.worksheets) {
      const ours = await read(bytes, { sheet: worksheet.name, header: true });
      const expected = nativeRecords(worksheet);
      expect(ours.fields, worksheet.name).toEqual(expected.fields);
      expect(ours.rows.map((row) => ({ ...row })), worksheet.name).toEqual(expected.rows);
    }
  });

  it.each(NAMES)("%s: pages of 2 rows (offset = next) join into exceljs's rows and records", async (name) => {
    const bytes = await book(name);
    for (const worksheet of (await loadNative(bytes)).worksheets) {
      const native = { rows: nativeRows(worksheet), records: nativeRecords(worksheet) };
      for (const header of [false, true]) {
        const rows: unknown[] = [];
        for (let offset: number | null = 0, pages = 0; offset !== null; pages++) {
          expect(pages).toBeLessThan(100);
          const page = await read(bytes, { sheet: worksheet.name, header, maxRows: 2, offset });
          if (header) {
            // README: with a header, `fields` are those of the page's rows (row 1's, and the columns past it that the
            // page's rows use): a prefix of a whole read's fields, each record the whole read's, cut to them.
            expect(native.records.fields.slice(0, page.fields.length)).toEqual(page.fields);
            const project = (record: Record<string, XlsxCell>) => Object.fromEntries(page.fields.map((f) => [f, record[f]]));
            expect(page.rows.map((row) => ({ ...row }))).toEqual(native.records.rows.slice(rows.length, rows.length + page.rows.length).map(project));
          }
          rows.push(...page.rows);
          offset = page.next;
        }
        if (!header) expect(rows, worksheet.name).toEqual(native.rows);
        else expect(rows.length, worksheet.name).toBe(native.records.rows.length);
      }
    }
  });

  it("the corpus holds what the rules are about", async () => {
    const values = await arrays(await book("values (1900 dates)"));
    expect(values[1]).toEqual([0, 1, -2, 3.25, -0.5, 1e-7, 1e21, 2 ** 53, -(2 ** 31), 1 / 3]);
    expect(values[3]!.slice(0, 3)).toEqual(["2026-01-15T00:00:00.000Z", "2026-01-15T12:30:45.500Z", "1900-01-01T00:00:00.000Z"]);
    expect((await arrays(await book("values (1904 dates)")))[3]![0]).toBe("2026-01-15T00:00:00.000Z");
    expect((await arrays(await book("streamed, no shared strings")))[0]).toEqual(["a", "<&>", 1, -2.5, 1e-7, true, "2026-01-15T06:00:00.000Z", "rt"]);
    expect((await arrays(await book("formulas")))[0]).toEqual([2, 42, null, "ab", true, "#DIV/0!", "2026-01-15T00:00:00.000Z"]);
    const rich = await arrays(await book("rich text, hyperlinks, errors"));
    expect(rich.slice(0, 2)).toEqual([["bold and italic", "x"], ["a site", "inside", "rich link"]]);
    const layout = await arrays(await book("merges, sparse rows, unicode and hidden sheets"));
    expect(layout[0]).toEqual(["merged block", null, null, "after merge"]);
    expect(layout[9]![25]).toBe("far column");
    const hand = await arrays(await book("hand-made parts"));
    expect(hand[0]).toEqual(["inline", "runs", "#N/A", true, "formula text"]);
    // The value a file keeps in a merged-away cell is hidden, as exceljs hides it.
    expect(hand[1]).toEqual([7]);
    expect(hand[3]).toEqual(["master", null, -0.0015]);
    expect(strFromU8(unzipSync(await book("hand-made parts"))["xl/worksheets/sheet1.xml"]!)).toContain("kept in merged-away cell");
  });

  it("inherits exceljs's readings of parts exceljs does not write (README: read takes them as exceljs does)", async () => {
    const hand = await arrays(await book("hand-made parts"));
    // An inline string's _x000D_ escape stays as written, a shared string's becomes "\r" (its phonetic run dropped).
    expect(hand[4]).toEqual([1000, "a_x000D_b", "漢字\r"]);
  });

  it("differs deliberately: an ISO date cell (t=\"d\") gives its date as an ISO string; exceljs gives parseFloat of it", async () => {
    const cells: [string, XlsxCell, ExcelJS.CellValue][] = [
      ["<v>2026-01-15T10:30:00Z</v>", "2026-01-15T10:30:00.000Z", 2026],
      ["<v>2026-01-15</v>", "2026-01-15T00:00:00.000Z", 2026],
      ["<v>2026-01-15T10:30:00.25</v>", "2026-01-15T10:30:00.250Z", 2026],
      ["<v>2026-01-15T10:30:00+0200</v>", "2026-01-15T08:30:00.000Z", 2026],
      ["<v>not a date</v>", "not a date", NaN],
      ["<f>DATE(2026,1,15)</f><v>2026-01-15T00:00:00Z</v>", "2026-01-15T00:00:00.000Z", { formula: "DATE(2026,1,15)", result: 2026 } as never],
    ];
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").getCell("A1").value = "x";
    const bytes = patch(await bytesOf(workbook), (files) => {
      const name = "xl/worksheets/sheet1.xml";
      const row = cells.map(([inner], i) => `<c r="${String.fromCharCode(65 + i)}1" t="d">${inner}</c>`).join("");
      files[name] = strToU8(strFromU8(files[name]!).replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData><row r="1">${row}<c r="Z1"><v>1</v></c></row></sheetData>`));
    });
    const native = (await loadNative(bytes)).worksheets[0]!.getRow(1);
    cells.forEach(([, , exceljs], i) => expect(native.getCell(i + 1).value).toEqual(exceljs));
    const ours = (await arrays(bytes))[0]!;
    expect(ours.slice(0, cells.length)).toEqual(cells.map(([, value]) => value));
    expect(ours[25]).toBe(1);
  });

  it("differs deliberately: a t=\"str\" value is decoded once (exceljs decodes it twice: the text \"&amp;\" read as \"&\")", async () => {
    const values = ["&amp;", "&lt;b&gt;", "AT&T", "&#38;#65;", "a < b", "plain"];
    const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").getCell("A1").value = "x";
    const bytes = patch(await bytesOf(workbook), (files) => {
      const name = "xl/worksheets/sheet1.xml";
      const cells = values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}1" t="str"><v>${xml(v)}</v></c>`).join("");
      const formula = `<c r="A2" t="str"><f>"&amp;amp;"</f><v>${xml("&amp;")}</v></c><c r="B2" t="d"><v>not &amp;amp; a date</v></c>`;
      files[name] = strToU8(strFromU8(files[name]!).replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData><row r="1">${cells}</row><row r="2">${formula}</row></sheetData>`));
    });
    const native = (await loadNative(bytes)).worksheets[0]!;
    expect(native.getCell("A1").value).toBe("&");
    expect(native.getCell("A2").value).toEqual({ formula: "\"&amp;\"", result: "&" });
    expect(await arrays(bytes)).toEqual([values, ["&amp;", "not &amp; a date"]]);
  });

  it("differs deliberately: a phonetic run in an inline string does not lose the rest of the sheet, as in exceljs", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").getCell("A1").value = "x";
    const bytes = patch(await bytesOf(workbook), (files) => {
      const name = "xl/worksheets/sheet1.xml";
      files[name] = strToU8(strFromU8(files[name]!).replace(/<sheetData>[\s\S]*<\/sheetData>/, "<sheetData>" +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh><phoneticPr fontId="1"/></is></c><c r="B1"><v>2</v></c></row>' +
        '<row r="2"><c r="A2"><v>3</v></c></row></sheetData>'));
    });
    // exceljs loses the cell and every one after it, silently; prepare.mjs removes <rPh> and <phoneticPr> first.
    expect(nativeRows((await loadNative(bytes)).worksheets[0]!)).toEqual([]);
    expect((await read(bytes)).rows).toEqual([["漢字", 2], [3]]);
  });

  it("refuses rows and cells without a reference, which exceljs cannot read either", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").getCell("A1").value = "x";
    const base = await bytesOf(workbook);
    for (const data of ['<row><c r="A1"><v>1</v></c></row>', '<row r="1"><c><v>1</v></c></row>']) {
      const bytes = patch(base, (files) => {
        const name = "xl/worksheets/sheet1.xml";
        files[name] = strToU8(strFromU8(files[name]!).replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${data}</sheetData>`));
      });
      await expect(loadNative(bytes)).rejects.toThrow();
      expect(await codeOf(read(bytes)), data).toBe("parse-failed");
    }
  });
});

describe("xlsx.write's workbooks read back in exceljs with the same values", () => {
  const SHEETS = [
    { name: "Mixed", rows: [["text", 1.5, true, null, "=1+1", "2026-01-01T00:00:00.000Z", "+1", "@x", "  "], [], [null, null, "c"], [0, -0, 1e-7, 1e21, -1e300, 2 ** 53 - 1]] },
    { name: "データ ✓", rows: [["日本語", "😀 👩‍👩‍👧", "a\nb\tc", "<&>\"'"], [false, 42]] },
    { name: "Third", rows: [[null, null, null, "D1 only"]] },
  ];

  it("every cell keeps its value and type; strings are never formulas, dates or numbers", async () => {
    const native = await loadNative(await write(SHEETS));
    expect(native.worksheets.map((w) => w.name)).toEqual(SHEETS.map((s) => s.name));
    for (const [i, sheet] of SHEETS.entries()) {
      const worksheet = native.worksheets[i]!;
      const expected = sheet.rows.map((row) => {
        const values = row.map((v) => (Object.is(v, -0) ? 0 : v));
        while (values.length && values[values.length - 1] === null) values.pop();
        return values;
      });
      expect(nativeRows(worksheet)).toEqual(expected);
      worksheet.eachRow((row) => row.eachCell((cell) => {
        expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Number, ExcelJS.ValueType.Boolean], cell.address).toContain(cell.type);
      }));
    }
    expect(native.worksheets[0]!.getCell("E1").formula).toBeUndefined();
  });
});
