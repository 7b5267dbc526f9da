// Owns a sandbox worker thread: pins this thread's clock to UTC and runs one guest per task on an engine
// instance sized for the run's memory limit. Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { runGuest } from "./engine.js";
import { discardModule, moduleFor } from "./instances.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { pinRealmToUtc } from "./utc.js";

pinRealmToUtc();
// Warm the default instance so the first run does not pay for compiling and instantiating the engine.
await moduleFor((await import("./limits.js")).DEFAULT_LIMITS.memoryBytes);

export default async function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  const qjs = await moduleFor(task.limits.memoryBytes);
  const outcome = await runGuest(qjs, task);
  // An out-of-memory run or an engine fault may leave the instance's allocator in a bad state: start over.
  if (!outcome.ok && (outcome.error.code === "E_MEMORY" || outcome.error.code === "E_WORKER_CRASHED")) discardModule(task.limits.memoryBytes);
  return outcome;
}
