// Owns the option rules csv.parse and csv.stringify share: the delimiter, quote and newline a caller may pass.
// Refuses (through readOptions) a delimiter papaparse would silently ignore, a quote of more than one character, and
// any newline but LF, CRLF and CR.

import { oneOf, text } from "../check.js";

/** Characters papaparse cannot use inside a delimiter (it would silently ignore such a delimiter). */
const BAD_IN_DELIMITER = ["\r", "\n", '"', "\ufeff"];
export const delimiterRule = text(1, 16, "a delimiter without CR, LF, '\"' or a BOM", (v) => !BAD_IN_DELIMITER.some((b) => v.includes(b)));
export const quoteRule = text(1, 1, "one character other than CR or LF", (v) => v !== "\r" && v !== "\n");
export const newlineRule = oneOf("\n", "\r\n", "\r");
