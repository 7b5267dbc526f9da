// The host's WASM runner: the environment-neutral pool (pool.ts) over node:worker_threads workers running worker.mjs.

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { TUNING } from "../tuning.js";
import { createWasmPool, type WasmRunner, type WorkerLike } from "./pool.js";

export * from "./pool.js";

const SCRIPT = new URL("../../src/wasm/worker.mjs", import.meta.url);

export function createWasmRunner(options: { workers?: number } = {}): WasmRunner {
  const workers = options.workers ?? Math.max(1, Math.min(4, availableParallelism()));
  const spawn = () => new Worker(SCRIPT, { resourceLimits: { maxOldGenerationSizeMb: TUNING.wasmWorkerHeapMb.value } }) as unknown as WorkerLike;
  return createWasmPool(spawn, workers);
}
