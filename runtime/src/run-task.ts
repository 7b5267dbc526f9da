// Owns running one task on this worker's engine instances, in any host (a Node worker thread, or a Web Worker in
// the browser runner): the template for the run's memory limit and module set, and discarding an instance that an
// out-of-memory run or an engine fault may have left in a bad state.

import { runGuest } from "./guest-run.js";
import { prepareLocalCalls } from "./local-calls.js";
import { discardInstance, templateFor } from "./instances.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { CONTROL, RunControl } from "./control.js";

export async function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  const control = new RunControl(task.control);
  // The run counts as started (control.markStarted) only once its guest begins, in GuestRun: a stop while the engine
  // is still being prepared for it finds it queued, not stuck.
  const preload = task.moduleSetKey
    ? { modules: task.modules, links: task.links, facades: task.facades, cpuMs: task.limits.cpuMs, cancelled: () => control.state !== CONTROL.RUNNING }
    : undefined;
  const discard = () => discardInstance(task.limits.memoryBytes, task.moduleSetKey);
  // A worker that cannot load its local calls sends them to the main thread like any other call.
  await prepareLocalCalls(task).catch(() => undefined);
  const outcome = await runGuest(await templateFor(task.limits.memoryBytes, task.moduleSetKey, preload), task, discard);
  if (!outcome.ok && outcome.error.code === "E_MEMORY") discard();
  return outcome;
}
