// @capsule/runtime/engine: the worker half of the runtime for hosts other than Node's worker threads (the browser
// runner's Web Worker). A host provides the engine's binary and guest scripts (provideEngine), pins its realm to UTC,
// warms a template, then hands each task to runTask. Nothing here imports a Node built-in.

export { provideEngine, GUEST_FILES, type EnginePowers, type GuestFile } from "./engine-powers.js";
export { runTask } from "./run-task.js";
export { pinRealmToUtc } from "./utc.js";
export type { WorkerOutcome, WorkerTask } from "./protocol.js";

import { templateFor } from "./instances.js";
import { DEFAULT_LIMITS } from "./limits.js";

/** Compiles the engine and builds the default template now, so the first run does not pay for it. */
export async function warmEngine(): Promise<void> {
  (await templateFor(DEFAULT_LIMITS.memoryBytes)).end();
}
