// Owns the messages between the page and the browser runner's guest worker (the run's own host-call traffic uses
// the runtime's HostCallMessage / HostReplyMessage over a MessageChannel, exactly as in Node).

import type { WorkerOutcome, WorkerTask } from "@capsule/runtime/host";

/** Page → guest worker, first: where to fetch the engine's WASM binary. The worker then loads it and warms up. */
export interface InitMessage {
  t: "init";
  engineUrl: string;
}

/** Page → guest worker: one run (after InitMessage). `task.port` is a transferred browser MessagePort. */
export interface RunMessage {
  t: "run";
  task: WorkerTask;
}

/**
 * Guest worker → page. "ready" once, when its init has settled (a failed init is reported to the first run): the
 * page starts a run's wall clock only then, since fetching and compiling the engine measures the machine.
 */
export type WorkerReply = { t: "ready" } | { t: "done"; outcome: WorkerOutcome } | { t: "failed"; message: string };
