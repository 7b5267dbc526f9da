// Owns the checks an xlsx file passes before exceljs sees it, and the clean archive exceljs is given instead of
// the caller's bytes. Inflates every part bomb-safely (counting bytes produced), then refuses: DTDs, more than
// XLSX_LIMITS.maxCells cells, cell and row references outside Excel's grid, sheet ids over XLSX_LIMITS.maxSheetId
// (exceljs indexes arrays by them), more than XLSX_LIMITS.maxCells merged ranges. Removes <definedNames> (exceljs
// expands their ranges cell by cell) and worksheets' phonetic runs (one in an inline string makes exceljs lose the rest
// of the sheet), makes t="d" cells text holding their ISO date (exceljs reads them as a number), checking the text
// left, and collects each sheet's <mergeCell> ranges (exceljs is told to skip them, for
// the same reason; merges.mjs applies them), found as exceljs finds a sheet's part. Re-zips the parts
// as stored entries, so exceljs reads exactly the parts that were checked. Runs in the xlsx worker (plain
// JavaScript), never on the host's main thread: the scans are linear but a 50 MiB workbook takes about a second.
// The limits arrive with the call (the host reads them from XLSX_LIMITS).

import { Zip, ZipPassThrough } from "fflate";
import { refusal } from "../refusal.mjs";
import { n } from "../format.mjs";
import { concat, inflateArchive } from "../zip/inflate.mjs";
import { parseRange } from "./merges.mjs";

/**
 * @typedef {{ maxParts: number, maxInflatedBytes: number, maxCells: number, maxRows: number, maxColumns: number,
 *   maxSheetId: number, chunkBytes?: number }} WorkbookLimits
 */

/**
 * A start tag with its attribute text, allowing ">" inside quoted values. "<" may not appear inside a tag in XML,
 * so every match attempt stops at the next "<": the scan stays linear however hostile the text.
 */
const tag = (name) => new RegExp(`<${name}(?=[\\s/>])((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>`, "g");
const ROW_TAG = tag("row");
const CELL_TAG = tag("c");
const SHEET_TAG = tag("sheet");
const MERGE_TAG = tag("mergeCell");
const RELATIONSHIP_TAG = tag("Relationship");
const DEFINED_NAME = /<definedName(?=[\s/>])/;

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the XML entities a parser would decode in an attribute value. */
function decodeXml(value) {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, entity) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Math.min(parseInt(entity.slice(2), 16), 0x10ffff));
    if (entity.startsWith("#")) return String.fromCodePoint(Math.min(parseInt(entity.slice(1), 10), 0x10ffff));
    return ENTITIES[entity] ?? "";
  });
}

const ATTRIBUTE_PATTERNS = new Map();

/** The decoded value of attribute `name` in a tag's attribute text, or undefined. */
function attribute(attributes, name) {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return decodeXml(match[1] ?? match[2] ?? "");
}

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

/** `xml` without its `name` elements (not nested), found with forward-only searches (linear time). */
function withoutElements(fn, xml, name, what) {
  const open = `<${name}`;
  const close = `</${name}`;
  const malformed = () => refusal("parse-failed", `${fn}: the workbook's ${what} are malformed`);
  let out = "";
  let position = 0;
  for (;;) {
    const start = xml.indexOf(open, position);
    if (start < 0) break;
    const after = xml[start + open.length];
    if (after !== undefined && !/[\s/>]/.test(after)) {
      out += xml.slice(position, start + open.length);
      position = start + open.length;
      continue;
    }
    const tagEnd = xml.indexOf(">", start);
    if (tagEnd < 0) throw malformed();
    let end;
    if (xml[tagEnd - 1] === "/") end = tagEnd + 1;
    else {
      const closing = xml.indexOf(close, tagEnd);
      const closingEnd = closing < 0 ? -1 : xml.indexOf(">", closing);
      if (closingEnd < 0) throw malformed();
      end = closingEnd + 1;
    }
    out += xml.slice(position, start);
    position = end;
  }
  return out + xml.slice(position);
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

/** An ISO 8601 date or date-time (no zone: UTC, as read takes every date) as toISOString gives it, else null. */
function isoDate(text) {
  const m = /^\s*(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(Z|[+-]\d{2}:?\d{2})?\s*$/.exec(text);
  if (!m) return null;
  const zone = m[3] === undefined ? "Z" : m[3].length === 5 ? `${m[3].slice(0, 3)}:${m[3].slice(3)}` : m[3];
  const date = new Date(`${m[1]}T${m[2] ?? "00:00"}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A worksheet whose ISO 8601 date cells (t="d", written by some tools instead of a serial number) are text cells
 * (t="str") holding the date as read gives dates: exceljs reads t="d" as parseFloat of its text ("2026-01-15" → 2026).
 * Text that is not an ISO date stays as written. Cells do not nest, so one forward pass suffices.
 */
function withDateCells(xml) {
  if (!/\st\s*=\s*["']d["']/.test(xml)) return xml;
  let out = "";
  let position = 0;
  for (const match of xml.matchAll(CELL_TAG)) {
    if (match.index < position || match[0].endsWith("/>") || attribute(match[1], "t") !== "d") continue;
    const tagEnd = match.index + match[0].length;
    const close = xml.indexOf("</c>", tagEnd);
    if (close < 0) continue;
    const attributes = match[1].replace(/(^|\s)t\s*=\s*(["'])d\2/, '$1t="str"');
    const inner = xml.slice(tagEnd, close).replace(/(<v(?:\s[^>]*)?>)([^<]*)(<\/v>)/, (all, open, text, end) => {
      const iso = isoDate(text);
      return iso === null ? all : `${open}${iso}${end}`;
    });
    out += `${xml.slice(position, match.index)}<c${attributes}>${inner}`;
    position = close;
  }
  return out + xml.slice(position);
}

/** exceljs's own test for a worksheet part (unanchored, on the entry name). */
const WORKSHEET_PART = /xl\/worksheets\/sheet(\d+)[.]xml/;

/**
 * A worksheet without phonetic runs and properties (<rPh>, <phoneticPr>: furigana guides, never a cell's value).
 * exceljs reads them in shared strings, but one inside an inline string (<is>) makes it lose that cell and every
 * cell after it in the sheet, silently.
 */
function withoutPhonetics(fn, xml) {
  if (!xml.includes("<rPh") && !xml.includes("<phoneticPr")) return xml;
  return withoutElements(fn, withoutElements(fn, xml, "rPh", "phonetic runs"), "phoneticPr", "phonetic properties");
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
    else if (WORKSHEET_PART.test(entry.name)) xml = withDateCells(withoutPhonetics(fn, original));
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
