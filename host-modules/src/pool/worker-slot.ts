// Owns one worker thread of a pool and the one job it runs at a time: started lazily, reused, bounded by a wall-clock
// limit and the worker's heap limit, and stopped on request. Refuses to wait past the limit or after a stop: the
// worker is terminated (the next job starts a fresh one) and the job fails with `timeout`, `memory-limit` or the
// stop's error. A worker that exits or throws fails its job with `internal-error`; one whose reply asks to retire is
// replaced. The worker is unref'd while idle,
// so it never keeps the host process alive.

import { Worker } from "node:worker_threads";
import { HOST_MODULE_CODES, HostModuleError, scrubMessage, scrubPaths, type HostModuleErrorCode } from "../errors.js";
import { n } from "../check.js";
import { TUNING } from "../tuning.js";

export interface SlotOptions {
  /** Module name for messages ("html", "xlsx"). */
  name: string;
  /**
   * The worker script (an .mjs file that answers { id, op, payload } with { id, ok, value | code, message }, and may
   * send { id, part } messages before it: a result in parts).
   */
  script: URL;
  /** Wall-clock limit of one job, in ms (from when the worker reports it running, where it does; see startTimeoutMs). */
  timeoutMs: number;
  /** Old-generation heap of the worker, in MiB. */
  heapMb: number;
  /**
   * How long a job may take to get going (a fresh worker loading its library, an engine starting) before the worker
   * posts { id, running: true }; from then the job has `timeoutMs`. Default `timeoutMs`. A worker that never posts
   * it gives each job `timeoutMs` from when it is posted.
   */
  startTimeoutMs?: number;
}

/** One job as a slot runs it; the pool settles the promise through resolve and reject. */
export interface SlotJob {
  fn: string;
  op: string;
  payload: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Takes each { id, part } the worker posts before its answer (a result sent in parts), in order. */
  onPart?(part: unknown): void;
}

interface Reply {
  id: number;
  ok?: boolean;
  running?: boolean;
  retire?: boolean;
  part?: unknown;
  value?: unknown;
  code?: string;
  message?: string;
}

function isCode(code: unknown): code is HostModuleErrorCode {
  return typeof code === "string" && Object.hasOwn(HOST_MODULE_CODES, code);
}

export class WorkerSlot {
  private worker: Worker | null = null;
  private nextId = 1;
  /** Ends the running job with an error (set while a job runs). */
  private stopCurrent: ((error: HostModuleError) => void) | null = null;
  private current: SlotJob | null = null;

  constructor(
    private readonly options: SlotOptions,
    private readonly onSpawn: () => void,
  ) {}

  /** Whether a job is running here. */
  get busy(): boolean {
    return this.stopCurrent !== null;
  }

  /** Whether a worker is up (a job here starts without spawning one). */
  get warm(): boolean {
    return this.worker !== null;
  }

  /** Stops `job` with `error` if it is the one running here: its worker is terminated, the next job gets a fresh one. */
  stop(job: SlotJob, error: HostModuleError): void {
    if (this.current === job) this.stopCurrent?.(error);
  }

  /** Terminates the worker (if any); a running job fails as if its worker had exited. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, stackSizeMb: TUNING.isolateWorkerStackMb.value },
    });
    this.onSpawn();
    // A worker's 'error' with no listener would throw in the host; per-job listeners report it to the caller.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = null;
    });
    worker.unref();
    return worker;
  }

  /** Runs `job` on this slot's worker; resolves once the job has settled and the slot is free. */
  run(job: SlotJob): Promise<void> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    const { name, timeoutMs, heapMb, startTimeoutMs } = this.options;
    const { fn } = job;
    return new Promise<void>((done) => {
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (settle: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.stopCurrent = null;
        this.current = null;
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        worker.unref();
        settle();
        done();
      };
      const discard = (): void => {
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      };
      const arm = (ms: number, what: string): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          discard();
          finish(() => job.reject(new HostModuleError("timeout", `${fn}: ${what} took longer than ${n(ms)} ms and was stopped; pass a smaller or simpler input`)));
        }, ms);
      };
      const onMessage = (reply: Reply): void => {
        if (!reply || reply.id !== id) return;
        if (reply.running === true) {
          // The job's own clock starts now: a slow start (a loaded machine) does not eat the call's time.
          arm(timeoutMs, "the work");
          return;
        }
        if (reply.part !== undefined) return job.onPart?.(reply.part);
        // A worker that asks to retire (its engine may be broken after a failure) is replaced for the next job.
        if (reply.retire === true) discard();
        finish(() => {
          if (reply.ok) job.resolve(reply.value);
          else {
            const code = isCode(reply.code) ? reply.code : "internal-error";
            const message = typeof reply.message === "string" ? reply.message : `${fn}: failed`;
            // Worker messages may carry a library's words: scrubbed of paths always, cut short when unexpected.
            job.reject(new HostModuleError(code, code === "internal-error" ? `${fn}: ${scrubMessage(message)}` : scrubPaths(message)));
          }
        });
      };
      const onError = (error: Error & { code?: string }): void => {
        discard();
        finish(() => {
          if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") {
            job.reject(new HostModuleError("memory-limit", `${fn}: the ${name} worker ran out of its ${n(heapMb)} MiB heap; pass a smaller input`));
          } else {
            job.reject(new HostModuleError("internal-error", `${fn}: the ${name} worker failed: ${scrubMessage(error)}`));
          }
        });
      };
      const onExit = (): void => {
        finish(() => job.reject(new HostModuleError("internal-error", `${fn}: the ${name} worker exited during the call; retry`)));
      };
      this.current = job;
      this.stopCurrent = (error) => {
        discard();
        finish(() => job.reject(error));
      };
      arm(startTimeoutMs ?? timeoutMs, startTimeoutMs === undefined ? "the work" : `getting the ${name} worker going`);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.ref();
      try {
        worker.postMessage({ id, op: job.op, payload: job.payload }, job.transfer);
      } catch (error) {
        finish(() => job.reject(new HostModuleError("input-invalid", `${fn}: the arguments could not be passed to the ${name} worker: ${scrubMessage(error)}`)));
      }
    });
  }
}
