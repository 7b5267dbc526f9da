// Owns linear scanning of XML text without a parser: start tags with their attributes, attribute values with their
// entities decoded, and removing elements. Every pattern stops at the next "<" (which XML forbids inside a tag), so
// each scan is linear however hostile the text. Refuses (parse-failed) an element it is asked to remove that does
// not end. Used by prepare.mjs and rewrite.mjs, in the xlsx worker.

import { refusal } from "../refusal.mjs";

/**
 * A start tag with its attribute text, allowing ">" inside quoted values. "<" may not appear inside a tag in XML,
 * so every match attempt stops at the next "<": the scan stays linear however hostile the text.
 */
export const tag = (name) => new RegExp(`<${name}(?=[\\s/>])((?:[^<>"']|"[^"<]*"|'[^'<]*')*)>`, "g");

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the XML entities a parser would decode in an attribute value. */
export function decodeXml(value) {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, entity) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Math.min(parseInt(entity.slice(2), 16), 0x10ffff));
    if (entity.startsWith("#")) return String.fromCodePoint(Math.min(parseInt(entity.slice(1), 10), 0x10ffff));
    return ENTITIES[entity] ?? "";
  });
}

const ATTRIBUTE_PATTERNS = new Map();

/** The decoded value of attribute `name` in a tag's attribute text, or undefined. */
export function attribute(attributes, name) {
  let pattern = ATTRIBUTE_PATTERNS.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTE_PATTERNS.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return decodeXml(match[1] ?? match[2] ?? "");
}

/** `xml` without its `name` elements (not nested), found with forward-only searches (linear time). */
export function withoutElements(fn, xml, name, what) {
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
