// The main thread does no work proportional to an input: while a large or hostile workbook or archive is being
// checked, a timer and a trivial csv call on the main thread come first. Ordering of events only.
import { afterAll, describe, expect, it } from "vitest";
import { zipSync, strToU8, Zip, ZipDeflate } from "fflate";
import { read, shutdown as shutdownXlsx, write } from "../src/xlsx/index.js";
import { unzip, shutdown as shutdownZip } from "../src/zip/index.js";
import { parse } from "../src/csv/index.js";
import { XLSX_LIMITS } from "../src/limits.js";

afterAll(async () => {
  await shutdownXlsx();
  await shutdownZip();
});

/** Starts `hostile`, then a timer and a csv call; returns the order in which the three finished. */
async function order(hostile: () => Promise<unknown>): Promise<string[]> {
  const events: string[] = [];
  const call = hostile().then(
    () => events.push("hostile"),
    () => events.push("hostile"),
  );
  const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void events.push("timer")), 0));
  const csv = parse("a,b\n1,2").then(() => events.push("csv"));
  await Promise.all([call, timer, csv]);
  return events;
}

describe("work proportional to an input stays off the main thread", () => {
  it("xlsx.read: the pre-checks of a workbook with more than XLSX_MAX_CELLS cells", async () => {
    const book = await write([{ name: "S", rows: [[1]] }]);
    const { unzipSync } = await import("fflate");
    const parts = unzipSync(book);
    // One sheet of XLSX_MAX_CELLS + 1 cells (references are optional): refused with input-too-large after the whole
    // sheet is scanned.
    const columns = 1_000;
    const rows = Math.ceil((XLSX_LIMITS.maxCells.default + 1) / columns);
    const row = "<row>" + "<c><v>1</v></c>".repeat(columns) + "</row>";
    parts["xl/worksheets/sheet1.xml"] = strToU8(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row.repeat(rows)}</sheetData></worksheet>`);
    const hostile = zipSync(parts, { level: 1 });
    expect(await order(() => read(hostile))).toEqual(["csv", "timer", "hostile"]);
  });

  it("zip.unzip: inflating a bomb up to its cap", async () => {
    const chunks: Uint8Array[] = [];
    const writer = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    const file = new ZipDeflate("zeros.bin", { level: 9 });
    writer.add(file);
    const zero = new Uint8Array(1024 * 1024);
    // 60 MiB of zeros: past the 50 MiB cap, so the whole cap is inflated before the refusal.
    for (let i = 0; i < 60; i++) file.push(zero, i === 59);
    writer.end();
    const bomb = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      bomb.set(chunk, offset);
      offset += chunk.length;
    }
    expect(await order(() => unzip(bomb))).toEqual(["csv", "timer", "hostile"]);
  });
});
