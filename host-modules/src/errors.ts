// Owns the one error vocabulary of the host modules and the WASM pool: every code with what it means and what to do
// (HOST_MODULE_CODES), the one error class (HostModuleError), and the scrubbing of messages that come from libraries.
// Refuses to let a host path, a stack frame or an unbounded library message reach a guest. Environment-neutral: the
// browser runner bundles it with the WASM pool.

/** What a code means and the one line that says what to do about it. */
export interface CodeRow {
  readonly meaning: string;
  readonly hint: string;
}

/** Codes of the host modules (csv, html, xlsx, zip, ocr). */
const MODULE_CODES = {
  "input-invalid": {
    meaning: "an argument has the wrong type or shape (not a string, not a Uint8Array, a cell that is not a primitive, …)",
    hint: "pass what the export's signature names (see the pack's .d.ts): cells are primitives, bytes are a Uint8Array",
  },
  "input-too-large": {
    meaning: "an argument is over a size or count limit (text bytes, input bytes, rows, cells, entries, sheets, selector length)",
    hint: "split the input and call once per part; the message names the limit",
  },
  "option-unknown": {
    meaning: "an option key is not in the function's allowlist",
    hint: "remove the option: the message lists the allowed ones (unknown options are refused, never ignored)",
  },
  "option-invalid": {
    meaning: "an option has the wrong type, is out of range, conflicts with another, or options is not a plain object",
    hint: "pass a plain object whose values fit the rule the message states; a limit option may be lowered, never raised",
  },
  "option-function": {
    meaning: "an option of the wrapped library that takes a function (transform, step, transformHeader, …): functions do not cross to the host",
    hint: "leave the option out and do that work in the guest on the result (e.g. rename fields or map values after parse)",
  },
  "option-unsupported": {
    meaning: "an option of the wrapped library the host module does not offer (it would reach the network, or run a guest pattern on the host)",
    hint: "do it another way: the message names the option and what to do instead (fetch the text yourself, pass a boolean)",
  },
  "output-too-large": {
    meaning: "the result would be larger than its limit",
    hint: "ask for less: a narrower selector, a lower limit or maxRows, or a smaller input",
  },
  "parse-failed": {
    meaning: "the input could not be parsed as the format the function reads",
    hint: "check that the input is in the format the function reads and is neither truncated nor damaged",
  },
  "selector-invalid": {
    meaning: "html: the CSS selector is blank or could not be parsed",
    hint: "pass a CSS selector such as \"a[href]\" or \"div.item > p\"",
  },
  "input-too-complex": {
    meaning: "the input is nested too deeply for the library to walk (a stack overflow inside it)",
    hint: "flatten the input or pass a smaller document",
  },
  "sheet-not-found": {
    meaning: "xlsx: the requested sheet does not exist",
    hint: "pass a sheet name or 0-based index from the list the message gives",
  },
  "sheet-name-invalid": {
    meaning: "xlsx: a sheet name breaks Excel's rules (1-31 chars, no []:*?/\\, no leading/trailing ', unique ignoring case, not 'History')",
    hint: "rename the sheet to follow Excel's rules",
  },
  "zip-bomb": {
    meaning: "an archive inflated past its byte limit (counted on bytes actually produced)",
    hint: "refuse the file, or raise maxBytes up to its ceiling if that much content is expected",
  },
  "too-many-entries": {
    meaning: "an archive holds more entries than its limit",
    hint: "raise maxEntries up to its ceiling, or split the archive",
  },
  "entry-duplicate": {
    meaning: "zip: two entries of the archive have the same name",
    hint: "the archive is ambiguous: rebuild it with unique names",
  },
  "entry-name-invalid": {
    meaning: "zip: an entry name given to zip() is empty, absolute, has '..', '\\', empty segments, control or bidirectional characters, or lone surrogates",
    hint: "use relative paths of non-empty segments joined by '/'",
  },
  "image-format-unsupported": {
    meaning: "ocr: the bytes are not a PNG, JPEG or BMP image",
    hint: "convert the image to PNG or JPEG",
  },
  "image-too-large": {
    meaning: "ocr: the image header declares more pixels than the limit (checked before decoding)",
    hint: "scale the image down, or crop it to the text",
  },
  "language-not-allowed": {
    meaning: "ocr: the language is not in the allowlist of installed languages",
    hint: "pass a language the message lists",
  },
  "ocr-language-data-missing": {
    meaning: "ocr: the language is allowed but its data package (@tesseract.js-data/<lang>, an optional peer dependency of @capsule/host-modules, ~14 MB) is not installed",
    hint: "install the package the message names beside Capsule (npm install -g @tesseract.js-data/eng next to a global @capsule/cli, or add it to your project)",
  },
  "ocr-failed": {
    meaning: "ocr: the OCR engine failed on this image (its worker is replaced)",
    hint: "retry; if it fails again, re-encode the image",
  },
  "timeout": {
    meaning: "the work took longer than its time limit; the worker doing it was terminated and will be replaced",
    hint: "pass a smaller or simpler input; the next call gets a fresh worker",
  },
  "memory-limit": {
    meaning: "the worker doing the work ran out of its heap limit; it was terminated and will be replaced",
    hint: "pass a smaller input",
  },
  "cancelled": {
    meaning: "the run that made the call ended (wall clock, cancel, sandbox close) while the call was queued or running; its work was stopped",
    hint: "nothing to fix in the call: the run's result is its own error; a run that needs the call must finish before its limits",
  },
  "internal-error": {
    meaning: "an unexpected failure inside the host module (the message is scrubbed)",
    hint: "retry; if it persists, report it with the input that caused it",
  },
} as const satisfies Record<string, CodeRow>;

/** Codes of the WASM pool. They all start with "wasm-", and errors with these codes are named "WasmCallError". */
const WASM_CODES = {
  "wasm-argument-invalid": {
    meaning: "an argument does not match its declared type, or the arity is wrong",
    hint: "pass exactly the declared parameters: i32 integers in the signed range, i64 as bigint, bytes as a Uint8Array",
  },
  "wasm-declaration-invalid": {
    meaning: "the export declaration or the budget is malformed",
    hint: "fix the export declaration or the budget in the pack's manifest (see compiler/src/wasm/CONVENTION.md)",
  },
  "wasm-module-invalid": {
    meaning: "the module does not compile, needs imports, lacks memory/alloc for bytes, or the export's arity does not match",
    hint: "rebuild the module with no imports, exporting memory and alloc if it passes bytes, with signatures matching its declarations",
  },
  "wasm-export-missing": {
    meaning: "the module has no exported function of that name",
    hint: "declare only functions the module exports",
  },
  "wasm-trap": {
    meaning: "the call trapped (unreachable, out-of-bounds memory, divide by zero, stack overflow, …)",
    hint: "the module failed on this input: check the input, or fix the module",
  },
  "wasm-result-invalid": {
    meaning: "the result does not match the declaration, or a bytes pointer/length is out of memory bounds",
    hint: "make the export return what its declaration says (bytes as an i64 (ptr << 32) | len inside memory)",
  },
  "wasm-timeout": {
    meaning: "the call ran past its time limit; its worker was terminated and replaced",
    hint: "pass a smaller input, or raise callTimeoutMs within its ceiling",
  },
  "wasm-budget-calls": {
    meaning: "the session made more calls than callsPerRun",
    hint: "make fewer, larger calls per run",
  },
  "wasm-budget-in-flight": {
    meaning: "the session already had inFlight calls queued or running",
    hint: "await earlier calls before starting more",
  },
  "wasm-budget-time": {
    meaning: "the session's calls ran longer in total than totalTimeMs",
    hint: "do less WASM work per run",
  },
  "wasm-cancelled": {
    meaning: "the session was cancelled",
    hint: "nothing to fix: the run ended or was cancelled while the call was queued or running",
  },
  "wasm-closed": {
    meaning: "the runner was closed",
    hint: "create a new runner; a closed one takes no calls",
  },
  "wasm-internal": {
    meaning: "an unexpected failure in the worker",
    hint: "retry; the worker is replaced",
  },
} as const satisfies Record<`wasm-${string}`, CodeRow>;

/** Every code a host module or the WASM pool can throw. Codes are stable kebab-case; messages are not. */
export const HOST_MODULE_CODES: Readonly<Record<HostModuleErrorCode, CodeRow>> = Object.freeze({ ...MODULE_CODES, ...WASM_CODES });

export type HostModuleErrorCode = keyof typeof MODULE_CODES | keyof typeof WASM_CODES;
export type WasmErrorCode = keyof typeof WASM_CODES;

/** True for a code of the WASM pool's family. */
export function isWasmCode(code: unknown): code is WasmErrorCode {
  return typeof code === "string" && Object.hasOwn(WASM_CODES, code);
}

/**
 * The error every host-module export and the WASM pool throw. `code` is one of HOST_MODULE_CODES; `message` names
 * what was refused and what to do. The name is what guests see and catch by: "HostModuleError", or "WasmCallError"
 * for the WASM pool's codes (the name WASM calls have always failed with).
 */
export class HostModuleError extends Error {
  readonly code: HostModuleErrorCode;
  constructor(code: HostModuleErrorCode, message: string) {
    super(message);
    this.name = isWasmCode(code) ? "WasmCallError" : "HostModuleError";
    this.code = code;
  }
}

/** Longest library message passed on, in characters. */
const MAX_LIBRARY_MESSAGE = 200;

/**
 * Turns a library's error into one short line a guest may see: first line only, no stack frames, absolute
 * paths and file URLs replaced by "<path>", at most MAX_LIBRARY_MESSAGE characters.
 */
export function scrubMessage(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message;
  else if (typeof error === "string") text = error;
  else text = "unknown error";
  // Cut before scrubbing, so that no regex ever runs over a huge library message.
  text = scrubPaths((text.split(/\r?\n/, 1)[0] ?? "").slice(0, 4 * MAX_LIBRARY_MESSAGE));
  if (text.length > MAX_LIBRARY_MESSAGE) text = text.slice(0, MAX_LIBRARY_MESSAGE) + "…";
  return text || "unknown error";
}

/** Replaces absolute paths and file URLs with "<path>" and drops a trailing stack frame; keeps the length. */
export function scrubPaths(text: string): string {
  return text
    .replace(/file:\/\/\S+/g, "<path>")
    .replace(/(?:[A-Za-z]:)?(?:[\\/][\w.@+~-]+){2,}[\\/]?/g, "<path>")
    .replace(/\s+at\s+\S+\s*\(.*$/g, "")
    .trim();
}

/** Runs `work` and converts anything that is not a HostModuleError into `code` with a scrubbed message. */
export async function guarded<T>(fn: string, code: HostModuleErrorCode, what: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asHostModuleError(fn, code, what, error);
  }
}

/** The HostModuleError for `error`: itself when it already is one, else `code` with a scrubbed message. */
export function asHostModuleError(fn: string, code: HostModuleErrorCode, what: string, error: unknown): HostModuleError {
  if (error instanceof HostModuleError) return error;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new HostModuleError("input-too-complex", `${fn}: the input is nested too deeply to ${what}; flatten it or pass a smaller document`);
  }
  return new HostModuleError(code, `${fn}: could not ${what}: ${scrubMessage(error)}`);
}
