// Owns the queue's error vocabulary: every failure of the queue itself (not of the guest) has one of these codes, each
// with its meaning and what to do, and the one error class submit() rejects with and createRunWorker() throws.
// A guest's own failure is never a QueueError: it comes back as the run's result ({ ok: false, error }), as locally.
// Refuses nothing itself.

interface CodeRow {
  /** What happened, in one line. */
  readonly meaning: string;
  /** What to do about it, in one line. */
  readonly hint: string;
}

/** Stable codes: code → meaning → hint. queue/README.md's table is this one (a test checks it). */
export const QUEUE_CODES = {
  E_QUEUE_NOT_DATA: {
    meaning: "the request has a field that cannot cross to a worker (a function, a signal, a resolver, tools, a policy), an unknown field, or a value that cannot be encoded (a cycle)",
    hint: "send data only (source, filename, seed, now, limits, allow, inputs, imports, pins, strictPins, traceData, journal: true, replay); give host functions, tools and the policy to createRunWorker",
  },
  E_QUEUE_BAD_OPTIONS: {
    meaning: "createRunQueue, submit or createRunWorker was given an option it cannot use (no sandbox, a concurrency that is not a positive integer, a Redis URL that does not parse)",
    hint: "fix the option the message names",
  },
  E_QUEUE_UNAVAILABLE: {
    meaning: "Redis could not be reached within connectTimeoutMs",
    hint: "start Redis (redis-server) or fix the URL; BullMQ needs Redis 5 or later",
  },
  E_QUEUE_TIMEOUT: {
    meaning: "no worker answered the run within the submitter's timeoutMs",
    hint: "start a worker on this queue (`capsule worker --redis <url>`), or wait longer; the job stays queued",
  },
  E_QUEUE_JOB_FAILED: {
    meaning: "the job failed on the queue, not in the guest: it stalled more than maxStalledCount times, or its worker could not run it",
    hint: "read the message (BullMQ's failedReason); a worker that keeps dying on one job is a bug to report with the program",
  },
  E_QUEUE_JOURNAL_CORRUPT: {
    meaning: "the job's journal persisted in Redis is not a journal this runtime can replay",
    hint: "the job cannot be resumed safely; submit the run again (its completed calls will be made again)",
  },
  E_QUEUE_VERSION: {
    meaning: "the submitter and the worker speak different versions of the queue's wire format",
    hint: "run the same @capsule/queue version on every worker and submitter",
  },
  E_QUEUE_CLOSED: {
    meaning: "the run queue (or worker) was closed while a run was waiting on it",
    hint: "create a new queue with createRunQueue()",
  },
} as const satisfies Record<string, CodeRow>;

export type QueueCode = keyof typeof QUEUE_CODES;

/** The README's table of codes, from QUEUE_CODES. */
export function queueCodesTable(): string {
  return ["| code | meaning | what to do |", "|---|---|---|", ...Object.entries(QUEUE_CODES).map(([code, row]) => `| \`${code}\` | ${row.meaning} | ${row.hint} |`)].join("\n");
}

/** What the queue rejects or throws with; `code` is stable, the message says what was refused and what to do. */
export class QueueError extends Error {
  override readonly name = "QueueError";
  constructor(readonly code: QueueCode, message: string) {
    super(`${code}: ${message}`);
  }
}

export const isQueueError = (error: unknown): error is QueueError => error instanceof QueueError;

/** A refusal as a typed result, for the functions that check before anything is sent. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: QueueError };

export const refuse = <T>(code: QueueCode, message: string): Checked<T> => ({ ok: false, error: new QueueError(code, message) });
