// Owns running one task on this worker's engine instances, in any host (a Node worker thread, or a Web Worker in
// the browser runner): the template for the run's memory limit and module set, the run's CPU meter (started when its
// first guest code runs: the module set's preload, or the run itself), and discarding an instance that an
// out-of-memory run or an engine fault may have left in a bad state.

import { runGuest } from "./guest-run.js";
import { prepareToolInputs } from "./guest-calls.js";
import { prepareLocalCalls } from "./local-calls.js";
import { discardInstance, templateFor } from "./instances.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { CONTROL, RunControl } from "./control.js";
import { CpuMeter, startCpuMeter } from "./guest-cpu.js";
import { enginePowers } from "./engine-powers.js";

export async function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  const control = new RunControl(task.control);
  // The run counts as started (control.markStarted) only once guest code runs for it: a stop while the engine is
  // still being prepared for it finds it queued, not stuck. The meter is made then, so its thread-clock reading at
  // the start leaves out preparing the engine.
  let meter: CpuMeter | undefined;
  const startMeter = () => (meter ??= startCpuMeter(task, control));
  const preload = task.moduleSetKey
    ? {
        modules: task.modules, links: task.links, facades: task.facades, meter: startMeter,
        memoryBytes: task.limits.memoryBytes,
        // A host whose thread stack is small (a browser's Web Worker) caps the guest's below it, as in GuestRun.
        stackBytes: Math.min(task.limits.stackBytes, enginePowers().maxStackBytes ?? Number.POSITIVE_INFINITY),
        cancelled: () => control.state !== CONTROL.RUNNING,
      }
    : undefined;
  const discard = () => discardInstance(task.limits.memoryBytes, task.moduleSetKey);
  // A worker that cannot load its local calls sends them to the main thread like any other call.
  await prepareLocalCalls(task).catch(() => undefined);
  // Likewise a worker that cannot load the tool-input checker leaves the check to the host.
  await prepareToolInputs(task).catch(() => undefined);
  const template = await templateFor(task.limits.memoryBytes, task.moduleSetKey, preload);
  const outcome = await runGuest(template, task, discard, startMeter());
  if (!outcome.ok && outcome.error.code === "E_MEMORY") discard();
  return outcome;
}
