// Owns one worker pool started before its sandbox exists: a one-shot run()'s thread boots (Node, the runtime, the
// engine's WASM, the default template) on another core while the caller is still loading and reading its input.
// The CLI starts it before it parses its arguments (cli/bin/capsule.js), through this entry, which loads nothing
// of the run path. Refuses nothing: run() adopts the pool only when it would have made the same one; a pool nobody
// adopts holds no task once its worker has answered, so it never keeps the process alive (piscina unrefs it).

import { createWorkerPool, type WorkerPool, type WorkerStart } from "./pool.js";

interface Prestarted {
  pool: WorkerPool;
  warm: boolean;
  workerFile: string | undefined;
  imageDir: string | undefined;
}

export interface PrestartOptions extends WorkerStart {
  /** The worker file run() will be given (SandboxOptions.workerFile); default the runtime's own. */
  workerFile?: string;
}

let prestarted: Prestarted | undefined;

/** Starts the one worker the next one-shot run() will use; a second call does nothing. */
export function prestartRunWorker(options: PrestartOptions = {}): void {
  if (prestarted) return;
  const warm = options.warm !== false;
  prestarted = { pool: createWorkerPool(1, 1, options.workerFile, { warm, imageDir: options.imageDir, wasmTierUp: options.wasmTierUp }), warm, workerFile: options.workerFile, imageDir: options.imageDir };
}

/**
 * The prestarted pool, taken (once), when it is what run() was about to create: one worker of the same file, warmed
 * alike. Otherwise undefined, and a pool that does not fit is closed.
 */
export function takePrestarted(fits: { workerFile?: string; maxWorkers?: number; warm: boolean; imageDir?: string }): WorkerPool | undefined {
  const taken = prestarted;
  prestarted = undefined;
  if (!taken) return undefined;
  if (fits.workerFile === taken.workerFile && (fits.maxWorkers ?? 1) === 1 && fits.warm === taken.warm && fits.imageDir === taken.imageDir) return taken.pool;
  void taken.pool.close();
  return undefined;
}
