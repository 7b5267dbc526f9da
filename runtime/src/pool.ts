// Owns the worker pool (piscina): threads sized for QuickJS's native recursion, each loading the WASM module
// once. Refuses nothing; a worker that dies is replaced by piscina and its task rejects.

import { Piscina } from "piscina";
import { availableParallelism } from "node:os";
import { WORKER_STACK_MB } from "./limits.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";

// From src/ (tests) and from dist/ alike, the compiled worker lives in dist/.
const WORKER_FILE = new URL("../dist/worker.js", import.meta.url).href;

export interface WorkerPool {
  run(task: WorkerTask, signal: AbortSignal): Promise<WorkerOutcome>;
  close(): Promise<void>;
  readonly threads: number;
}

export function createWorkerPool(maxWorkers?: number, minWorkers?: number, workerFile: string = WORKER_FILE): WorkerPool {
  const max = Math.max(1, maxWorkers ?? availableParallelism());
  const piscina = new Piscina({
    filename: workerFile,
    maxThreads: max,
    minThreads: Math.min(max, minWorkers ?? max),
    idleTimeout: 60_000,
    // One guest per thread at a time: a guest's run is CPU-bound and owns the thread's QuickJS instance.
    concurrentTasksPerWorker: 1,
    resourceLimits: { stackSizeMb: WORKER_STACK_MB },
  });
  return {
    run(task, signal) {
      return piscina.run(task, { signal, transferList: task.port ? [task.port as never] : undefined }) as Promise<WorkerOutcome>;
    },
    close: () => piscina.destroy(),
    get threads() {
      return piscina.threads.length;
    },
  };
}
