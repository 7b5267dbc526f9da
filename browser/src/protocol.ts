// Owns the messages between the page and the browser runner's guest worker (the run's own host-call traffic uses
// the runtime's HostCallMessage / HostReplyMessage over a MessageChannel, exactly as in Node).

import type { WorkerOutcome, WorkerTask } from "@capsule/runtime/internal/protocol";

/** Page → guest worker: one run. `task.port` is a transferred browser MessagePort. */
export interface RunMessage {
  task: Omit<WorkerTask, "port"> & { port?: MessagePort };
  /** Where the worker fetches the engine's WASM binary (once per worker). */
  engineUrl: string;
}

/** Guest worker → page. */
export type WorkerReply = { t: "done"; outcome: WorkerOutcome } | { t: "failed"; message: string };
