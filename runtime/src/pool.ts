// Owns Node's guest runner: a piscina pool of worker threads sized for QuickJS's native recursion, each loading the
// WASM module once, and stopping a run that does not yield by terminating its thread after the grace period.
// Refuses nothing; a worker that dies is replaced by piscina and only its run fails.

import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { STUCK_GRACE_MS, WORKER_START_GRACE_MS, WORKER_STACK_MB } from "./limits.js";
import { runError, scrubHostDetails, type RunError } from "./errors.js";
import type { GuestRunner } from "./guest-runner.js";
import type { WorkerOutcome, WorkerTask } from "./protocol.js";
import { RunControl } from "./control.js";
import { defaultWorkerFile } from "./worker-file.js";

// piscina is CommonJS: require() skips the ESM loader's scan of its entry for export names (start-up time of every CLI run).
const { Piscina } = createRequire(import.meta.url)("piscina") as typeof import("piscina");

// From src/ (tests) and from dist/ alike, the compiled worker lives in dist/: bundled when its bundle is current.
const WORKER_FILE = defaultWorkerFile(new URL("../", import.meta.url));

/**
 * What piscina needs to cancel a task (it accepts an emitter-style signal): one listener, fired once. Node's
 * AbortController and AbortSignal cost ~40 µs per run to make and listen to, for a kill that almost never happens.
 */
export class KillSwitch {
  aborted = false;
  reason: unknown;
  private listener: (() => void) | undefined;
  once(_event: "abort", listener: () => void): void {
    this.listener = listener;
  }
  removeListener(): void {
    this.listener = undefined;
  }
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = new Error("the run's worker is being terminated");
    const listener = this.listener;
    this.listener = undefined;
    listener?.();
  }
}

export interface WorkerPool {
  run(task: WorkerTask, signal: KillSwitch): Promise<WorkerOutcome>;
  /** Settles once a worker has started and answered (or could not start: the first run then reports why). */
  ready: Promise<void>;
  /** The most workers the pool runs at once. */
  size: number;
  /** The runs in flight in the pool, queued or running, which its runner keeps (its workers read it). */
  load?: Int32Array;
  /** A readiness probe queued like a run: settles once a worker has taken and answered it (or the pool failed). */
  probe(): Promise<void>;
  close(): Promise<void>;
}

/** What a worker reads at start (worker.ts): `warm: false` skips building the default template before the first task. */
export interface WorkerStart {
  warm?: boolean;
  /** SandboxOptions.engineCacheDir: where the worker keeps and finds the default template's image. */
  imageDir?: string;
  /** One Int32: the runs in flight in the pool (set by createWorkerPool; the workers read it, engine-powers.ts). */
  poolLoad?: SharedArrayBuffer;
  /**
   * `false`: the worker sets V8's `--liftoff-only` before the engine's WASM is compiled. V8's flags are the
   * process's, so every WebAssembly module compiled in the process afterwards gets only the baseline compiler. For a
   * process that runs one guest and exits (the CLI's `run`): no optimizing compile is left in flight for the exit to
   * wait on, and a guest's first long loop runs without tier-up's checks (README "Speed": figures). Default: V8's
   * tiering, which a long-lived pool wants (optimized code runs a warm engine ~1.7× faster).
   */
  wasmTierUp?: boolean;
}

export function createWorkerPool(maxWorkers?: number, minWorkers?: number, workerFile: string = WORKER_FILE, start?: WorkerStart): WorkerPool {
  const max = Math.max(1, maxWorkers ?? availableParallelism());
  const load = new Int32Array(new SharedArrayBuffer(4));
  const piscina = new Piscina({
    filename: workerFile,
    maxThreads: max,
    minThreads: Math.min(max, minWorkers ?? max),
    idleTimeout: 60_000,
    // One guest per thread at a time: a guest's run is CPU-bound and owns the thread's QuickJS instance.
    concurrentTasksPerWorker: 1,
    // Its wait- and run-time histograms are not read by anything here: recording them cost every task main-thread work.
    recordTiming: false,
    // Between tasks a worker waits with Atomics.waitAsync, not a blocking Atomics.wait: its event loop then turns once
    // a run's outcome is sent, and the run's end (template.ts endLater: the snapshot put back) is done while the main
    // thread takes the outcome, not when the next task arrives. Trivial run p50 0.19 -> 0.16 ms, a run importing
    // @capsule/yaml 0.33 -> 0.20 ms (runtime README).
    atomics: "async",
    resourceLimits: { stackSizeMb: WORKER_STACK_MB },
    workerData: { ...start, poolLoad: load.buffer },
  });
  const probe = () => piscina.run({ ready: true }).then(() => undefined, () => undefined);
  return {
    run(task, signal) {
      return piscina.run(task, { signal: signal as never, transferList: task.port ? [task.port as never] : undefined }) as Promise<WorkerOutcome>;
    },
    ready: probe(),
    size: max,
    load,
    probe,
    close: () => piscina.destroy(),
  };
}

const CLOSED = () => runError("E_CLOSED", "the sandbox was closed while this run was in flight; create a new sandbox with createSandbox() for more runs");

/**
 * The run path's runner over `pool`: the wall clock counts time queued behind other runs (not a worker starting
 * while there is none, see `starting`); a run that does not stop is terminated;
 * close() ends the runs in flight and queued with E_CLOSED (the pool's threads are destroyed under them).
 */
export function nodeRunner(pool: WorkerPool): GuestRunner & { close(): Promise<void> } {
  let closed = false;
  let startingNow: Promise<void> | undefined;
  /** Runs started while `ready` is pending do not count that wait (at most WORKER_START_GRACE_MS). */
  const startsUntil = (ready: Promise<void>) => {
    const waiting: Promise<void> = Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, WORKER_START_GRACE_MS).unref())]).then(() => {
      if (startingNow === waiting) startingNow = undefined;
    });
    startingNow = waiting;
  };
  startsUntil(pool.ready);
  // A one-worker pool whose worker was terminated or died has no worker until piscina's replacement is up: that
  // start is the machine's time, not the next run's (one run's failure must not cost another its wall clock). With
  // more workers, the next runs go to the live ones, and their time queued counts as ever.
  const replaced = () => {
    if (pool.size === 1 && !closed) startsUntil(pool.probe());
  };
  return {
    clockStartsOnWorker: false,
    starting: () => startingNow,
    async close() {
      closed = true;
      await pool.close();
    },
    start(task) {
      const control = new RunControl(task.control);
      const kill = new KillSwitch();
      let killedFor: RunError | undefined;
      let grace: ReturnType<typeof setTimeout> | undefined;
      if (pool.load) Atomics.add(pool.load, 0, 1);
      const outcome = pool
        .run(task, kill)
        .catch((error: unknown) => {
          if (closed) return killedFor ?? CLOSED();
          // Its worker was terminated (a run it had started) or died; a run dropped from the queue touched none.
          if (!killedFor || control.started) replaced();
          return killedFor ?? runError("E_WORKER_CRASHED", `the worker running this guest died (${scrubHostDetails(error instanceof Error ? error.message : String(error))}); it was replaced, and other runs are unaffected`);
        })
        .finally(() => {
          clearTimeout(grace);
          if (pool.load) Atomics.sub(pool.load, 0, 1);
        });
      return {
        outcome,
        stop(value, ends) {
          if (!control.requestStop(value)) return;
          // A guest stuck in native code never reaches its interrupt handler: terminate its worker after a grace
          // period. A run still queued (no worker set its started flag) is simply dropped from the queue.
          grace = setTimeout(() => {
            killedFor = control.started ? ends.stuck : ends.queued;
            kill.abort();
          }, STUCK_GRACE_MS);
        },
      };
    },
  };
}
