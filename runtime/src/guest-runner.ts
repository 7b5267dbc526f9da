// Owns the contract between the one run path and whatever owns a host's guest workers (a piscina pool of Node
// threads, a page's Web Workers): start a task, learn when a worker has it, ask it to stop, and end it for good
// when it does not stop in time (the graceful half of stopping is RunControl.requestStop).
// Refuses nothing itself.

import type { RunError } from "./errors.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import type { StopValue } from "./control.js";

export type { StopValue };

/** How a stopped run ends when its guest does not unwind by itself, by where the run was. */
export interface StopEnds {
  /** A worker had the run and did not stop within the grace period: it was terminated. */
  stuck: RunError;
  /** No worker had taken the run yet: it left the queue. */
  queued: RunError;
  /** The run's control word is not shared (a page that is not cross-origin isolated): its worker was terminated at once. */
  terminated: RunError;
}


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
  /**
   * While the runner has no worker and one is starting (a new sandbox's first; in Node, a one-worker pool's
   * replacement), a promise that settles once one is ready (or after WORKER_START_GRACE_MS): the wall clock does not
   * count that wait, which measures the machine, not the run.
   */
  starting?(): Promise<void> | undefined;
}
