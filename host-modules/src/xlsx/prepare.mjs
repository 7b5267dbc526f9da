// Owns the checks an xlsx file passes before exceljs sees it, and the clean archive exceljs is given instead of
// the caller's bytes. Inflates every part bomb-safely (counting bytes produced), removes <definedNames> (exceljs
// expands their ranges cell by cell) and rewrites worksheets exceljs would misread (rewrite.mjs), then refuses, in the
// text left: DTDs, more than XLSX_LIMITS.maxCells cells or merged ranges, cell and row references outside Excel's
// grid, sheet ids over XLSX_LIMITS.maxSheetId (exceljs indexes arrays by them). Collects each sheet's <mergeCell>
// ranges (exceljs is told to skip them, for the same reason as defined names; merges.mjs applies them), finding a
// sheet's part as exceljs does. Re-zips the parts as stored entries, so exceljs reads exactly the parts that were
// checked. Runs in the xlsx worker (plain JavaScript), never on the host's main thread: the scans are linear but a
// 50 MiB workbook takes about a second. The limits arrive with the call (the host reads them from XLSX_LIMITS).

import { Zip, ZipPassThrough } from "fflate";
import { refusal } from "../refusal.mjs";
import { n } from "../format.mjs";
import { concat, inflateArchive } from "../zip/inflate.mjs";
import { parseRange } from "./merges.mjs";
import { attribute, tag, withoutElements } from "./xml-text.mjs";
import { WORKSHEET_PART, withTextCells, withoutPhonetics } from "./rewrite.mjs";

/**
 * @typedef {{ maxParts: number, maxInflatedBytes: number, maxCells: number, maxRows: number, maxColumns: number,
 *   maxSheetId: number, chunkBytes?: number }} WorkbookLimits
 */

const ROW_TAG = tag("row");
const CELL_TAG = tag("c");
const SHEET_TAG = tag("sheet");
const MERGE_TAG = tag("mergeCell");
const RELATIONSHIP_TAG = tag("Relationship");
const DEFINED_NAME = /<definedName(?=[\s/>])/;

/** 1-based column number of letters "A".."XFD" (any length; the caller bounds it). */
function columnNumber(letters) {
  let value = 0;
  for (const char of letters.toUpperCase()) {
    value = value * 26 + (char.charCodeAt(0) - 64);
    if (value > 1e9) return value;
  }
  return value;
}

const decoder = new TextDecoder("utf-8");
const encoder = new TextEncoder();

/** The merged ranges a part declares ([top, left, bottom, right]; references outside the grid are ignored). */
function mergeRanges(fn, xml, counter, limits) {
  const ranges = [];
  for (const match of xml.matchAll(MERGE_TAG)) {
    counter.merges++;
    if (counter.merges > limits.maxCells) {
      throw refusal("input-too-large", `${fn}: the workbook has more than ${n(limits.maxCells)} merged ranges; split it into smaller workbooks`);
    }
    const range = parseRange(attribute(match[1], "ref") ?? "", limits.maxRows);
    if (range) ranges.push(range);
  }
  return ranges;
}

/**
 * Each sheet's merged ranges by sheetId, the sheet's part found as exceljs finds it: workbook.xml's <sheet r:id>,
 * the Relationship with that Id in xl/_rels/workbook.xml.rels, its Target under xl/ (exceljs: the loaded worksheet's
 * `id` is its sheetId, and exceljs keeps one worksheet per id).
 */
function sheetMerges(texts, rangesByPart) {
  const merges = new Map();
  const rels = texts.get("xl/_rels/workbook.xml.rels");
  const workbook = texts.get("xl/workbook.xml");
  if (rels === undefined || workbook === undefined) return merges;
  const targets = new Map();
  for (const match of rels.matchAll(RELATIONSHIP_TAG)) {
    const id = attribute(match[1], "Id");
    const target = attribute(match[1], "Target");
    if (id !== undefined && target !== undefined && !targets.has(id)) targets.set(id, target);
  }
  for (const match of workbook.matchAll(SHEET_TAG)) {
    const id = parseInt(attribute(match[1], "sheetId") ?? "", 10);
    const target = targets.get(attribute(match[1], "r:id") ?? "");
    if (!Number.isInteger(id) || target === undefined || merges.has(id)) continue;
    const ranges = rangesByPart.get(`xl/${target.replace(/^(\s|\/xl\/)+/, "")}`);
    if (ranges && ranges.length) merges.set(id, ranges);
  }
  return merges;
}

function checkSheetXml(fn, part, xml, counter, limits) {
  for (const match of xml.matchAll(ROW_TAG)) {
    const r = attribute(match[1], "r");
    if (r === undefined) continue;
    const row = parseInt(r, 10);
    if (!(row >= 1 && row <= limits.maxRows)) {
      throw refusal("parse-failed", `${fn}: ${part} has a row number outside Excel's 1..${n(limits.maxRows)}`);
    }
  }
  for (const match of xml.matchAll(CELL_TAG)) {
    counter.cells++;
    if (counter.cells > limits.maxCells) {
      throw refusal("input-too-large", `${fn}: the workbook has more than ${n(limits.maxCells)} cells; split it into smaller workbooks`);
    }
    const ref = attribute(match[1], "r");
    if (ref === undefined) continue;
    const parts = /^\s*\$?([A-Za-z]+)\$?([0-9]+)\s*$/.exec(ref);
    if (!parts) throw refusal("parse-failed", `${fn}: ${part} has a cell reference that is not A1-style`);
    const column = columnNumber(parts[1]);
    const row = parseInt(parts[2], 10);
    if (column < 1 || column > limits.maxColumns || row < 1 || row > limits.maxRows) {
      throw refusal("parse-failed", `${fn}: ${part} has a cell reference outside Excel's grid (A1..XFD1048576)`);
    }
  }
}

/** workbook.xml without <definedNames>, its sheets checked in the text exceljs will parse (after the removal, so
 * that a removal cannot join pieces into an unchecked <sheet>). */
function checkWorkbookXml(fn, xml, limits) {
  const stripped = withoutElements(fn, xml, "definedNames", "defined names");
  if (DEFINED_NAME.test(stripped)) {
    throw refusal("parse-failed", `${fn}: the workbook's defined names are malformed`);
  }
  let sheets = 0;
  for (const match of stripped.matchAll(SHEET_TAG)) {
    sheets++;
    if (sheets > limits.maxParts) throw refusal("input-too-large", `${fn}: the workbook lists more than ${n(limits.maxParts)} sheets`);
    const id = attribute(match[1], "sheetId");
    if (id === undefined) continue;
    const value = parseInt(id, 10);
    if (!(value >= 1 && value <= limits.maxSheetId)) {
      throw refusal("parse-failed", `${fn}: the workbook has a sheetId outside 1..${n(limits.maxSheetId)}`);
    }
  }
  return stripped;
}

function rezip(entries) {
  const chunks = [];
  let size = 0;
  const writer = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
    size += chunk.length;
  });
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    file.mtime = new Date(1980, 0, 1);
    writer.add(file);
    file.push(entry.data, true);
  }
  writer.end();
  return concat(chunks, size);
}

/**
 * Checks an xlsx file and returns the archive to hand to exceljs (see the file comment) and each sheet's merged
 * ranges by sheetId.
 * @param {string} fn
 * @param {Uint8Array} bytes
 * @param {WorkbookLimits} limits
 * @returns {{ archive: Uint8Array, merges: Map<number, number[][]> }}
 */
export function prepareWorkbook(fn, bytes, limits) {
  const entries = inflateArchive(fn, bytes, {
    maxEntries: limits.maxParts,
    maxBytes: limits.maxInflatedBytes,
    chunkBytes: limits.chunkBytes,
    advice: "this is not a workbook exceljs should open",
  });
  if (!entries.some((e) => e.name.replace(/^\//, "") === "xl/workbook.xml")) {
    throw refusal("parse-failed", `${fn}: the archive has no xl/workbook.xml; it is not an xlsx workbook`);
  }
  const counter = { cells: 0, merges: 0 };
  const texts = new Map();
  const rangesByPart = new Map();
  for (const entry of entries) {
    // exceljs reads every part as XML text except media (its own unanchored test); so is every part here.
    if (/xl\/media\//.test(entry.name)) continue;
    const original = decoder.decode(entry.data);
    // exceljs drops one leading "/" before matching "xl/workbook.xml".
    const name = entry.name.replace(/^\//, "");
    // What is removed is removed first, so every check below reads exactly the text exceljs will parse.
    let xml = original;
    if (name === "xl/workbook.xml") xml = checkWorkbookXml(fn, original, limits);
    else if (WORKSHEET_PART.test(entry.name)) xml = withTextCells(withoutPhonetics(fn, original));
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
      throw refusal("parse-failed", `${fn}: part ${JSON.stringify(entry.name.slice(0, 80))} declares a DTD; refusing it`);
    }
    // exceljs matches worksheet names with an unanchored regex, so every part is checked as a sheet could be.
    checkSheetXml(fn, entry.name, xml, counter, limits);
    rangesByPart.set(name, mergeRanges(fn, xml, counter, limits));
    if (name === "xl/_rels/workbook.xml.rels" || name === "xl/workbook.xml") texts.set(name, xml);
    if (xml !== original) entry.data = encoder.encode(xml);
  }
  return { archive: rezip(entries), merges: sheetMerges(texts, rangesByPart) };
}
