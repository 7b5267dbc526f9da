// Owns the runtime's error vocabulary: every failure a caller or guest can meet has one of these codes.
// Refuses to let host stacks or host paths into a guest-visible message (see scrubHostDetails).

/** Stable codes, one meaning each. */
export const ERROR_CODES = {
  E_GUEST_ERROR: "the guest threw (or rejected with) a value that it did not catch",
  E_SYNTAX: "the guest source does not parse as JavaScript or TypeScript",
  E_IMPORT_UNRESOLVED: "a static import names a module the run cannot resolve",
  E_IMPORT_REFUSED: "a module import was refused (dynamic import, or a specifier outside what was resolved)",
  E_IMPORT_NOT_ALLOWED: "a static import names an installed module this run is not allowed to import",
  E_MODULE_TAMPERED: "a module's compiled source does not hash to its catalog digest",
  E_DIGEST_DRIFT: "a module's digest differs from the run's pin, and the run asked for strict pins",
  E_HOST_MODULE_UNAVAILABLE: "the run imports a host module this runtime cannot call (a sandbox without a dispatcher; a browser page that supplies none)",
  E_DYNAMIC_IMPORT: "dynamic import() is never allowed in guest code",
  E_CPU_TIME: "the guest used more CPU time than limits.cpuMs",
  E_WALL_TIME: "the run took longer than limits.wallMs",
  E_STUCK: "the guest was stuck in native code past its wall clock; its worker was terminated",
  E_MEMORY: "the guest heap outgrew limits.memoryBytes",
  E_STACK_OVERFLOW: "the guest recursed deeper than limits.stackBytes allows and did not catch the RangeError",
  E_RESULT_TOO_LARGE: "the returned value encodes to more than limits.resultBytes",
  E_RESULT_UNSERIALIZABLE: "the returned value cannot cross to the host (a cycle, or an unsupported type)",
  E_HOST_CALL_LIMIT: "the guest made more host calls than limits.hostCalls",
  E_HOST_CALLS_IN_FLIGHT: "the guest had more host calls awaiting an answer than limits.hostCallsInFlight",
  E_HOST_DATA_TOO_LARGE: "a host call's arguments or result encode to more than limits.hostDataBytes",
  E_NEVER_SETTLES: "the guest awaits a promise that nothing can settle (no host call is pending)",
  E_CANCELLED: "the caller's signal aborted the run",
  E_WORKER_CRASHED: "the worker running the guest died (for example a WASM abort); the pool replaced it",
  E_BAD_REQUEST: "the run request is malformed (see the message for the field)",
  E_BAD_LIMIT: "a requested limit is unknown, not an integer, or outside its floor and ceiling",
  E_BAD_NAMESPACE: "a host-function namespace or function name is invalid, reserved, or shadows a standard global",
  E_CLOSED: "the sandbox was closed",
  E_INTERNAL: "a bug in Capsule itself; please report it with the message",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The error half of a run result. `guestStack` holds only guest frames. */
export interface RunError {
  code: ErrorCode;
  name: string;
  message: string;
  guestStack?: string;
}

export function runError(code: ErrorCode, message: string, name = "CapsuleError", guestStack?: string): RunError {
  const error: RunError = { code, name, message };
  if (guestStack) error.guestStack = guestStack;
  return error;
}

// A path starts a token (not inside a URL such as https://host/a/b) and has at least two segments.
const HOST_PATH = /(?<![\w:/.])(?:file:\/\/)?(?:\/[\w.@+-]+){2,}(?::\d+){0,2}|(?<![\w])[A-Za-z]:\\[^\s'"]+/g;

/** Removes anything that looks like a host path from a message a guest will see. */
export function scrubHostDetails(message: string): string {
  return message.replace(HOST_PATH, "<host>");
}
