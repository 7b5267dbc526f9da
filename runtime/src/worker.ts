// Owns a sandbox worker thread: gives the engine its Node powers, pins this thread's clock to UTC, warms the default
// template, and runs one guest per task (run-task.ts). Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { setFlagsFromString } from "node:v8";
import { workerData } from "node:worker_threads";
import { provideEngine } from "./engine-powers.js";
import { prepareInstance, templateFor } from "./instances.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { nodeEngine } from "./node-engine.js";
import type { WorkerStart } from "./pool.js";
import { runTask } from "./run-task.js";
import { pinRealmToUtc } from "./utc.js";

const start = workerData as WorkerStart | null;
// Before anything compiles the engine's WASM (pool.ts WorkerStart.wasmTierUp). Set here, after this thread's own
// bootstrap: a V8 flag changed before Node has compiled its built-ins makes V8 refuse their code cache.
if (start?.wasmTierUp === false) setFlagsFromString("--liftoff-only");
provideEngine(nodeEngine({ imageDir: start?.imageDir, poolLoad: start?.poolLoad }));
pinRealmToUtc();
// Warm the default template so the first run does not pay for compiling the engine and evaluating the prelude — unless
// the pool was made for one run that imports modules (sandbox.ts run()): it gets a template of its own module set, and
// warming the default one would only delay it (the task waits for this module's top level).
if (start?.warm !== false) (await templateFor(DEFAULT_LIMITS.memoryBytes)).end();
// Such a worker still makes its engine instance while the task is on its way, without holding the task up for it.
else prepareInstance(DEFAULT_LIMITS.memoryBytes);

/** The pool's readiness probe ({ ready: true }) answers at once: the thread is up and this file's top level has run. */
export default (task: Parameters<typeof runTask>[0] | { ready: true }) => ("ready" in task ? null : runTask(task));
