// Owns what a queued run is on the wire: the data-only part of a RunRequest a submitter may send (checked field by
// field before anything reaches Redis), the job's data and the worker's answer, each versioned, and turning them back
// into values on the other side. Fields are otherwise passed through untouched: the worker's sandbox checks them
// exactly as a local run would (a bad seed or limit comes back as the run's E_BAD_REQUEST / E_BAD_LIMIT result).
// Refuses functions, signals, resolvers, tools, policies, listeners, unknown fields and values that cannot be encoded
// (E_QUEUE_NOT_DATA), and a job or answer of another wire version (E_QUEUE_VERSION).

import type { Journal, Limits, RunEvent, RunResult } from "@capsule/runtime";
import { QueueError, refuse, type Checked } from "./errors.js";
import { fromWire, isWireValue, toWire, type WireValue } from "./wire.js";

/** The data a run on the queue takes: a RunRequest without anything that only lives in one process. */
export interface QueueRunRequest {
  source: string;
  filename?: string;
  seed?: number;
  now?: number | Date | string;
  limits?: Partial<Limits>;
  allow?: readonly string[];
  inputs?: unknown;
  imports?: Readonly<Record<string, string>>;
  pins?: Readonly<Record<string, string>>;
  strictPins?: boolean;
  traceData?: boolean;
  /** Put the run's journal on the result (the worker always journals, to Redis; this asks for a copy). */
  journal?: boolean;
  /** Resume from this journal (e.g. a suspended run's): its calls are answered from it, then the run goes live. */
  replay?: Journal;
}

/** What comes back: the run's result as a local run returns it, its trace, and where it ran. */
export interface QueuedRun<T = unknown> {
  jobId: string;
  /** How many times a worker started the job: 1, or more when a worker died and another replayed it. */
  attempts: number;
  result: RunResult<T>;
  /** The trace (the runtime's onEvent) of the attempt that finished the run; console lines are in result.logs. */
  events: RunEvent[];
  /** Why `events` is empty although the run was traced: its trace could not be sent back. */
  eventsOmitted?: string;
}

/** Bumped whenever the job's data or the answer changes shape, so mixed fleets are refused instead of misread. */
export const WIRE_VERSION = 1;

export interface JobData {
  v: typeof WIRE_VERSION;
  request: WireValue;
}

export interface JobAnswer {
  v: typeof WIRE_VERSION;
  /** { result, events } through the wire codec. */
  run: WireValue;
  attempts: number;
}

const DATA_FIELDS = new Set<string>(["source", "filename", "seed", "now", "limits", "allow", "inputs", "imports", "pins", "strictPins", "traceData", "journal", "replay"]);

/** RunRequest fields that live in one process, and where they belong instead. */
const PROCESS_FIELDS: Record<string, string> = {
  hostFunctions: "host functions are attached by the worker: pass them to createRunWorker({ hostFunctions })",
  tools: "tools are attached by the worker: pass them to createRunWorker({ tools })",
  policy: "a policy is attached by the worker: pass it to createRunWorker({ policy })",
  resolver: "a resolver cannot cross; workers resolve imports from their sandbox's catalog",
  onEvent: "a listener cannot cross; the run's trace comes back as QueuedRun.events",
  signal: "an AbortSignal cannot cross; use submit's timeoutMs",
};

/**
 * The data fields of `asked`, or why it is not a queued run's request: checked where it is submitted and again where
 * it is run (anyone who can put a job on the queue can skip submit(); a job carrying policy: 0 switched the worker's
 * policy off before session 30).
 */
function dataFields(asked: unknown): Checked<Record<string, unknown>> {
  if (typeof asked !== "object" || asked === null || Array.isArray(asked)) return refuse("E_QUEUE_NOT_DATA", "a queued run request must be an object with at least { source }, or a source string");
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(asked)) {
    if (value === undefined) continue;
    if (Object.hasOwn(PROCESS_FIELDS, field)) return refuse("E_QUEUE_NOT_DATA", `request.${field} cannot be sent to a worker: ${PROCESS_FIELDS[field]}`);
    if (!DATA_FIELDS.has(field)) return refuse("E_QUEUE_NOT_DATA", `request.${JSON.stringify(field).slice(1, -1).slice(0, 60)} is not a field a queued run takes (${[...DATA_FIELDS].join(", ")})`);
    if (typeof value === "function") return refuse("E_QUEUE_NOT_DATA", `request.${field} is a function; a queued run takes data only${field === "journal" ? " (journal: true asks for the journal on the result; the worker streams it to Redis itself)" : ""}`);
    data[field] = value;
  }
  return { ok: true, value: data };
}

/** The job data for `request`, or why it cannot be queued. */
export function jobDataOf(request: QueueRunRequest | string): Checked<JobData> {
  const checked = dataFields(typeof request === "string" ? { source: request } : request);
  if (!checked.ok) return checked;
  const data = checked.value;
  const encoded = toWire(data);
  if (encoded.ok) return { ok: true, value: { v: WIRE_VERSION, request: encoded.wire } };
  // Name the field that cannot be encoded, for the message.
  const field = Object.keys(data).find((key) => !toWire(data[key]).ok) ?? "request";
  return refuse("E_QUEUE_NOT_DATA", `request.${field} cannot cross to a worker: ${encoded.message}`);
}

/** The request a job carries, or why the worker cannot read it (its fields checked as submit() checks them). */
export function requestOf(data: unknown): Checked<QueueRunRequest> {
  const job = data as Partial<JobData> | null;
  if (typeof job !== "object" || job === null || job.v !== WIRE_VERSION || !isWireValue(job.request)) {
    return refuse("E_QUEUE_VERSION", `the job's data is not wire version ${WIRE_VERSION} (got ${JSON.stringify((job as { v?: unknown } | null)?.v)}); run the same @capsule/queue on submitters and workers`);
  }
  let decoded: unknown;
  try {
    decoded = fromWire(job.request);
  } catch (error) {
    return refuse("E_QUEUE_VERSION", `the job's data does not decode: ${(error as Error).message}`);
  }
  const checked = dataFields(decoded);
  return checked.ok ? { ok: true, value: checked.value as unknown as QueueRunRequest } : checked;
}

/** The worker's answer for a finished run: without its trace when the trace cannot be encoded (a V8 string's bound). */
export function answerOf(run: { result: RunResult; events: RunEvent[] }, attempts: number): JobAnswer {
  const whole = safeWire(run);
  if (whole.ok) return { v: WIRE_VERSION, run: whole.wire, attempts };
  const bare = safeWire({ result: run.result, events: [], eventsOmitted: `the run's trace (${run.events.length} events) could not be sent back: ${whole.message}` });
  if (bare.ok) return { v: WIRE_VERSION, run: bare.wire, attempts };
  // A result comes out of the runtime's decoder, so it encodes unless it is too large to; then say so as its error.
  const failed: RunResult = { ok: false, error: { code: "E_INTERNAL", name: "CapsuleError", message: `the worker could not encode the run's result: ${bare.message}` }, logs: run.result.logs, stats: run.result.stats };
  return { v: WIRE_VERSION, run: (toWire({ result: failed, events: [] }) as { ok: true; wire: WireValue }).wire, attempts };
}

/** toWire, with a throw (a string past V8's length bound is a RangeError) as a failure. */
function safeWire(value: unknown): ReturnType<typeof toWire> {
  try {
    return toWire(value);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** The submitter's view of a worker's answer. */
export function queuedRunOf(jobId: string, answer: unknown): QueuedRun {
  const a = answer as Partial<JobAnswer> | null;
  if (typeof a !== "object" || a === null || a.v !== WIRE_VERSION || !isWireValue(a.run)) {
    throw new QueueError("E_QUEUE_VERSION", `job ${jobId}: the worker's answer is not wire version ${WIRE_VERSION}; run the same @capsule/queue on submitters and workers`);
  }
  const { result, events, eventsOmitted } = fromWire(a.run) as { result: RunResult; events: RunEvent[]; eventsOmitted?: string };
  return { jobId, attempts: typeof a.attempts === "number" ? a.attempts : 1, result, events, ...(eventsOmitted ? { eventsOmitted } : {}) };
}
