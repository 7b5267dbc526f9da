// Owns the one error type every host module throws, its stable codes, and the scrubbing of messages that
// come from libraries. Refuses to let a host path, a stack frame or an unbounded library message reach a guest.

/** Every code a host module can throw, with what it means. Codes are stable kebab-case; messages are not. */
export const ERROR_CODES = {
  "input-invalid": "an argument has the wrong type or shape (not a string, not a Uint8Array, a cell that is not a primitive, …)",
  "input-too-large": "an argument is over a size or count limit (text bytes, input bytes, rows, cells, entries, sheets)",
  "option-unknown": "an option key is not in the function's allowlist",
  "option-invalid": "an option has the wrong type, is out of range, or conflicts with another option",
  "output-too-large": "the result would be larger than its limit",
  "parse-failed": "the input could not be parsed as the format the function reads",
  "selector-invalid": "html: the CSS selector could not be parsed",
  "input-too-complex": "the input is nested too deeply for the library to walk",
  "sheet-not-found": "xlsx: the requested sheet does not exist",
  "sheet-name-invalid": "xlsx: a sheet name breaks Excel's rules (1-31 chars, no []:*?/\\, no leading/trailing ', unique, not 'History')",
  "zip-bomb": "an archive inflated past its byte limit (counted on bytes actually produced)",
  "too-many-entries": "an archive holds more entries than its limit",
  "entry-duplicate": "zip: two entries of the archive have the same name",
  "entry-name-invalid": "zip: an entry name given to zip() is empty, absolute, has '..', '\\', empty segments or control characters",
  "image-format-unsupported": "ocr: the bytes are not a PNG, JPEG, BMP or PNM image",
  "image-too-large": "ocr: the image header declares more pixels than the limit (checked before decoding)",
  "language-not-allowed": "ocr: the language is not in the allowlist of installed languages",
  "ocr-failed": "ocr: the OCR engine failed on this image (its worker is replaced)",
  "timeout": "the work took longer than its time limit; the worker doing it was terminated and will be replaced",
  "memory-limit": "the worker doing the work ran out of its heap limit; it was terminated and will be replaced",
  "internal-error": "an unexpected failure inside the host module (the message is scrubbed)",
} as const;

export type HostModuleErrorCode = keyof typeof ERROR_CODES;

/** The error every export throws. `code` is one of ERROR_CODES; `message` names what was refused and what to do. */
export class HostModuleError extends Error {
  code: string;
  constructor(code: HostModuleErrorCode, message: string) {
    super(message);
    this.name = "HostModuleError";
    this.code = code;
  }
}

/** True for a HostModuleError (also one rebuilt from a worker's message). */
export function isHostModuleError(value: unknown): value is HostModuleError {
  return value instanceof HostModuleError;
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
