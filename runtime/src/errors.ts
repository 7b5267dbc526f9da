// Owns the runtime's error vocabulary: every failure a caller or guest can meet has one of these codes, each with its
// meaning and what to do, and the one error class the runtime throws at its API boundary.
// Refuses to let host stacks or host paths into a guest-visible message (see scrubHostDetails).

/** One row of a code table (code → meaning → hint); exported so other packages' tables (mcp) take the same shape. */
export interface CodeRow {
  /** What happened, in one line. */
  readonly meaning: string;
  /** What to do about it, in one line. */
  readonly hint: string;
}

/** Stable codes: code → meaning → hint. The README's table, ERROR_CODES and every message's vocabulary come from here. */
export const RUNTIME_CODES = {
  E_GUEST_ERROR: { meaning: "the guest threw (or rejected with) a value that it did not catch", hint: "read the guest's own name, message and stack; catch the error in the program if it is expected" },
  E_SYNTAX: { meaning: "the guest source does not parse as JavaScript or TypeScript", hint: "fix the source at the file:line:column the message ends with" },
  E_IMPORT_UNRESOLVED: { meaning: "a static import names a module the run cannot resolve", hint: "install the pack that provides it (`capsule packs list` shows what is installed), or give the sandbox a resolver or catalog" },
  E_IMPORT_REFUSED: { meaning: "a module import was refused (dynamic import, or a specifier outside what was resolved)", hint: "import modules statically at the top of the program; a pack's module may import only its own pack's modules" },
  E_IMPORT_NOT_ALLOWED: { meaning: "a static import names an installed module this run is not allowed to import", hint: "add the specifier to the run's allow list, or drop the import" },
  E_MODULE_TAMPERED: { meaning: "a module's compiled source does not hash to its catalog digest", hint: "recompile the packs (`capsule packs compile --force`) and find what wrote to the cache or the server" },
  E_DIGEST_DRIFT: { meaning: "a module's digest differs from the run's pin, and the run asked for strict pins", hint: "pin the installed digest, or install the pinned version again" },
  E_HOST_MODULE_UNAVAILABLE: { meaning: "the run imports a host module this runtime cannot call (a sandbox without a dispatcher; a browser page that supplies none)", hint: "create the sandbox with hostModules (createCapsuleDispatcher() of @capsule/registry), or supply the module in the page" },
  E_DYNAMIC_IMPORT: { meaning: "dynamic import() is never allowed in guest code", hint: "import modules statically at the top of the program" },
  E_CPU_TIME: { meaning: "the guest used more CPU time than limits.cpuMs, or its imported modules more to load than their load budget (limits.cpuMs plus the budget.cpuMs their packs declare)", hint: "make the program do less, or raise limits.cpuMs (ceiling 60,000 ms); a module slow to load declares budget.cpuMs in its pack manifest" },
  E_WALL_TIME: { meaning: "the run took longer than limits.wallMs", hint: "raise limits.wallMs (ceiling 3,600,000 ms), make host calls faster, describe long waits with pausesWallClockMs, or give the sandbox more workers" },
  E_STUCK: { meaning: "the guest was stuck in native code past its wall clock; its worker was terminated", hint: "avoid single huge native operations (a join or sort over billions of elements); split the work" },
  E_MEMORY: { meaning: "the guest heap outgrew limits.memoryBytes", hint: "keep less data in the guest, or raise limits.memoryBytes (ceiling 1 GiB)" },
  E_STACK_OVERFLOW: { meaning: "the guest recursed deeper than limits.stackBytes allows and did not catch the RangeError", hint: "recurse less deeply (use a loop), or raise limits.stackBytes (ceiling 1 MiB)" },
  E_RESULT_TOO_LARGE: { meaning: "the returned value encodes to more than limits.resultBytes", hint: "return less data, or raise limits.resultBytes (ceiling 64 MiB)" },
  E_RESULT_UNSERIALIZABLE: { meaning: "the returned value cannot cross to the host (a cycle, or an unsupported type)", hint: "return tree-shaped data: no cycles, no functions standing for values" },
  E_HOST_CALL_LIMIT: { meaning: "the guest made more host calls than limits.hostCalls", hint: "batch the work into fewer calls, or raise limits.hostCalls (ceiling 100,000)" },
  E_HOST_CALLS_IN_FLIGHT: { meaning: "the guest had more host calls waiting than limits.hostCallsInFlight sent plus limits.hostCallsQueued queued, or their arguments held more than limits.hostCallsQueuedBytes", hint: "await calls in smaller batches, or raise limits.hostCallsQueued (ceiling 100,000) or limits.hostCallsQueuedBytes (ceiling 1 GiB)" },
  E_JOURNAL_TOO_LARGE: { meaning: "a journaled run's records would pass limits.journalBytes (the host keeps every answer of such a run)", hint: "return less data from host calls in a journaled run, or raise limits.journalBytes (ceiling 1 GiB)" },
  E_HOST_DATA_TOO_LARGE: { meaning: "a host call's arguments or result encode to more than limits.hostDataBytes", hint: "pass or return less data per call, or raise limits.hostDataBytes (ceiling 64 MiB)" },
  E_NEVER_SETTLES: { meaning: "the guest awaits a promise that nothing can settle (no host call is pending)", hint: "the sandbox has no timers: await host calls, not promises that nothing resolves" },
  E_REPLAY_DIVERGED: { meaning: "a replayed run made a call its journal does not have at that index (or any call past a finished run's end record), or its source or modules differ from the journal's", hint: "replay with the same source and module digests; a run that diverges on purpose needs a fresh journal" },
  E_SUSPENDED: { meaning: "a policy answer or a tool suspended the run: it ended holding nothing, and result.suspended carries its journal and the pending call", hint: "answer the pending call with resume(result.suspended, answer) when it is decided" },
  E_CANCELLED: { meaning: "the caller's signal aborted the run", hint: "nothing to fix in the guest: the embedding application cancelled it" },
  E_WORKER_CRASHED: { meaning: "the worker running the guest died (for example a WASM abort); the pool replaced it", hint: "run it again; if it repeats, report it with the program: it is a bug in Capsule or the engine" },
  E_BAD_REQUEST: { meaning: "the run request is malformed (see the message for the field)", hint: "fix the field the message names" },
  E_BAD_LIMIT: { meaning: "a requested limit is unknown, not an integer, or outside its floor and ceiling", hint: "use a known limit name with an integer between its floor and ceiling (see the limits table)" },
  E_BAD_NAMESPACE: { meaning: "a host-function namespace or function name is invalid, reserved, or shadows a standard global", hint: "rename it: an identifier that is not a reserved word, not __capsule*, and not a standard global" },
  E_CLOSED: { meaning: "the sandbox was closed", hint: "create a new sandbox" },
  E_INTERNAL: { meaning: "a bug in Capsule itself; please report it with the message", hint: "report it with the program and the message" },
} as const satisfies Record<string, CodeRow>;

export type ErrorCode = keyof typeof RUNTIME_CODES;

/** Code → meaning (derived from RUNTIME_CODES). */
export const ERROR_CODES = Object.freeze(Object.fromEntries(Object.entries(RUNTIME_CODES).map(([code, row]) => [code, row.meaning]))) as { readonly [C in ErrorCode]: (typeof RUNTIME_CODES)[C]["meaning"] };

/** The error-code table of runtime/README.md (a test checks the README holds exactly this). */
export function errorCodesTable(): string {
  return ["| code | meaning | what to do |", "|---|---|---|", ...Object.entries(RUNTIME_CODES).map(([code, row]) => `| \`${code}\` | ${row.meaning} | ${row.hint} |`)].join("\n");
}

/** What the runtime throws at its API boundary (createSandbox with impossible options); runs never throw. */
export class CapsuleError extends TypeError {
  override readonly name = "CapsuleError";
  constructor(readonly code: ErrorCode, message: string) {
    super(`${code}: ${message}`);
  }
}

/** The error half of a run result. `guestStack` holds only guest frames. */
export interface RunError {
  code: ErrorCode;
  name: string;
  message: string;
  guestStack?: string;
}

/**
 * Characters of an error's message kept (and of a thrown error's name and stack, guest-errors.ts); the rest is named by
 * its count. Messages quote what the guest wrote (a specifier, a thrown string): a 1 MB import specifier made a 1 MB
 * E_IMPORT_UNRESOLVED message.
 */
export const ERROR_TEXT_MAX = 16 * 1024;

export function clipText(text: string, max = ERROR_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** A name the guest chose (a specifier), quoted in a message: its first 200 characters. */
export const quoted = (text: string) => clipText(text, 200);

export function runError(code: ErrorCode, message: string, name = "CapsuleError", guestStack?: string): RunError {
  const error: RunError = { code, name, message: clipText(message) };
  if (guestStack) error.guestStack = guestStack;
  return error;
}

// A path starts a token (not inside a URL such as https://host/a/b) and has at least two segments; Node's own modules
// are named `node:internal/fs/promises`, with no leading slash.
const HOST_PATH = /(?<![\w:/.])(?:file:\/\/)?(?:\/[\w.@+-]+){2,}(?::\d+){0,2}|(?<![\w])[A-Za-z]:\\[^\s'"]+|(?<![\w])node:[\w/.-]+(?::\d+){0,2}/g;
// A host stack frame quoted in a message ("    at load (<host>)", once its path is scrubbed): the whole line goes.
const HOST_FRAME = /\r?\n[ \t]*at [^\r\n]*<host>[^\r\n]*/g;

/** Removes anything that looks like a host path, and every host stack frame, from a message a guest will see. */
export function scrubHostDetails(message: string): string {
  return message.replace(HOST_PATH, "<host>").replace(HOST_FRAME, "");
}

/**
 * The text of anything thrown, read defensively: reading it runs the thrower's code (a `message` getter, a Proxy trap,
 * a `toString`, or none at all for an object without a prototype), and a throw there must not escape the reader.
 */
export function thrownText(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return "a value whose message cannot be read (its getter, trap or toString threw)";
  }
}
