// Owns a sandbox's guest Web Workers: a fixed number of slots, runs queued for a free one, one run per worker at
// a time, and stopping a run. At the wall clock (or on abort) a cross-origin-isolated page flips the run's control
// word, which the engine's interrupt handler sees, and terminates the worker only if it stays stuck; without
// SharedArrayBuffer the worker is terminated at once. A terminated or failed worker is replaced on next use.
// Refuses nothing itself: every ending of a run becomes a WorkerOutcome or a RunError.

import { runError, type RunError } from "@capsule/runtime/internal/errors";
import { STUCK_GRACE_MS } from "@capsule/runtime/internal/limits";
import { CONTROL, type WorkerOutcome } from "@capsule/runtime/internal/protocol";
import type { InitMessage, RunMessage, WorkerReply } from "./protocol.js";

interface Slot {
  worker: Worker | null;
}

export interface RunControl {
  /** Int32Array over the task's control buffer: shared when the page is cross-origin isolated. */
  control: Int32Array;
  wallMs: number;
  signal?: AbortSignal;
}

export class GuestWorkers {
  private readonly slots: Slot[];
  private readonly idle: Slot[];
  private readonly waiting: Array<(slot: Slot) => void> = [];
  /** Ends each run in flight with an error (a terminated worker never answers). */
  private readonly inFlight = new Set<(error: RunError) => void>();
  private closedWith: RunError | undefined;

  constructor(private readonly script: URL, private readonly engineUrl: string, size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ worker: null }));
    this.idle = [...this.slots];
  }

  /** Waits for a free worker, runs `message` on it, and frees it. `onStart` receives the run's wall-clock stop. */
  async run(message: RunMessage, control: RunControl, onStart: (expire: () => void) => void): Promise<WorkerOutcome | RunError> {
    const slot = await this.acquire(control.signal);
    if (!slot) return runError("E_CANCELLED", "the run was cancelled by its signal while it waited for a free worker");
    try {
      if (this.closedWith) return this.closedWith;
      if (control.signal?.aborted) return runError("E_CANCELLED", "the run was cancelled by its signal before it started");
      return await this.runOn(slot, message, control, onStart);
    } finally {
      if (this.waiting.length) this.waiting.shift()!(slot);
      else this.idle.push(slot);
    }
  }

  /** A free slot, in arrival order; undefined when `signal` aborts first (the run leaves the queue). */
  private acquire(signal?: AbortSignal): Promise<Slot | undefined> {
    if (this.idle.length) return Promise.resolve(this.idle.pop()!);
    return new Promise((resolve) => {
      const waiter = (slot: Slot) => {
        signal?.removeEventListener("abort", leave);
        resolve(slot);
      };
      const leave = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(undefined);
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener("abort", leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Starts every idle slot's worker loading the engine now, so the first runs do not wait for it. */
  warm(): void {
    if (!this.closedWith) this.idle.forEach((slot) => this.workerOf(slot));
  }

  /** Ends every run in flight and every queued run with `error`, and terminates every worker, for good. */
  close(error: RunError): void {
    this.closedWith = error;
    for (const end of [...this.inFlight]) end(error);
    this.slots.forEach((slot) => this.discard(slot));
  }

  /** The slot's worker, started (and sent its engine URL) when the slot has none. */
  private workerOf(slot: Slot): Worker {
    if (!slot.worker) {
      slot.worker = new Worker(this.script, { type: "module", name: "capsule-guest" });
      slot.worker.postMessage({ t: "init", engineUrl: this.engineUrl } satisfies InitMessage);
    }
    return slot.worker;
  }

  private discard(slot: Slot): void {
    slot.worker?.terminate();
    slot.worker = null;
  }

  private runOn(slot: Slot, message: RunMessage, { control, wallMs, signal }: RunControl, onStart: (expire: () => void) => void): Promise<WorkerOutcome | RunError> {
    // Without a shared control word the engine cannot be told to stop: the worker is terminated instead.
    const isolated = typeof SharedArrayBuffer !== "undefined" && control.buffer instanceof SharedArrayBuffer;
    const worker = this.workerOf(slot);
    return new Promise((resolve) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      let done = false;
      const finish = (result: WorkerOutcome | RunError) => {
        if (done) return;
        done = true;
        this.inFlight.delete(finish);
        clearTimeout(grace);
        signal?.removeEventListener("abort", onAbort);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        resolve(result);
      };
      const stop = (value: number, graceful: RunError, forced: RunError) => {
        if (done) return;
        if (!isolated) {
          this.discard(slot);
          return finish(forced);
        }
        if (Atomics.compareExchange(control, 0, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return;
        Atomics.notify(control, 0);
        grace = setTimeout(() => {
          this.discard(slot);
          finish(graceful);
        }, STUCK_GRACE_MS);
      };
      const onAbort = () =>
        stop(CONTROL.CANCELLED, runError("E_CANCELLED", "the run was cancelled by its signal; the guest did not yield, so its worker was terminated"), runError("E_CANCELLED", "the run was cancelled by its signal; its worker was terminated"));
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.t === "done") return finish(reply.outcome);
        this.discard(slot);
        finish(runError("E_WORKER_CRASHED", `the guest worker failed (${reply.message}); it was replaced, and other runs are unaffected`));
      };
      const onError = (event: ErrorEvent) => {
        event.preventDefault();
        this.discard(slot);
        finish(runError("E_WORKER_CRASHED", `the guest worker failed to start or died (${event.message || "no detail"}); check that ${this.script.pathname} is served`));
      };
      this.inFlight.add(finish);
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      onStart(() =>
        stop(
          CONTROL.WALL_TIME,
          runError("E_STUCK", `the guest was stuck past its wall-clock limit of ${wallMs} ms; its worker was terminated and replaced`),
          runError("E_WALL_TIME", `the run exceeded its wall-clock limit of ${wallMs} ms; its worker was terminated (this page is not cross-origin isolated, so logs were lost)`),
        ),
      );
      worker.postMessage(message, message.task.port ? [message.task.port] : []);
    });
  }
}
