// Owns how a worker script (html, xlsx, wasm) refuses: an ordinary Error tagged with a host-module code, which the
// worker sends back as { code, message } and the host rebuilds into the one public class, HostModuleError (errors.ts).
// Workers load files as they are, so they cannot import errors.ts; this tag is not a second error class. Refuses
// nothing itself. Environment-neutral: the browser's WASM worker bundles it.

const CODE = Symbol("capsule.refusal");

/** An Error carrying `code` (one of errors.ts's HOST_MODULE_CODES) for the host to rebuild. */
export function refusal(code, message) {
  const error = new Error(message);
  error[CODE] = code;
  return error;
}

/** The code `error` was refused with, or undefined for any other error (a library's, a bug). */
export function refusalCode(error) {
  return error !== null && typeof error === "object" ? error[CODE] : undefined;
}

/**
 * What a worker answers for `error`: its refusal's code and message; input-too-complex (with `deep`) for a library
 * recursion that ran out of stack; else `failed(error)`, the worker's own code and message for a library's error.
 */
export function failureOf(error, deep, failed) {
  const code = refusalCode(error);
  if (code) return { code, message: error.message };
  if (error instanceof RangeError && /call stack/i.test(error.message)) return { code: "input-too-complex", message: deep };
  return failed(error);
}
