// Owns a sandbox worker thread: loads the QuickJS WASM module once, pins this thread's clock to UTC, and runs
// one guest per task through the engine. Refuses nothing itself; every guest fault becomes a WorkerOutcome.

import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import variantExport from "@jitl/quickjs-wasmfile-release-sync";
import type { QuickJSSyncVariant } from "quickjs-emscripten-core";
import { runGuest } from "./engine.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { pinRealmToUtc } from "./utc.js";

// The package's types describe its CommonJS shape; under ESM the default export is the variant itself.
const variant = variantExport as unknown as QuickJSSyncVariant;

pinRealmToUtc();
const qjs = await newQuickJSWASMModuleFromVariant(variant);

export default function runTask(task: WorkerTask): Promise<WorkerOutcome> {
  return runGuest(qjs, task);
}
