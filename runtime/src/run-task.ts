// Owns running one task on this worker's engine instances, in any host (a Node worker thread, or a Web Worker in
// the browser runner): the template for the run's memory limit and module set, and discarding an instance that an
// out-of-memory run or an engine fault may have left in a bad state.

import { runGuest } from "./guest-run.js";
import { discardInstance, templateFor } from "./instances.js";
import { STARTED_INDEX, type WorkerOutcome, type WorkerTask } from "./protocol.js";

export async function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  const control = new Int32Array(task.control);
  Atomics.store(control, STARTED_INDEX, 1);
  const preload = task.moduleSetKey
    ? { modules: task.modules, links: task.links, facades: task.facades, cpuMs: task.limits.cpuMs, cancelled: () => Atomics.load(control, 0) !== 0 }
    : undefined;
  const outcome = await runGuest(await templateFor(task.limits.memoryBytes, task.moduleSetKey, preload), task);
  if (!outcome.ok && (outcome.error.code === "E_MEMORY" || outcome.error.code === "E_WORKER_CRASHED")) {
    discardInstance(task.limits.memoryBytes, task.moduleSetKey);
  }
  return outcome;
}
