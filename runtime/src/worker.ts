// Owns a sandbox worker thread: pins this thread's clock to UTC and runs one guest per task on an engine
// template sized for the run's memory limit. Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { runGuest } from "./engine.js";
import { discardInstance, templateFor } from "./instances.js";
import { DEFAULT_LIMITS } from "./limits.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { pinRealmToUtc } from "./utc.js";

pinRealmToUtc();
// Warm the default template so the first run does not pay for compiling the engine and evaluating the prelude.
(await templateFor(DEFAULT_LIMITS.memoryBytes)).end();

export default async function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  const control = new Int32Array(task.control);
  const preload = task.moduleSetKey
    ? { modules: task.modules, links: task.links, facades: task.facades, cpuMs: task.limits.cpuMs, cancelled: () => Atomics.load(control, 0) !== 0 }
    : undefined;
  const outcome = await runGuest(await templateFor(task.limits.memoryBytes, task.moduleSetKey, preload), task);
  // An out-of-memory run or an engine fault may leave the instance's allocator in a bad state: start over.
  if (!outcome.ok && (outcome.error.code === "E_MEMORY" || outcome.error.code === "E_WORKER_CRASHED")) {
    discardInstance(task.limits.memoryBytes, task.moduleSetKey);
  }
  return outcome;
}
