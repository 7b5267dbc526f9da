// xlsx.read against exceljs itself, reading the same bytes natively here: a corpus of workbooks built with exceljs
// (strings, numbers, booleans, dates in both date systems, formulas with and without cached results, shared
// formulas, rich text, hyperlinks, errors, merged cells, sparse rows, several sheets, unicode names) plus hand-patched
// parts exceljs does not write (inline strings, t="e" and t="str" cells, a value left in a merged-away cell), both in
// xlsx-books.ts. exceljs's cells are mapped by the README's rules in `nativeRows` (a small mapper written from the
// README, not a copy of worker.mjs), as arrays and as records; write's output is read back by exceljs.

import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { read, shutdown, write, type XlsxCell } from "../src/xlsx/index.js";
import { codeOf } from "./helpers.js";
import { NAMES, arrays, book, bytesOf, loadNative, nativeRecords, nativeRows, patch } from "./xlsx-books.js";

afterAll(async () => {
  await shutdown();
});

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
