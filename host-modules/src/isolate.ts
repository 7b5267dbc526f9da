// Owns the worker threads that run the parsers whose cost a hostile input can blow up (cheerio's parse5 and
// css-select, exceljs): one lazily started worker per module, reused across calls, calls serialized, each call
// bounded by a wall-clock limit and the worker's heap limit. Refuses to wait past the limit: the worker is
// terminated, the call fails with `timeout` or `memory-limit`, and the next call starts a fresh worker. The
// worker is unref'd while idle, so it never keeps the host process alive.

import { Worker } from "node:worker_threads";
import { HOST_MODULE_CODES, HostModuleError, scrubMessage, scrubPaths, type HostModuleErrorCode } from "./errors.js";
import { n } from "./check.js";
import { TUNING } from "./tuning.js";

export interface IsolateOptions {
  /** Module name for messages ("html", "xlsx"). */
  name: string;
  /** The worker script (an .mjs file that answers { id, op, payload } with { id, ok, value | code, message }). */
  script: URL;
  /** Wall-clock limit of one call, in ms. */
  timeoutMs: number;
  /** Old-generation heap of the worker, in MiB. */
  heapMb: number;
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  code?: string;
  message?: string;
}

function isCode(code: unknown): code is HostModuleErrorCode {
  return typeof code === "string" && Object.hasOwn(HOST_MODULE_CODES, code);
}

export class Isolate {
  private worker: Worker | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  /** Workers started so far (tests read it to see a replacement). */
  started = 0;

  constructor(private readonly options: IsolateOptions) {}

  /** Runs `op` in the worker after every earlier call has settled. `transfer` lists buffers to move, not copy. */
  run<T>(fn: string, op: string, payload: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    const result = this.tail.then(() => this.exec<T>(fn, op, payload, transfer));
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Terminates the worker (if any); the next call starts a new one. */
  async shutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, stackSizeMb: TUNING.isolateWorkerStackMb.value },
    });
    this.started++;
    // A worker's 'error' with no listener would throw in the host; per-call listeners report it to the caller.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = null;
    });
    worker.unref();
    return worker;
  }

  private exec<T>(fn: string, op: string, payload: unknown, transfer: ArrayBuffer[]): Promise<T> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    const { name, timeoutMs } = this.options;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (settle: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        worker.unref();
        settle();
      };
      const discard = (): void => {
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      };
      const onMessage = (reply: Reply): void => {
        if (!reply || reply.id !== id) return;
        finish(() => {
          if (reply.ok) resolve(reply.value as T);
          else {
            const code = isCode(reply.code) ? reply.code : "internal-error";
            const message = typeof reply.message === "string" ? reply.message : `${fn}: failed`;
            // Worker messages may carry a library's words: scrubbed of paths always, cut short when unexpected.
            reject(new HostModuleError(code, code === "internal-error" ? `${fn}: ${scrubMessage(message)}` : scrubPaths(message)));
          }
        });
      };
      const onError = (error: Error & { code?: string }): void => {
        discard();
        finish(() => {
          if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") {
            reject(new HostModuleError("memory-limit", `${fn}: the ${name} worker ran out of its ${n(this.options.heapMb)} MiB heap; pass a smaller input`));
          } else {
            reject(new HostModuleError("internal-error", `${fn}: the ${name} worker failed: ${scrubMessage(error)}`));
          }
        });
      };
      const onExit = (): void => {
        finish(() => reject(new HostModuleError("internal-error", `${fn}: the ${name} worker exited during the call; retry`)));
      };
      const timer = setTimeout(() => {
        discard();
        finish(() =>
          reject(new HostModuleError("timeout", `${fn}: the work took longer than ${n(timeoutMs)} ms and was stopped; pass a smaller or simpler input`)),
        );
      }, timeoutMs);
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.ref();
      try {
        worker.postMessage({ id, op, payload }, transfer);
      } catch (error) {
        finish(() => reject(new HostModuleError("input-invalid", `${fn}: the arguments could not be passed to the ${name} worker: ${scrubMessage(error)}`)));
      }
    });
  }
}
