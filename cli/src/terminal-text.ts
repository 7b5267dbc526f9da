// Owns making text that comes from a pack, a guest or a registry safe to print: control characters (ESC and the
// rest of C0/C1, so no ANSI or OSC sequence reaches the terminal), bidirectional overrides and line separators are
// shown escaped (\x1b, \u{202e}), and a piece longer than its cap is cut with the count of what was left out (a 1 MiB
// import specifier is not echoed whole). Every CLI output path that carries such text goes through shown() or
// shownMessage(); tables apply it to every cell. Refuses nothing: it only rewrites.

import { MESSAGE_MAX_CHARS, TEXT_MAX_CHARS } from "./tuning.js";

// C0 controls but \n, DEL and C1; the bidi embeddings, overrides and isolates, marks, and the Unicode line separators.
const UNSAFE_INLINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (ch: string) => {
  const n = ch.codePointAt(0)!;
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u{${n.toString(16)}}`;
};

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // do not split a surrogate pair
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

/**
 * Untrusted text as one safe line: cut to `max` characters, then every control character, bidi control and line
 * separator (newlines too) escaped.
 */
export function shown(text: unknown, max = TEXT_MAX_CHARS): string {
  return cut(String(text), max).replace(UNSAFE_INLINE, escape);
}

/** A whole message that may carry untrusted text: newlines kept, everything else as shown(), cut at MESSAGE_MAX_CHARS. */
export function shownMessage(text: unknown, max = MESSAGE_MAX_CHARS): string {
  return cut(String(text), max).replace(UNSAFE_LINES, escape);
}

/** Guest output (console lines, the run's value) for a terminal: escaped only when the stream is one, never cut. */
export function forStream(text: string, stream: NodeJS.WriteStream): string {
  return stream.isTTY ? text.replace(UNSAFE_LINES, escape) : text;
}
