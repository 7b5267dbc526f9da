// Owns Excel's naming rules: column letters, and which sheet names Excel accepts. Refuses (by reporting why)
// empty names, names over 31 characters, names with [ ] : * ? / \ or control characters, names starting or
// ending with an apostrophe, and the reserved "History".

import { XLSX_LIMITS } from "./descriptor.js";

/** Excel column letters of a 1-based column number (1 → "A", 28 → "AB"). */
export function columnLetters(column: number): string {
  let letters = "";
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return letters;
}

/** Why `name` is not a valid Excel sheet name, or null. */
export function sheetNameProblem(name: string): string | null {
  if (name.length === 0) return "it is empty";
  if (name.length > XLSX_LIMITS.maxSheetNameLength.default) return `it is over ${XLSX_LIMITS.maxSheetNameLength.default} characters`;
  if (/[[\]:*?/\\]/.test(name)) return "it contains one of [ ] : * ? / \\";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return "it contains a control character";
  if (name.startsWith("'") || name.endsWith("'")) return "it starts or ends with an apostrophe";
  if (name.toLowerCase() === "history") return "\"History\" is reserved by Excel";
  return null;
}

