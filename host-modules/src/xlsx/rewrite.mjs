// Owns the rewrites of a worksheet's text that exceljs would misread, done before prepare.mjs checks the text (so
// the checks read exactly what exceljs parses): phonetic runs removed (one in an inline string makes exceljs lose the
// rest of the sheet), ISO 8601 date cells (t="d") made text cells holding their date (exceljs reads them as a
// number), t="str" values escaped once more (exceljs decodes them twice). Refuses (parse-failed, from
// withoutElements) a phonetic element that does not end.

import { attribute, decodeXml, tag, withoutElements } from "./xml-text.mjs";

const CELL_TAG = tag("c");

/** An ISO 8601 date or date-time (no zone: UTC, as read takes every date) as toISOString gives it, else null. */
function isoDate(text) {
  const m = /^\s*(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?(Z|[+-]\d{2}:?\d{2})?\s*$/.exec(text);
  if (!m) return null;
  const zone = m[3] === undefined ? "Z" : m[3].length === 5 ? `${m[3].slice(0, 3)}:${m[3].slice(3)}` : m[3];
  const date = new Date(`${m[1]}T${m[2] ?? "00:00"}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const escapeXml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A t="str" value written so that exceljs reads it as it is: exceljs entity-decodes a t="str" value (a formula's
 * text result) a second time after the XML parser did (the text "&amp;" read as "&"), so each "&" of the value is
 * given once more as "&amp;", which that second decoding turns back.
 */
function forSecondDecoding(raw) {
  return raw.includes("&") ? escapeXml(decodeXml(raw).replace(/&/g, "&amp;")) : raw;
}

/**
 * A worksheet whose text cells exceljs would misread are written so that it reads their value: ISO 8601 date cells
 * (t="d", written by some tools instead of a serial number, which exceljs reads as parseFloat of their text:
 * "2026-01-15" → 2026) become t="str" cells holding the date as read gives dates (text that is not an ISO date stays
 * as written), and t="str" values holding "&" are escaped for exceljs's second decoding. Cells do not nest, so one
 * forward pass suffices.
 */
export function withTextCells(xml) {
  const dates = /\st\s*=\s*["']d["']/.test(xml);
  const strings = /&/.test(xml) && /\st\s*=\s*["']str["']/.test(xml);
  if (!dates && !strings) return xml;
  // Every search below moves forward only (the next "&", the last "</c>"), so the pass stays linear on any text;
  // only the spans that change are copied (a 1,000,000-date sheet is otherwise mostly garbage collection).
  const lastClose = xml.lastIndexOf("</c>");
  const isoOf = new Map();
  let nextAmp = -1;
  const out = [];
  let position = 0;
  let scanned = 0;
  for (const match of xml.matchAll(CELL_TAG)) {
    if (match.index < scanned || match[0].endsWith("/>") || !match[1].includes("t")) continue;
    const type = attribute(match[1], "t");
    if (!(strings && type === "str") && !(dates && type === "d")) continue;
    const tagEnd = match.index + match[0].length;
    if (tagEnd > lastClose) break;
    const close = xml.indexOf("</c>", tagEnd);
    scanned = close;
    if (type === "str") {
      if (nextAmp < tagEnd) nextAmp = xml.indexOf("&", tagEnd);
      if (nextAmp < 0 || nextAmp > close) continue;
    }
    if (type === "d") {
      const t = /(^|\s)t\s*=\s*(["'])d\2/.exec(match[1]);
      const at = match.index + 2 + t.index + t[0].length - 2; // the "d"
      out.push(xml.slice(position, at), "str");
      position = at + 1;
    }
    const v = xml.indexOf("<v", tagEnd);
    if (v < 0 || v > close || !/[\s>]/.test(xml[v + 2])) continue;
    const start = xml.indexOf(">", v) + 1;
    const end = xml.indexOf("</v>", start);
    if (start <= 0 || end < 0 || end > close || xml.lastIndexOf("<", end - 1) >= start) continue;
    const raw = xml.slice(start, end);
    let value = null;
    if (type === "d") {
      value = isoOf.get(raw);
      if (value === undefined) {
        value = isoDate(raw);
        if (isoOf.size < 65_536) isoOf.set(raw, value);
      }
    }
    out.push(xml.slice(position, start), value ?? forSecondDecoding(raw));
    position = end;
  }
  out.push(xml.slice(position));
  return out.join("");
}

/** exceljs's own test for a worksheet part (unanchored, on the entry name). */
export const WORKSHEET_PART = /xl\/worksheets\/sheet(\d+)[.]xml/;

/**
 * A worksheet without phonetic runs and properties (<rPh>, <phoneticPr>: furigana guides, never a cell's value).
 * exceljs reads them in shared strings, but one inside an inline string (<is>) makes it lose that cell and every
 * cell after it in the sheet, silently.
 */
export function withoutPhonetics(fn, xml) {
  // One regex test: a third of the time of two includes() on a 30 MB sheet.
  if (!/<(?:rPh|phoneticPr)[\s/>]/.test(xml)) return xml;
  return withoutElements(fn, withoutElements(fn, xml, "rPh", "phonetic runs"), "phoneticPr", "phonetic properties");
}
