// What prepare.mjs removes before exceljs parses a workbook (<definedNames>, a worksheet's <rPh> and <phoneticPr>) is
// removed before the checks run, so a removal cannot join the text around it into a sheet id, a cell reference or a
// DTD that was never checked: each case below is refused as the same text would be without the removed element.

import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { read, shutdown, write } from "../src/xlsx/index.js";
import { codeOf } from "./helpers.js";

afterAll(async () => {
  await shutdown();
});

async function edited(part: string, edit: (xml: string) => string): Promise<Uint8Array> {
  const files = unzipSync(await write([{ name: "S", rows: [["a", 1]] }])) as Record<string, Uint8Array>;
  files[part] = strToU8(edit(strFromU8(files[part]!)));
  return zipSync(files as Zippable, { level: 6 });
}

describe("xlsx.read checks the text left after removals", () => {
  it("refuses a sheetId that only appears once <definedNames/> is removed", async () => {
    const bytes = await edited("xl/workbook.xml", (xml) => xml.replace(/<sheet /, '<<definedNames/>sheet name="T" sheetId="2000000000" r:id="rId1"/><sheet '));
    expect(await codeOf(read(bytes))).toBe("parse-failed");
  });

  it("refuses a cell reference outside the grid that only appears once <rPh/> is removed", async () => {
    const bytes = await edited("xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", '<<rPh/>row r="2000000"><<rPh/>c r="A2000000"><v>1</v></c></row></sheetData>'));
    expect(await codeOf(read(bytes))).toBe("parse-failed");
  });

  it("refuses a DTD that only appears once <phoneticPr/> is removed", async () => {
    const bytes = await edited("xl/worksheets/sheet1.xml", (xml) => xml.replace("<worksheet", '<!<phoneticPr/>DOCTYPE worksheet [<!<phoneticPr/>ENTITY e "x">]><worksheet'));
    expect(await codeOf(read(bytes))).toBe("parse-failed");
  });

  it("still reads the workbook when the removed elements are ordinary", async () => {
    const bytes = await edited("xl/worksheets/sheet1.xml", (xml) => xml.replace("</sheetData>", '</sheetData><phoneticPr fontId="1" type="noConversion"/>'));
    expect((await read(bytes)).rows).toEqual([["a", 1]]);
  });
});
