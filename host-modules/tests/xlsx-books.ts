// Shared by xlsx-exceljs.test.ts: exceljs's cells mapped by the README's rules (a small mapper written from the
// README, not a copy of worker.mjs), and the corpus of workbooks built with exceljs plus hand-patched parts.

import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { read, type XlsxCell } from "../src/xlsx/index.js";

// ── the native side: exceljs's cells by the README's rules ────────────────────────────────────────────────────────

/** README: formulas give their cached result (null without one), dates ISO strings in UTC, rich text joined,
 * hyperlinks their text, errors their code; merged-away cells null. */
export function nativeValue(value: ExcelJS.CellValue): XlsxCell {
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
export function nativeRows(sheet: ExcelJS.Worksheet): XlsxCell[][] {
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
export function nativeRecords(sheet: ExcelJS.Worksheet): { fields: string[]; rows: Record<string, XlsxCell>[] } {
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

export async function loadNative(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  return workbook;
}

// ── the corpus ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const utc = (...parts: [number, number, number, number?, number?, number?, number?]) => new Date(Date.UTC(...parts));

export async function bytesOf(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** exceljs's other writer, the streaming one, without shared strings: t="str" cells, inline rich text. */
export async function streamedBook(): Promise<Uint8Array> {
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

export function valuesBook(date1904: boolean): ExcelJS.Workbook {
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

export function formulasBook(): ExcelJS.Workbook {
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

export function richBook(): ExcelJS.Workbook {
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

export function layoutBook(): ExcelJS.Workbook {
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

export function headerBook(): ExcelJS.Workbook {
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

export type Files = Record<string, Uint8Array>;
export function patch(bytes: Uint8Array, change: (files: Files) => void): Uint8Array {
  const files = unzipSync(bytes) as Files;
  change(files);
  return zipSync(files as Zippable, { level: 6 });
}

/** Parts exceljs reads but does not write: inline strings, t="e" and t="str" cells,
 * and a value left in a merged-away cell (LibreOffice can keep one). */
export async function handMadeBook(): Promise<Uint8Array> {
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

export let corpus: Promise<[string, Uint8Array][]> | undefined;
export function books(): Promise<[string, Uint8Array][]> {
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
export const NAMES = ["values (1900 dates)", "values (1904 dates)", "streamed, no shared strings", "formulas", "rich text, hyperlinks, errors", "merges, sparse rows, unicode and hidden sheets", "header rows", "hand-made parts"];

/** read's rows as arrays (without header: true they are). */
export async function arrays(bytes: Uint8Array): Promise<XlsxCell[][]> {
  return (await read(bytes)).rows as XlsxCell[][];
}

export async function book(name: string): Promise<Uint8Array> {
  return (await books()).find(([n]) => n === name)![1];
}
