// Owns a browser sandbox's guest Web Workers, as the run path's GuestRunner: a fixed number of slots, runs queued
// for a free one, one run per worker at a time, and stopping a run. A cross-origin-isolated page flips the run's
// control word, which the engine's interrupt handler sees, and terminates the worker only if it stays stuck;
// without SharedArrayBuffer the worker is terminated at once. A terminated or failed worker is replaced on next use.
// Refuses nothing itself: every ending of a run becomes a WorkerOutcome or a RunError.

import { RunControl, runError, STUCK_GRACE_MS, WORKER_START_GRACE_MS, type GuestRunner, type RunError, type StartedTask, type StopEnds, type StopValue, type WorkerOutcome, type WorkerTask } from "@capsule/runtime/host";
import type { InitMessage, RunMessage, WorkerReply } from "./protocol.js";

interface Slot {
  worker: Worker | null;
  /** Settles once the slot's worker has loaded the engine (its "ready" reply), has failed, or was discarded. */
  ready: Promise<void>;
  settleReady: () => void;
  /** Why the worker failed to start, when it did before any run listened (the first run reports it). */
  startFailure?: string;
}

export class GuestWorkers implements GuestRunner {
  readonly clockStartsOnWorker = true;
  private readonly slots: Slot[];
  private readonly idle: Slot[];
  private readonly waiting: Array<(slot: Slot | undefined) => void> = [];
  /** Ends each run in flight with an error (a terminated worker never answers). */
  private readonly inFlight = new Set<(error: RunError) => void>();
  private closedWith: RunError | undefined;

  constructor(private readonly script: URL, private readonly engineUrl: string, size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: null, ready: Promise.resolve(), settleReady: () => undefined }));
    this.idle = [...this.slots];
  }

  start(task: WorkerTask, started: () => void): StartedTask {
    let finish!: (result: WorkerOutcome | RunError) => void;
    const outcome = new Promise<WorkerOutcome | RunError>((resolve) => (finish = resolve));
    let stopped = false;
    let leaveQueue = () => undefined as void;
    // Until a worker has the run, stopping it only takes it out of the queue.
    let stopRun = (_value: StopValue, ends: StopEnds) => {
      stopped = true;
      leaveQueue();
      finish(ends.queued);
    };
    void this.acquire((leave) => (leaveQueue = leave)).then(async (slot) => {
      // A worker still loading the engine has not started the run: its clock waits, and a stop only dequeues it.
      if (slot) await this.workerReady(slot);
      if (!slot) {
        if (this.closedWith) finish(this.closedWith);
        return;
      }
      if (stopped || this.closedWith) {
        this.release(slot);
        if (this.closedWith) finish(this.closedWith);
        return;
      }
      started();
      void this.runOn(slot, task, (stop) => (stopRun = stop)).then((result) => {
        this.release(slot);
        finish(result);
      });
    });
    return { outcome, stop: (value, ends) => stopRun(value, ends) };
  }

  /** Starts every idle slot's worker loading the engine now, so the first runs do not wait for it. */
  warm(): void {
    if (!this.closedWith) this.idle.forEach((slot) => this.workerOf(slot));
  }

  /** Ends every run in flight and every queued run with `error`, and terminates every worker, for good. */
  close(error: RunError): void {
    this.closedWith = error;
    for (const end of [...this.inFlight]) end(error);
    for (const waiter of this.waiting.splice(0)) waiter(undefined);
    this.slots.forEach((slot) => this.discard(slot));
  }

  /** A free slot, in arrival order; undefined when the run leaves the queue first (`onLeave` receives how to leave). */
  private acquire(onLeave: (leave: () => void) => void): Promise<Slot | undefined> {
    if (this.idle.length) return Promise.resolve(this.idle.pop()!);
    return new Promise((resolve) => {
      const waiter = (slot: Slot | undefined) => resolve(slot);
      onLeave(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(undefined);
      });
      this.waiting.push(waiter);
    });
  }

  /** Hands the slot to the next queued run, or back to the idle ones. */
  private release(slot: Slot): void {
    if (this.waiting.length && !this.closedWith) this.waiting.shift()!(slot);
    else this.idle.push(slot);
  }

  /** The slot's worker, started (and sent its engine URL) when the slot has none. */
  private workerOf(slot: Slot): Worker {
    if (!slot.worker) {
      const worker = new Worker(this.script, { type: "module", name: "capsule-guest" });
      slot.worker = worker;
      slot.ready = new Promise((resolve) => {
        const settle = () => {
          worker.removeEventListener("message", settle);
          worker.removeEventListener("error", failed);
          resolve();
        };
        const failed = (event: ErrorEvent) => {
          event.preventDefault();
          slot.startFailure = event.message || "no detail";
          settle();
        };
        slot.settleReady = settle;
        worker.addEventListener("message", settle);
        worker.addEventListener("error", failed);
      });
      worker.postMessage({ t: "init", engineUrl: this.engineUrl } satisfies InitMessage);
    }
    return slot.worker;
  }

  /** The slot's worker ready, or WORKER_START_GRACE_MS passed (then the run's clock counts the rest). */
  private workerReady(slot: Slot): Promise<void> {
    this.workerOf(slot);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, WORKER_START_GRACE_MS)));
    return Promise.race([slot.ready, late]).finally(() => clearTimeout(timer));
  }

  private discard(slot: Slot): void {
    slot.worker?.terminate();
    slot.worker = null;
    slot.settleReady();
  }

  private runOn(slot: Slot, task: WorkerTask, onStop: (stop: (value: StopValue, ends: StopEnds) => void) => void): Promise<WorkerOutcome | RunError> {
    const control = new RunControl(task.control);
    // Without a shared control block the engine cannot be told to stop: the worker is terminated instead.
    const isolated = control.shared;
    const worker = this.workerOf(slot);
    const startFailure = slot.startFailure;
    if (startFailure !== undefined) {
      this.discard(slot);
      slot.startFailure = undefined;
      return Promise.resolve(this.startFailed(startFailure));
    }
    return new Promise((resolve) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const finish = (result: WorkerOutcome | RunError) => {
        if (done) return;
        done = true;
        this.inFlight.delete(finish);
        clearTimeout(grace);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        resolve(result);
      };
      onStop((value, ends) => {
        if (done) return;
        if (!isolated) {
          this.discard(slot);
          return finish(ends.terminated);
        }
        if (!control.requestStop(value)) return;
        grace = setTimeout(() => {
          this.discard(slot);
          finish(ends.stuck);
        }, STUCK_GRACE_MS);
      });
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.t === "ready") return;
        if (reply.t === "done") return finish(reply.outcome);
        this.discard(slot);
        finish(runError("E_WORKER_CRASHED", `the guest worker failed (${reply.message}); it was replaced, and other runs are unaffected`));
      };
      const onError = (event: ErrorEvent) => {
        event.preventDefault();
        this.discard(slot);
        finish(this.startFailed(event.message || "no detail"));
      };
      this.inFlight.add(finish);
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      const port = task.port as MessagePort | undefined;
      worker.postMessage({ t: "run", task } satisfies RunMessage, port ? [port] : []);
    });
  }

  private startFailed(detail: string): RunError {
    return runError("E_WORKER_CRASHED", `the guest worker failed to start or died (${detail}); check that ${this.script.pathname} is served`);
  }
}
