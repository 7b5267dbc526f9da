// Owns the worker side of the fleet: a BullMQ Worker that takes queued runs and runs each in the process's sandbox with
// the application's host functions, tools and policy attached, streaming the run's journal into Redis as its calls
// complete. A job a dead worker held (its lock expired: BullMQ's stalled-job check) is taken by another worker, which
// reads the persisted journal and replays it — completed calls are answered from it, not made again — then continues
// live. The answer (result, trace, attempts) is the job's return value, delivered to the submitter by BullMQ's events.
// Refuses impossible options (E_QUEUE_BAD_OPTIONS, thrown); a job it cannot read or whose journal cannot be replayed
// fails without a retry (E_QUEUE_VERSION, E_QUEUE_JOURNAL_CORRUPT, reaching the submitter as E_QUEUE_JOB_FAILED).

import { hostname } from "node:os";
import { Worker, UnrecoverableError, WaitingError, type Job } from "bullmq";
import { Redis } from "ioredis";
import { LIMIT_ROWS, type HostFunctions, type Journal, type Limits, type Policy, type RunEvent, type RunRequest, type RunResult, type Sandbox, type ToolBelt } from "@capsule/runtime";
import { positiveInteger, QUEUE_DEFAULTS, redisOptions, type Connection } from "./connection.js";
import { QueueError } from "./errors.js";
import { JobJournal } from "./journal-store.js";
import { answerOf, requestOf, type JobAnswer, type JobData, type QueueRunRequest } from "./request.js";

export interface RunWorkerOptions {
  connection: Connection;
  /** Runs the jobs: the application's sandbox (its catalog, host-module dispatcher, limits, onEvent). */
  sandbox: Pick<Sandbox, "run">;
  /** Jobs this worker runs at once (each holds one of the sandbox's threads while its guest computes). Default 1. */
  concurrency?: number;
  queueName?: string;
  /** Attached to every job's run: host functions, tools and the policy live here, never on the queue. */
  hostFunctions?: HostFunctions;
  tools?: ToolBelt;
  policy?: Policy;
  /**
   * The most a job may raise each limit to (default: the runtime's ceilings). Submitters are not trusted with this
   * worker's memory, CPU or the Redis that keeps answers: a job asking more is answered E_BAD_LIMIT, nothing run.
   */
  maxLimits?: Partial<Limits>;
  /** See QUEUE_DEFAULTS for what each does and its default. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  journalTtlSeconds?: number;
  /** What went wrong outside any run (Redis errors, jobs that failed). Default: one line on stderr. */
  onError?(error: Error): void;
}

export interface RunWorker {
  /** This worker's name in BullMQ (job.processedBy): host and pid. */
  readonly name: string;
  /** Resolves once the worker is connected and taking jobs. */
  ready(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (force: abandon them; another worker takes them over). */
  close(options?: { force?: boolean }): Promise<void>;
}

export function createRunWorker(options: RunWorkerOptions): RunWorker {
  const connection = redisOptions(options?.connection);
  if (!connection.ok) throw connection.error;
  if (typeof options.sandbox?.run !== "function") throw new QueueError("E_QUEUE_BAD_OPTIONS", "createRunWorker needs a sandbox (createSandbox() of @capsule/runtime) to run the jobs in");
  const concurrency = options.concurrency ?? 1;
  for (const [name, value] of Object.entries({ concurrency, lockDurationMs: options.lockDurationMs, stalledIntervalMs: options.stalledIntervalMs, maxStalledCount: options.maxStalledCount, journalTtlSeconds: options.journalTtlSeconds })) {
    if (value !== undefined && !positiveInteger(value)) throw new QueueError("E_QUEUE_BAD_OPTIONS", `createRunWorker: ${name} must be a positive integer, got ${String(value)}`);
  }
  for (const [limit, most] of Object.entries(options.maxLimits ?? {})) {
    if (!Object.hasOwn(LIMIT_ROWS, limit) || typeof most !== "number" || !(most >= LIMIT_ROWS[limit as keyof Limits].floor)) {
      throw new QueueError("E_QUEUE_BAD_OPTIONS", `createRunWorker: maxLimits.${limit} must be one of the runtime's limits (${Object.keys(LIMIT_ROWS).join(", ")}) with a number at least its floor, got ${String(most)}`);
    }
  }
  const report = options.onError ?? ((error: Error) => process.stderr.write(`capsule worker: ${error.message}\n`));
  const name = `${hostname()}:${process.pid}`;
  // The journal's own connection: appends from the run's (synchronous) sink go out in order on it.
  const redis = new Redis({ ...connection.value, lazyConnect: true });
  redis.on("error", (error) => report(error));
  const ttl = options.journalTtlSeconds ?? QUEUE_DEFAULTS.journalTtlSeconds;

  /** The runs this worker is making, so close({ force }) can stop them (their calls must not go on unjournaled). */
  const active = new Set<{ stop: AbortController; journal: JobJournal; done?: Promise<unknown> }>();
  /** The job goes back to the queue for the fleet: this attempt's later records are not kept, its run is stopped. */
  const giveBack = async (job: Job<JobData, JobAnswer>, token: string | undefined): Promise<never> => {
    await job.moveToWait(token).catch(() => undefined); // a lost connection: the lock lapses and the stalled check does it
    throw new WaitingError();
  };
  let sandboxClosed = false;

  const process_ = (job: Job<JobData, JobAnswer>, token?: string): Promise<JobAnswer> => {
    const run = { stop: new AbortController(), journal: new JobJournal(redis, { id: job.id!, qualified: job.queueQualifiedName, token: token ?? "" }) };
    const done = runJob(job, token, run);
    const entry = { ...run, done };
    active.add(entry);
    const remove = () => void active.delete(entry);
    done.then(remove, remove);
    return done;
  };
  const runJob = async (job: Job<JobData, JobAnswer>, token: string | undefined, run: { stop: AbortController; journal: JobJournal }): Promise<JobAnswer> => {
    if (sandboxClosed || closing) return giveBack(job, token);
    const request = requestOf(job.data);
    if (!request.ok) throw new UnrecoverableError(request.error.message);
    const { journal } = run;
    // attemptsStarted counts this start too: 1 means no worker ran this job before (BullMQ counts takeovers in it;
    // only an operator's job.retry({ resetAttemptsStarted: true }) resets it, and that starts the run afresh).
    const persisted = await journal.load(job.attemptsStarted <= 1);
    if (!persisted.ok) throw new UnrecoverableError(persisted.error.message);
    const events: RunEvent[] = [];
    const { journal: wantJournal, replay, ...data } = request.value as QueueRunRequest;
    const over = overLimit(data.limits, options.maxLimits);
    if (over) return answerOf({ result: over, events: [] }, job.attemptsStarted || 1);
    if (persisted.value && persisted.value.header.source !== data.source) {
      throw new UnrecoverableError(new QueueError("E_QUEUE_JOURNAL_CORRUPT", `job ${job.id}: its journal in Redis is another program's (its source differs from the job's), so it cannot be replayed; submit the run again`).message);
    }
    const result = await options.sandbox.run({
      signal: run.stop.signal,
      ...(data as RunRequest),
      ...(options.hostFunctions ? { hostFunctions: options.hostFunctions } : {}),
      ...(options.tools ? { tools: options.tools } : {}),
      ...(options.policy ? { policy: options.policy } : {}),
      journal: journal.sink,
      // What an earlier attempt journaled wins over the submitter's replay: it starts from it and goes further.
      ...(persisted.value ?? replay ? { replay: takeoverReplay(persisted.value, replay) } : {}),
      onEvent: (event) => events.push(event),
    });
    if (journal.abandoned) return giveBack(job, token);
    // The sandbox, not the guest, ended the run (a journal cannot name E_CLOSED): this worker can run nothing more,
    // so the job goes back to the fleet and the worker stops taking jobs (it answered every job E_CLOSED before).
    if (!result.ok && result.error.code === "E_CLOSED") {
      journal.abandoned = true;
      sandboxClosed = true;
      report(new Error(`job ${job.id}: the worker's sandbox was closed, so it gave the job back to the queue and takes no more jobs; close the RunWorker before its sandbox`));
      void worker?.pause(true).catch(() => undefined);
      return giveBack(job, token);
    }
    await journal.finish(ttl);
    if (journal.failure) report(new Error(`job ${job.id}: the journal could not be written to Redis (${journal.failure}); a takeover would make its later calls again`));
    return answerOf({ result: wantJournal ? result : withoutJournal(result), events }, job.attemptsStarted || 1);
  };

  let worker: Worker<JobData, JobAnswer> | undefined;
  let closing = false;
  const started = (async () => {
    // Redis first, on the journal's connection (it fails fast where BullMQ would retry forever); only then BullMQ,
    // whose connections, closed while still connecting, emit an error nobody can listen to any more (5.81).
    await redis.connect();
    if (closing) return;
    worker = new Worker<JobData, JobAnswer>(options.queueName ?? QUEUE_DEFAULTS.queueName, process_, {
      connection: connection.value,
      concurrency,
      name,
      autorun: false,
      lockDuration: options.lockDurationMs ?? QUEUE_DEFAULTS.lockDurationMs,
      stalledInterval: options.stalledIntervalMs ?? QUEUE_DEFAULTS.stalledIntervalMs,
      maxStalledCount: options.maxStalledCount ?? QUEUE_DEFAULTS.maxStalledCount,
      removeOnComplete: QUEUE_DEFAULTS.keepCompleted,
      removeOnFail: QUEUE_DEFAULTS.keepFailed,
    });
    worker.on("error", (error) => report(error));
    worker.on("failed", (job, error) => report(new Error(`job ${job?.id ?? "?"} failed: ${error.message}`)));
    await worker.waitUntilReady();
    // run() resolves only when the worker stops; its failure is reported, not thrown at nobody.
    worker.run().catch((error: Error) => report(error));
  })();
  started.catch(() => undefined);

  return {
    name,
    ready: () => started,
    async close({ force = false } = {}) {
      closing = true;
      // Abandoned runs are stopped, not left running: a run that went on made calls no journal kept, which the new
      // owner then made again (eleven of them, in helper 32's probe). Their jobs go back to the queue.
      if (force) {
        for (const run of active) (run.journal.abandoned = true), run.stop.abort();
        // Each stopped run's job is put back in the queue (moveToWait) while the connections still stand.
        await Promise.race([Promise.allSettled([...active].map((run) => run.done)), new Promise((resolve) => setTimeout(resolve, GIVE_BACK_WAIT_MS).unref())]);
      }
      await worker?.close(force);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The journal a run replays: an earlier attempt's, with the submitter's calls it lacks after it — a resumed run's
 * sealed approval is in the submitter's replay only until its call completes, and a takeover before that dropped it
 * (the run suspended again, and a second approval made the charge twice).
 */
function takeoverReplay(persisted: Journal | undefined, submitted: Journal | undefined): Journal {
  if (!persisted) return submitted!;
  if (!submitted) return persisted;
  const have = new Set(persisted.calls.map((call) => call.index));
  return { ...persisted, calls: [...persisted.calls, ...submitted.calls.filter((call) => !have.has(call.index))] };
}

/** The refusal of a job that asks a limit past this worker's maxLimits (a malformed limit the runtime refuses itself). */
function overLimit(asked: Partial<Limits> | undefined, most: Partial<Limits> | undefined): RunResult | undefined {
  if (!asked || !most || typeof asked !== "object") return undefined;
  for (const [limit, cap] of Object.entries(most)) {
    const value = (asked as Record<string, unknown>)[limit];
    if (typeof value !== "number" || value <= cap) continue;
    const message = `limits.${limit} ${value} is over this worker's most (${cap}, createRunWorker({ maxLimits })); ask for at most ${cap}, or run it on a worker that allows more`;
    return { ok: false, error: { code: "E_BAD_LIMIT", name: "CapsuleError", message }, logs: [], stats: { wallMs: 0, cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false } };
  }
  return undefined;
}

/** How long close({ force }) waits for the runs it stopped to put their jobs back before it closes the connections. */
const GIVE_BACK_WAIT_MS = 5_000;

/** A local run without `journal` has none on its result; the fleet journals anyway, so it takes it off again. */
function withoutJournal(result: RunResult): RunResult {
  if (!("journal" in result)) return result;
  const { journal: _journal, ...rest } = result;
  return rest as RunResult;
}
