// Owns the contract between the one run path and whatever owns a host's guest workers (a piscina pool of Node
// threads, a page's Web Workers): start a task, learn when a worker has it, ask it to stop, and end it for good
// when it does not stop in time. Also owns the graceful half of stopping, which every runner shares.
// Refuses nothing itself.

import type { RunError } from "./errors.js";
import { CONTROL, type WorkerOutcome, type WorkerTask } from "./protocol.js";

/** How a stopped run ends when its guest does not unwind by itself, by where the run was. */
export interface StopEnds {
  /** A worker had the run and did not stop within the grace period: it was terminated. */
  stuck: RunError;
  /** No worker had taken the run yet: it left the queue. */
  queued: RunError;
  /** The run's control word is not shared (a page that is not cross-origin isolated): its worker was terminated at once. */
  terminated: RunError;
}

export type StopValue = typeof CONTROL.WALL_TIME | typeof CONTROL.CANCELLED;

export interface StartedTask {
  /** The worker's outcome, or the error the runner ended the run with (terminated, crashed, closed). */
  readonly outcome: Promise<WorkerOutcome | RunError>;
  /** Asks the guest to stop with `value`; the runner ends the run with one of `ends` if it does not. Idempotent. */
  stop(value: StopValue, ends: StopEnds): void;
}

export interface GuestRunner {
  /** True when the wall clock runs only once a worker has the task (the browser); false when time queued counts (Node). */
  readonly clockStartsOnWorker: boolean;
  /** Queues `task` for a free worker; `started` is called once one has it. */
  start(task: WorkerTask, started: () => void): StartedTask;
}

/** Flips a running run's control word to `value` and wakes its worker; false if the run was already stopping. */
export function requestStop(control: Int32Array, value: StopValue): boolean {
  if (Atomics.compareExchange(control, 0, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return false;
  Atomics.notify(control, 0);
  return true;
}
