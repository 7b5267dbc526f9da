// Owns a sandbox worker thread: pins this thread's clock to UTC, warms the default template, and runs one guest
// per task (run-task.ts). Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { templateFor } from "./instances.js";
import { DEFAULT_LIMITS } from "./limits.js";
import { runTask } from "./run-task.js";
import { pinRealmToUtc } from "./utc.js";

pinRealmToUtc();
// Warm the default template so the first run does not pay for compiling the engine and evaluating the prelude.
(await templateFor(DEFAULT_LIMITS.memoryBytes)).end();

export default runTask;
