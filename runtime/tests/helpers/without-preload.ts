// Runs a guest on this thread's engine the way a worker does when its template holds none of the run's modules
// (a preload that stopped early, or could not be used): the run evaluates its modules itself, under its own hooks.
import { provideEngine } from "../../src/engine-powers.js";
import { nodeEngine } from "../../src/node-engine.js";
import { discardInstance, templateFor } from "../../src/instances.js";
import { runGuest } from "../../src/guest-run.js";
import { startCpuMeter } from "../../src/guest-cpu.js";
import { RunControl } from "../../src/control.js";
import { DEFAULT_LIMITS, moduleLoadCpuMs, type Limits } from "../../src/limits.js";
import type { WorkerOutcome, WorkerTask } from "../../src/protocol.js";

provideEngine(nodeEngine());

/** Runs `main` (a module whose default export is the program) importing `modules`, none of them preloaded. */
export async function runWithoutPreload(main: string, modules: Record<string, string>, asked: Partial<Limits>, declaredLoadCpuMs = 0): Promise<WorkerOutcome> {
  const limits = { ...DEFAULT_LIMITS, ...asked };
  const filename = "main.js";
  const links = Object.fromEntries(Object.keys(modules).map((specifier) => [`${filename}\0${specifier}`, specifier]));
  const control = RunControl.create();
  const task: WorkerTask = {
    code: main, filename, modules, links, moduleSetKey: "", limits, loadCpuMs: moduleLoadCpuMs(limits.cpuMs, declaredLoadCpuMs), wallMs: limits.wallMs,
    seed: 1, now: 0, namespaces: {}, hostModules: [], facades: [], control: control.buffer, streamLogs: false,
  };
  // The template for no module set: nothing of `modules` is in it, so the run loads them (guest-run.ts startMain).
  const template = await templateFor(limits.memoryBytes);
  if (template.preloaded) throw new Error("expected a template without modules");
  const discard = () => discardInstance(limits.memoryBytes);
  const outcome = await runGuest(template, task, discard, startCpuMeter(task, control));
  if (!outcome.ok && outcome.error.code === "E_MEMORY") discard();
  return outcome;
}
