// Owns the xlsx worker thread: checks a workbook and re-zips its checked parts (prepare.mjs), reads that with
// exceljs, and writes validated sheets. Runs in a worker because the checks take time proportional to the file,
// exceljs is slow on large workbooks and has array-index traps the host bounds in time and heap (see ../isolate.ts).
// exceljs reads only sheet data: merges, validations, columns, drawings, tables and conditional formats are not
// parsed (it expands some of them cell by cell); merged-away cells are hidden by merges.mjs instead. Refuses a sheet
// that does not exist; skips `offset` rows (after the header row, with header); truncates rows at maxRows, maxCells
// (dense) and maxOutputBytes.
// Plain JavaScript because worker threads load files as they are; the host-side checks live in index.ts.

import { parentPort } from "node:worker_threads";
import { refusal, refusalCode } from "../refusal.mjs";
import { firstLine } from "../format.mjs";
import { cellSize } from "../result-size.mjs";
import { prepareWorkbook } from "./prepare.mjs";
import { isMergedAway, mergedAwayCells } from "./merges.mjs";

/** @type {any} */
let ExcelJS = null;
/** @type {typeof import("fflate") | null} */
let fflate = null;

parentPort.on("message", async (message) => {
  const { id, op, payload } = message;
  try {
    ExcelJS ??= (await import("exceljs")).default;
    fflate ??= await import("fflate");
    // exceljs is loaded: the call's own time limit starts now (see ../pool/worker-slot.ts).
    parentPort.postMessage({ id, running: true });
    const handler = OPS[op];
    if (!handler) throw refusal("internal-error", `unknown operation ${op}`);
    const { value, transfer } = await handler(payload);
    parentPort.postMessage({ id, ok: true, value }, transfer ?? []);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, ...describe(payload?.fn ?? "xlsx", error) });
  }
});

function describe(fn, error) {
  const code = refusalCode(error);
  if (code) return { code, message: error.message };
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { code: "input-too-complex", message: `${fn}: the workbook is nested too deeply to read` };
  }
  const text = String(error?.message ?? error).split("\n", 1)[0];
  // The host prefixes internal-error messages with the function name itself.
  if (fn !== "xlsx.read") return { code: "internal-error", message: `exceljs failed: ${text}` };
  return { code: "parse-failed", message: `${fn}: exceljs failed: ${text.slice(0, 200)}` };
}

/** Worksheet parts exceljs is told to skip: everything but the cell data. */
const IGNORE_NODES = [
  "sheetPr", "dimension", "sheetViews", "sheetFormatPr", "cols", "autoFilter", "mergeCells", "rowBreaks", "hyperlinks",
  "pageMargins", "dataValidations", "pageSetup", "headerFooter", "printOptions", "picture", "drawing", "sheetProtection",
  "tableParts", "conditionalFormatting", "extLst",
];

/** Merged-away cells (exceljs ValueType.Merge). */
const MERGE = 1;

/** One exceljs cell value as a primitive: formulas give their cached result, rich text is joined, hyperlinks
 * give their text, errors their code ("#REF!"), dates an ISO string. */
function convert(value, depth = 0) {
  if (value === null || value === undefined || depth > 4) return null;
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "object":
      break;
    default:
      return null;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Object.hasOwn(value, "error")) return String(value.error);
  if (Array.isArray(value.richText)) return value.richText.map((run) => (typeof run?.text === "string" ? run.text : "")).join("");
  if (Object.hasOwn(value, "formula") || Object.hasOwn(value, "sharedFormula")) return convert(value.result, depth + 1);
  if (Object.hasOwn(value, "text")) return convert(value.text, depth + 1);
  return null;
}

function pickSheet(fn, worksheets, sheet) {
  if (sheet === undefined || sheet === null) {
    if (!worksheets.length) throw refusal("sheet-not-found", `${fn}: the workbook has no sheets`);
    return worksheets[0];
  }
  const names = worksheets.map((w) => w.name);
  const list = names.slice(0, 20).map((name) => JSON.stringify(name)).join(", ") + (names.length > 20 ? ", …" : "");
  if (typeof sheet === "number") {
    if (sheet < worksheets.length) return worksheets[sheet];
    throw refusal("sheet-not-found", `${fn}: there is no sheet at index ${sheet}; the workbook has ${names.length} sheet(s): ${list}`);
  }
  const exact = worksheets.find((w) => w.name === sheet);
  if (exact) return exact;
  const folded = worksheets.find((w) => w.name.toLowerCase() === sheet.toLowerCase());
  if (folded) return folded;
  throw refusal("sheet-not-found", `${fn}: there is no sheet named ${JSON.stringify(sheet.slice(0, 40))}; sheets: ${list}`);
}

/** The values of sheet row `r` (1-based): empty and merged-away cells null, trailing empty cells dropped. */
function rowValues(worksheet, r, away) {
  const row = worksheet.findRow(r);
  const width = row ? Math.min(row.cellCount, 16_384) : 0;
  const values = [];
  let used = 0;
  for (let c = 1; c <= width; c++) {
    const cell = row.findCell(c);
    const value = !cell || cell.type === MERGE || isMergedAway(away, r, c) ? null : convert(cell.value);
    values.push(value);
    if (value !== null) used = c;
  }
  values.length = used;
  return values;
}

const OPS = {
  async read({ fn, bytes, sheet, header, offset, maxRows, maxCells, maxOutputBytes, limits }) {
    let archive;
    let merges;
    try {
      ({ archive, merges } = prepareWorkbook(fn, bytes, limits));
    } catch (error) {
      if (refusalCode(error) || error instanceof RangeError) throw error;
      throw refusal("parse-failed", `${fn}: could not read the workbook: ${firstLine(error)}`);
    }
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(archive, { ignoreNodes: IGNORE_NODES });
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw refusal("parse-failed", `${fn}: the workbook could not be read: ${String(error?.message ?? error).split("\n", 1)[0].slice(0, 200)}`);
    }
    const worksheets = workbook.worksheets;
    const sheets = worksheets.map((w) => w.name);
    const worksheet = pickSheet(fn, worksheets, sheet);
    // Merged-away cells are null, as exceljs's own merges make them (see merges.mjs for why exceljs skips them).
    const away = mergedAwayCells(worksheet, merges.get(worksheet.id));

    // Last row holding a value as read returns it (a row of formulas without cached results has exceljs values
    // but gives only nulls: it is a trailing empty row, dropped); prepare.mjs bounds row numbers to Excel's grid.
    let last = 0;
    for (let r = Math.min(worksheet.rowCount, 1_048_576); r >= 1 && last === 0; r--) {
      const row = worksheet.findRow(r);
      if (row && row.hasValues && rowValues(worksheet, r, away).length > 0) last = r;
    }
    const rows = [];
    let cells = 0;
    // The sheet names cross with the rows.
    let bytesUsed = sheets.reduce((sum, name) => sum + cellSize(name), cellSize(worksheet.name));
    let truncated = false;
    let skipped = 0;
    for (let r = 1; r <= last; r++) {
      if (rows.length >= maxRows) {
        truncated = true;
        break;
      }
      const values = rowValues(worksheet, r, away);
      // With a header, row 1 always comes first, and empty rows are no records (neither returned nor counted).
      const isHeader = header && r === 1;
      if (header && !isHeader && values.length === 0) continue;
      if (!isHeader && skipped < offset) {
        skipped++;
        continue;
      }
      let size = 2;
      for (const value of values) size += cellSize(value);
      if (cells + values.length > maxCells || bytesUsed + size > maxOutputBytes) {
        // A page must move `next` on (index.ts rowTooLarge says the same on the host).
        if (isHeader || rows.length === (header ? 1 : 0)) {
          throw refusal("output-too-large", `${fn}: row ${r} of sheet "${worksheet.name}" alone is over the output limit as it crosses, so no page can hold it; shorten or split its cells in the workbook`);
        }
        truncated = true;
        break;
      }
      cells += values.length;
      bytesUsed += size;
      rows.push(values);
    }
    return { value: { sheets, sheet: worksheet.name, rows, truncated } };
  },

  async write({ sheets }) {
    const workbook = new ExcelJS.Workbook();
    // Fixed metadata and zip timestamps, so the same sheets always give the same bytes.
    const epoch = new Date(Date.UTC(1980, 0, 1));
    workbook.created = epoch;
    workbook.modified = epoch;
    for (const { name, rows } of sheets) {
      const worksheet = workbook.addWorksheet(name);
      for (const row of rows) worksheet.addRow(row.map(storedText));
    }
    const written = new Uint8Array(await workbook.xlsx.writeBuffer());
    const parts = fflate.unzipSync(written);
    const names = Object.keys(parts);
    const out = fflate.zipSync(
      Object.fromEntries(names.map((name) => [name, [parts[name], { mtime: new Date(1980, 0, 1) }]])),
      { level: 6 },
    );
    return { value: out, transfer: [out.buffer] };
  },
};

/**
 * A string cell as it must be stored to read back as written: readers (exceljs, Excel) decode `_xHHHH_` as the
 * character U+HHHH, and XML turns a raw CR into LF, so a CR is stored as `_x000D_` and every "_" that would start
 * an escape (counting a CR after it as the `_` it becomes) as `_x005F_`, Excel's own escape of "_". Escaping
 * each such "_", not each match, keeps overlapping ones (`_x0041_x0042_`) apart. Other values are stored as they are.
 */
function storedText(value) {
  if (typeof value !== "string") return value;
  return value.replace(/_(?=x[0-9A-Fa-f]{4}[_\r])/g, "_x005F_").replace(/\r/g, "_x000D_");
}
