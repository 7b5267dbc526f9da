// Owns the submitting side of the fleet: a run request (data only) checked and added to the BullMQ queue as a job, and
// the worker's answer awaited through BullMQ's queue events (a Redis stream, one blocking reader per RunQueue, shared
// by every run in flight) and turned back into the QueuedRun a local run would give: the same RunResult, its trace.
// The listener is registered before the job is added, and the events are read from the stream's last entry as it was
// before the first job, so an answer that arrives quickly is never missed.
// Refuses a request that is not data (E_QUEUE_NOT_DATA) before anything reaches Redis; rejects with E_QUEUE_UNAVAILABLE,
// E_QUEUE_TIMEOUT, E_QUEUE_JOB_FAILED or E_QUEUE_CLOSED when the queue, not the guest, fails.

import { randomUUID } from "node:crypto";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { positiveInteger, QUEUE_DEFAULTS, redisOptions, where, type Connection } from "./connection.js";
import { QUEUE_CODES, QueueError, type QueueCode } from "./errors.js";
import { jobDataOf, queuedRunOf, type JobAnswer, type JobData, type QueuedRun, type QueueRunRequest } from "./request.js";

export interface RunQueueOptions {
  connection: Connection;
  queueName?: string;
  /** How long to wait for Redis before E_QUEUE_UNAVAILABLE. Default QUEUE_DEFAULTS.connectTimeoutMs. */
  connectTimeoutMs?: number;
}

export interface SubmitOptions {
  /** Give up waiting after this long (E_QUEUE_TIMEOUT); the job stays queued. Default: wait as long as it takes. */
  timeoutMs?: number;
  /** Called once the job is in the queue, with its id (to log it, or to say that no worker has taken it yet). */
  onQueued?(jobId: string): void;
}

export interface RunQueue {
  readonly queueName: string;
  /** Queues the run and resolves with its result once a worker has run it (a guest failure is a result, not a rejection). */
  submit<T = unknown>(request: QueueRunRequest | string, options?: SubmitOptions): Promise<QueuedRun<T>>;
  /** Closes the connections; runs still waiting reject with E_QUEUE_CLOSED (their jobs stay queued). */
  close(): Promise<void>;
}

interface Waiter {
  resolve(answer: unknown): void;
  reject(error: QueueError): void;
}

export function createRunQueue(options: RunQueueOptions): RunQueue {
  const connection = redisOptions(options?.connection);
  if (!connection.ok) throw connection.error;
  const queueName = options.queueName ?? QUEUE_DEFAULTS.queueName;
  const connectTimeoutMs = options.connectTimeoutMs ?? QUEUE_DEFAULTS.connectTimeoutMs;
  if (!positiveInteger(connectTimeoutMs)) throw new QueueError("E_QUEUE_BAD_OPTIONS", `connectTimeoutMs must be a positive integer, got ${String(connectTimeoutMs)}`);
  const queue = new Queue<JobData, JobAnswer>(queueName, { connection: connection.value });
  let lastError: Error | undefined;
  queue.on("error", (error) => void (lastError = error));
  const waiters = new Map<string, Waiter>();
  let events: QueueEvents | undefined;
  let ready: Promise<void> | undefined;
  let closed = false;

  const settle = (jobId: string, outcome: { answer: unknown } | { error: QueueError }) => {
    const waiter = waiters.get(jobId);
    if (!waiter) return;
    waiters.delete(jobId);
    if ("answer" in outcome) waiter.resolve(outcome.answer);
    else waiter.reject(outcome.error);
  };

  const connect = async () => {
    await queue.waitUntilReady();
    // Read events from the stream's newest entry as it is now: nothing that happens after this is missed, even
    // before QueueEvents' first blocking read (it would otherwise start at "$", whenever that read happens).
    const probe = new Redis({ ...connection.value, lazyConnect: true, maxRetriesPerRequest: 1 });
    probe.on("error", () => undefined);
    let lastEventId = "0-0";
    try {
      await probe.connect();
      const newest = (await probe.xrevrange(queue.keys.events, "+", "-", "COUNT", 1)) as Array<[string, string[]]>;
      lastEventId = newest[0]?.[0] ?? "0-0";
    } finally {
      probe.disconnect();
    }
    const reader = new QueueEvents(queueName, { connection: connection.value, lastEventId });
    reader.on("error", (error) => void (lastError = error));
    reader.on("completed", ({ jobId, returnvalue }) => settle(jobId, { answer: returnvalue }));
    reader.on("failed", ({ jobId, failedReason }) => settle(jobId, { error: failure(jobId, failedReason) }));
    events = reader;
    await reader.waitUntilReady();
  };

  const whenReady = () => {
    ready ??= withTimeout(connect(), connectTimeoutMs, () => new QueueError("E_QUEUE_UNAVAILABLE", `Redis at ${where(connection.value)} did not answer within ${connectTimeoutMs} ms${lastError ? ` (${lastError.message})` : ""}`));
    // A failed attempt is forgotten, so the next submit tries again.
    ready.catch(() => (ready = undefined));
    return ready;
  };

  return {
    queueName,
    async submit<T>(request: QueueRunRequest | string, submitOptions: SubmitOptions = {}): Promise<QueuedRun<T>> {
      const data = jobDataOf(request);
      if (!data.ok) throw data.error;
      const { timeoutMs } = submitOptions;
      if (timeoutMs !== undefined && !positiveInteger(timeoutMs)) throw new QueueError("E_QUEUE_BAD_OPTIONS", `submit: timeoutMs must be a positive integer, got ${String(timeoutMs)}`);
      const closedError = () => new QueueError("E_QUEUE_CLOSED", "this run queue was closed; create another with createRunQueue()");
      if (closed) throw closedError();
      await whenReady().catch((error: unknown) => {
        throw closed ? closedError() : error;
      });
      if (closed) throw closedError(); // closed while it connected
      const jobId = randomUUID();
      const answered = new Promise<unknown>((resolve, reject) => waiters.set(jobId, { resolve, reject }));
      try {
        await queue.add("run", data.value, { jobId });
      } catch (error) {
        waiters.delete(jobId);
        if (closed) throw closedError();
        throw new QueueError("E_QUEUE_UNAVAILABLE", `the run could not be queued on Redis at ${where(connection.value)}: ${(error as Error).message}`);
      }
      submitOptions.onQueued?.(jobId);
      const answer = timeoutMs === undefined
        ? await answered
        : await withTimeout(answered, timeoutMs, () => (waiters.delete(jobId), new QueueError("E_QUEUE_TIMEOUT", `no worker finished job ${jobId} within ${timeoutMs} ms; it stays queued (is a worker running on queue "${queueName}"?)`)));
      return queuedRunOf(jobId, answer) as QueuedRun<T>;
    },
    async close() {
      closed = true;
      for (const jobId of [...waiters.keys()]) settle(jobId, { error: new QueueError("E_QUEUE_CLOSED", `the run queue was closed while job ${jobId} was waiting; the job stays queued`) });
      await Promise.allSettled([events?.close(), queue.close()]);
    },
  };
}

/** One run through a queue opened and closed for it (a script's or the CLI's single run). */
export async function submit<T = unknown>(request: QueueRunRequest | string, options: RunQueueOptions & SubmitOptions): Promise<QueuedRun<T>> {
  const queue = createRunQueue(options);
  try {
    return await queue.submit<T>(request, options);
  } finally {
    await queue.close();
  }
}

/** A failed job's error: the worker's own code when it refused the job (E_QUEUE_VERSION, …), else E_QUEUE_JOB_FAILED. */
function failure(jobId: string, reason: string): QueueError {
  const code = /^(E_QUEUE_[A-Z_]+): /.exec(reason)?.[1];
  if (code && code in QUEUE_CODES) return new QueueError(code as QueueCode, `job ${jobId}: ${reason.slice(code.length + 2)}`);
  return new QueueError("E_QUEUE_JOB_FAILED", `job ${jobId}: ${reason}`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, error: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(error()), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
