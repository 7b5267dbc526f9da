// Owns the estimate worker scripts make of a result's size as it crosses into the guest, in the measure the runtime
// checks against limits.hostDataBytes: the JSON text (escapes included) plus the sidecar bytes. Every estimate is an
// upper bound: UTF-8 bytes are counted where the runtime counts UTF-16 code units, and big strings, which cross in
// the sidecar unescaped, are still counted escaped. The one copy: host code takes it through output.ts (typed by
// result-size.d.mts), worker scripts import it directly. Refuses nothing itself.

/** What a tagged scalar (-0, NaN, ±Infinity) takes as it crosses, and its separator. */
const TAGGED_SCALAR_BYTES = 32;

/** Characters JSON.stringify escapes: quote, backslash, C0 controls, and any surrogate (lone ones are escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Printable ASCII but the quote and the backslash: one UTF-8 byte each and no escape (most cells). */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Characters JSON.stringify adds to `value` by escaping (\n is one more, \u0001 five more, a lone surrogate five). */
function escapeExtra(value) {
  let extra = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) extra += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
    else if (c === 0x22 || c === 0x5c) extra += 1;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else extra += 5;
    }
  }
  return extra;
}

/**
 * Estimated size of a string cell or key as it crosses: its UTF-8 bytes (never fewer than the UTF-16 code units the
 * runtime counts), its escapes, two quotes and a separator. An upper bound: big strings cross unescaped.
 */
export function stringSize(value) {
  // One native test instead of a UTF-8 count and an escape test, for the common cell: the same figure.
  if (PLAIN_ASCII.test(value)) return value.length + 3;
  const size = Buffer.byteLength(value, "utf8") + 3;
  return NEEDS_ESCAPE.test(value) ? size + escapeExtra(value) : size;
}

/** Estimated size of a primitive cell (string, number, boolean, null) and its separator. */
export function cellSize(value) {
  if (typeof value === "string") return stringSize(value);
  // -0, NaN and ±Infinity cross as tagged objects ({"\u0000":"n","v":"-0"}), not as JSON numbers.
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? String(value).length + 1 : TAGGED_SCALAR_BYTES;
  if (typeof value === "boolean") return 6;
  return 5;
}

/** Estimated size of a Uint8Array: its bytes in the sidecar plus the tag that points at them in the JSON. */
export function bytesSize(value) {
  return value.byteLength + 48;
}
