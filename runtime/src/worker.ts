// Owns a sandbox worker thread: gives the engine its Node powers, pins this thread's clock to UTC, warms the default
// template, and runs one guest per task (run-task.ts). Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { provideEngine } from "./engine-powers.js";
import { templateFor } from "./instances.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { nodeEngine } from "./node-engine.js";
import { runTask } from "./run-task.js";
import { pinRealmToUtc } from "./utc.js";

provideEngine(nodeEngine());
pinRealmToUtc();
// Warm the default template so the first run does not pay for compiling the engine and evaluating the prelude.
(await templateFor(DEFAULT_LIMITS.memoryBytes)).end();

/** The pool's readiness probe ({ warm: true }) answers at once: loading this file already warmed the engine. */
export default (task: Parameters<typeof runTask>[0] | { warm: true }) => ("warm" in task ? null : runTask(task));
