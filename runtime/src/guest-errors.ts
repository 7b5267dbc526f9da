// Owns turning what a guest threw into a RunError: the guest's name, message and stack (guest frames only, host
// paths scrubbed), with QuickJS's stack-overflow errors recognised as the limit they are (out of memory is the
// instance's mark, guest-run.ts).
// Refuses to pass a host path or a prelude frame into the error.

import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { clipText, runError, scrubHostDetails, type RunError } from "./errors.js";
import type { Limits } from "./limits.js";
import { readGuestString } from "./fast-string.js";

/**
 * The thrown value `handle` as a RunError: E_GUEST_ERROR unless it is a limit QuickJS reports as an error, or the
 * error the module loader threw for an import it refused (`refusal` recognises its message).
 */
export function thrownToRunError(
  ctx: QuickJSContext,
  handle: QuickJSHandle,
  limits: Pick<Limits, "stackBytes">,
  refusal: (message: string) => RunError | undefined,
): RunError {
  let name = "Error";
  let message: string;
  let stack: string | undefined;
  if (ctx.typeof(handle) === "object") {
    const raw = (key: string) => ctx.getProp(handle, key).consume((h) => (ctx.typeof(h) === "string" ? readGuestString(ctx, h) : undefined));
    const read = (key: string) => {
      const text = raw(key);
      return text === undefined ? undefined : clipText(text);
    };
    // A stack is bounded by its frames, not its characters: a deep recursion's is ~65 K characters, and its last
    // frames (where the program entered) matter as much as its first (cleanStack).
    stack = raw("stack");
    const text = read("message");
    if (text === undefined && stack === undefined) {
      // Not an Error (`throw { code: 42 }`): shown as the data it is, not "[object Object]".
      message = `the program threw a value that is not an Error: ${thrownText(ctx.dump(handle))}`;
    } else {
      name = read("name") ?? "Error";
      message = text ?? "";
    }
  } else {
    const value = ctx.typeof(handle) === "string" ? readGuestString(ctx, handle) : ctx.dump(handle);
    message = typeof value === "string" ? clipText(value) : `the program threw ${thrownText(value)}`;
  }
  const guestStack = stack ? cleanStack(stack) : undefined;
  // Out of memory is not read from a message (a guest can throw its own RangeError("out of memory")): the engine's
  // instance is marked when an allocation fails (growth-watch.ts), and the run reports E_MEMORY before it gets here.
  // JSON.parse reports its stack overflow as a SyntaxError.
  if ((/stack overflow/i.test(message) && (name === "RangeError" || name === "InternalError")) || (name === "SyntaxError" && message === "stack overflow")) {
    return runError("E_STACK_OVERFLOW", `the guest overflowed its stack (limits.stackBytes = ${limits.stackBytes}) and did not catch the RangeError; recurse less deeply, or raise limits.stackBytes (ceiling 1 MiB)`, "RangeError", guestStack);
  }
  const refused = refusal(message);
  if (refused) return runError(refused.code, refused.message, name, guestStack);
  return runError("E_GUEST_ERROR", scrubHostDetails(message), name, guestStack);
}

/** A thrown value that is not an Error, as one bounded line. */
function thrownText(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? "undefined" : typeof value === "bigint" ? `${value}n` : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return scrubHostDetails(text.length > 500 ? `${text.slice(0, 500)}…` : text);
}

/** The run's error when the program spent its CPU limit. */
export function cpuTimeExceeded(cpuMs: number): RunError {
  return runError("E_CPU_TIME", `the guest exceeded its CPU limit of ${cpuMs} ms; raise limits.cpuMs (ceiling 60,000 ms) if the work needs it`);
}

/**
 * The run's error when evaluating its imported modules spent their load budget (limits.ts moduleLoadCpuMs); `how`
 * says how they were stopped when it was not at their interrupt handler (the host's watchdog).
 */
export function moduleLoadCpuExceeded(loadCpuMs: number, cpuMs: number, how = ""): RunError {
  const declared = loadCpuMs - cpuMs;
  const budget = declared > 0 ? `${loadCpuMs.toLocaleString("en-US")} ms (limits.cpuMs ${cpuMs.toLocaleString("en-US")} ms plus ${declared.toLocaleString("en-US")} ms their packs declare as budget.cpuMs)` : `${loadCpuMs.toLocaleString("en-US")} ms (limits.cpuMs; none of them declares a load budget)`;
  return runError(
    "E_CPU_TIME",
    `the run's imported modules exceeded their CPU budget for loading, ${budget}, before the program started${how}; raise limits.cpuMs (ceiling 60,000 ms), or have the module's pack manifest declare budget.cpuMs (up to 30,000 ms) and recompile`,
  );
}

/** The run's error when an allocation failed: never the guest's to catch. */
export function memoryExceeded(memoryBytes: number, guestStack?: string): RunError {
  return runError("E_MEMORY", `the guest heap outgrew limits.memoryBytes (${memoryBytes} bytes); keep less data in the guest, or raise limits.memoryBytes (ceiling 1 GiB)`, "RangeError", guestStack);
}

/** Frames of a guest stack kept: the first STACK_HEAD_LINES and the last STACK_TAIL_LINES; each line ≤ 1,000 characters. */
const STACK_HEAD_LINES = 4000;
const STACK_TAIL_LINES = 1000;

/** Keeps only guest frames (drops the prelude's and any native frame), bounded as above. */
function cleanStack(stack: string): string | undefined {
  let lines = stack.split("\n").filter((line) => line.trim() !== "" && !line.includes("capsule:")).map((line) => clipText(line, 1000));
  if (lines.length > STACK_HEAD_LINES + STACK_TAIL_LINES) {
    lines = [...lines.slice(0, STACK_HEAD_LINES), `    … ${lines.length - STACK_HEAD_LINES - STACK_TAIL_LINES} frames left out`, ...lines.slice(-STACK_TAIL_LINES)];
  }
  return lines.length ? scrubHostDetails(lines.join("\n")) : undefined;
}
