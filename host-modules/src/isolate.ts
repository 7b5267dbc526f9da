// Owns the worker pools that run the work whose cost a hostile input can blow up (cheerio's parse5 and css-select,
// exceljs and the xlsx pre-checks, zip inflation, tesseract.js): per module at most `size` workers (never more than
// the machine's cores), started on demand and reused, each running one job at a time under a wall-clock and heap
// limit (worker-slot.ts). Queued jobs are served the run served longest ago first (fair-queue.ts), and no run holds
// more than all workers but one, so a run whose calls are slow (or hostile, up to their time limit) never makes a
// run that holds no worker wait for more than one job per worker. Refuses to go on with a job whose run ended: a
// queued one is dropped and a running one's worker terminated, and the call fails with `cancelled`. Workers are
// unref'd while idle, so they never keep the host process alive.
//
// Why not piscina (a dependency of @capsule/runtime): it aborts a task by AbortSignal and terminates its worker, but
// a per-task time limit would count from submission (queue time included, which fairness makes unbounded), it has no
// per-run fairness (a custom TaskQueue only sees tasks as they are taken for a worker that may not be free), and its
// worker protocol would need every worker script rewritten; the pool here is the same small machinery the WASM
// pool already uses, with timeouts counted from when a job starts.

import { availableParallelism } from "node:os";
import { NO_RUN, callContext, cancelled, type HostCallContext } from "./context.js";
import { FairQueue } from "./pool/fair-queue.js";
import { WorkerSlot, type SlotJob, type SlotOptions } from "./pool/worker-slot.js";

export interface IsolateOptions extends SlotOptions {
  /** Most workers at once (default 1); the machine's core count bounds it too. */
  size?: number;
}

/** A job as the pool queues it: what a slot runs (SlotJob, one shape for both), with the pool's own bookkeeping. */
interface QueuedJob extends SlotJob {
  readonly lane: string;
  /** Set once the job runs: the slot and what the slot knows it by. */
  slot?: WorkerSlot;
  running?: SlotJob;
  signal?: AbortSignal;
}

export class Isolate {
  private readonly slots: WorkerSlot[] = [];
  private readonly queue = new FairQueue<QueuedJob>();
  private readonly size: number;
  /** Most workers one run may hold at once: all but one, so a run that holds none always finds a worker. */
  private readonly perRun: number;
  /** The unsettled jobs of each signal: one abort listener per signal and pool, however many calls a run makes. */
  private readonly watched = new WeakMap<AbortSignal, Set<QueuedJob>>();
  /** Workers started so far (tests read it to see a replacement). */
  started = 0;

  constructor(private readonly options: IsolateOptions) {
    this.size = Math.max(1, Math.min(options.size ?? 1, availableParallelism()));
    this.perRun = Math.max(1, this.size - 1);
  }

  /** Jobs waiting for a worker, and jobs running. */
  get load(): { queued: number; running: number } {
    return { queued: this.queue.size, running: this.slots.filter((s) => s.busy).length };
  }

  /**
   * Runs `op` in a worker once this job's turn comes (runs take turns; a run's own jobs keep their order).
   * `transfer` lists buffers to move, not copy. With a context, the job is served in its run's lane and cancelled
   * when the context's signal aborts. `onPart` takes what the worker sends ahead of its answer, in order.
   */
  run<T>(fn: string, op: string, payload: unknown, transfer: ArrayBuffer[] = [], context?: HostCallContext, onPart?: (part: unknown) => void): Promise<T> {
    const { runId, signal } = callContext(context);
    if (signal?.aborted) return Promise.reject(cancelled(fn));
    return new Promise<T>((resolve, reject) => {
      const job: QueuedJob = { lane: runId ?? NO_RUN, fn, op, payload, transfer, resolve: resolve as (v: unknown) => void, reject, signal, onPart };
      if (signal) this.watch(signal, job);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Terminates every worker; running jobs fail, queued ones go on with fresh workers. */
  async shutdown(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.terminate()));
  }

  /** Cancels `job` when `signal` aborts: dropped from the queue, or its worker stopped. */
  private watch(signal: AbortSignal, job: QueuedJob): void {
    let jobs = this.watched.get(signal);
    if (!jobs) {
      const set = new Set<QueuedJob>();
      jobs = set;
      this.watched.set(signal, set);
      signal.addEventListener(
        "abort",
        () => {
          for (const pending of [...set]) {
            if (pending.slot) pending.slot.stop(pending.running!, cancelled(pending.fn));
            else if (this.queue.remove(pending)) pending.reject(cancelled(pending.fn));
          }
          set.clear();
        },
        { once: true },
      );
    }
    jobs.add(job);
  }

  /** Starts queued jobs while a slot is free (or one more may be made). */
  private pump(): void {
    while (this.queue.size > 0) {
      // A free slot whose worker is up first (no start-up cost), then a free cold one, then a new one.
      let slot = this.slots.find((s) => !s.busy && s.warm) ?? this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) {
        slot = new WorkerSlot(this.options, () => this.started++);
        this.slots.push(slot);
      }
      if (!slot) return;
      const job = this.queue.shift(this.perRun);
      if (!job) return;
      job.slot = slot;
      job.running = { fn: job.fn, op: job.op, payload: job.payload, transfer: job.transfer, resolve: job.resolve, reject: job.reject, onPart: job.onPart };
      const free = slot.run(job.running);
      // The job settled (and the slot is free): forget the signal, serve the next one.
      void free.then(() => {
        if (job.signal) this.watched.get(job.signal)?.delete(job);
        this.queue.finished(job);
        this.pump();
      });
    }
  }
}
