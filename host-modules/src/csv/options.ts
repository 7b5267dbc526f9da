// Owns the option rules csv.parse and csv.stringify share (the delimiter, quote and newline a caller may pass) and the
// refusal, by name, of papaparse options this module does not take. Refuses (through readOptions) a delimiter
// papaparse would silently ignore, a quote of more than one character and any newline but LF, CRLF and CR; and
// (refuseByName) an option that takes a function (`option-function`) or that papaparse would use to reach the network
// or run a caller's pattern (`option-unsupported`), before any other option is read.

import { isPlainObject, oneOf, quote, text, type OptionRule } from "../check.js";
import { HostModuleError } from "../errors.js";

/** Characters papaparse cannot use inside a delimiter (it would silently ignore such a delimiter). */
const BAD_IN_DELIMITER = ["\r", "\n", '"', "\ufeff"];
export const delimiterRule = text(1, 16, "a delimiter without CR, LF, '\"' or a BOM", (v) => !BAD_IN_DELIMITER.some((b) => v.includes(b)));
export const quoteRule = text(1, 1, "one character other than CR or LF", (v) => v !== "\r" && v !== "\n");
export const newlineRule = oneOf("\n", "\r\n", "\r");

/** papaparse's parse options that take only a function, with what to do instead. */
export const PARSE_FUNCTION_OPTIONS: Readonly<Record<string, string>> = {
  transformHeader: "rename the entries of `fields` (and the record keys) in the guest after parse",
  transform: "map the values of `rows` in the guest after parse",
  step: "the whole text is parsed in one call: loop over `rows`",
  chunk: "the whole text is parsed in one call: loop over `rows` (page with `offset` and `next`)",
  complete: "parse returns (a promise of) the result: await it",
  error: "parse rejects with a HostModuleError: catch it",
  beforeFirstChunk: "change the text in the guest before passing it",
};

/** papaparse's parse options that would reach the network (the text is then a URL). */
export const PARSE_NETWORK_OPTIONS = ["download", "downloadRequestHeaders", "downloadRequestBody", "withCredentials"];

/**
 * Refuses, before any rule is read, an option whose value is a function (whatever its name) or that is one of
 * `functionOptions` (`option-function`), and one of `unsupported` (`option-unsupported`, with its reason). A guest's
 * function never arrives (the crossing drops it); a host caller's would otherwise be silently unused.
 */
export function refuseByName(
  fn: string,
  options: unknown,
  functionOptions: Readonly<Record<string, string>>,
  unsupported: Readonly<Record<string, string>>,
): void {
  if (!isPlainObject(options)) return; // readOptions refuses it with its own message
  for (const key of Object.keys(options)) {
    const descriptor = Object.getOwnPropertyDescriptor(options, key)!;
    const isFunction = "value" in descriptor && typeof descriptor.value === "function";
    if (Object.hasOwn(functionOptions, key) || isFunction) {
      const instead = Object.hasOwn(functionOptions, key) ? `; ${functionOptions[key]}` : "";
      throw new HostModuleError("option-function", `${fn}: option ${quote(key)} takes a function, and functions do not cross to the host${instead}`);
    }
    if (Object.hasOwn(unsupported, key)) {
      throw new HostModuleError("option-unsupported", `${fn}: option ${quote(key)} is not offered: ${unsupported[key]}`);
    }
  }
}

/** A rule for a plain object of own boolean data properties (papaparse's per-column dynamicTyping). */
export const booleanMap: OptionRule = {
  expect: "a plain object of column (header name or 0-based index) → boolean",
  ok: (v) =>
    isPlainObject(v) &&
    Object.keys(v).length <= 16_384 &&
    Object.keys(v).every((k) => {
      const d = Object.getOwnPropertyDescriptor(v, k)!;
      return "value" in d && typeof d.value === "boolean";
    }),
};

/** A rule for an array of 1..`max` entries each passing `entry` (papaparse's delimitersToGuess, quotes). */
export function arrayOf(entry: OptionRule, max: number, what: string): OptionRule {
  return { expect: `an array of at most ${max} ${what}`, ok: (v) => Array.isArray(v) && v.length <= max && v.every((x) => entry.ok(x)) };
}
