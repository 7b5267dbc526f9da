// Runs WASM modules shipped by packs in a fixed pool of workers (invoke.mjs behind a thread or a Web Worker). Every call
// gets a fresh WebAssembly.Instance with no imports; compiled modules are cached by digest in each worker and
// the bytes are sent to a worker only when it has not compiled that digest yet. Each call is bounded by a
// wall-clock timeout (the worker is terminated and replaced); each run's session is bounded by a budget of
// calls, concurrent calls and total call time (budget.ts). Arguments are checked strictly before anything is sent
// (args.ts). Refuses calls past a budget, after cancel() or close(), and calls whose worker does not start in time.
//
// Environment-neutral: the workers come from a spawn function (node:worker_threads in index.ts, Web Workers in the
// browser runner), so Node and the browser enforce the same checks, budgets and timeouts. This file is the
// "@capsule/host-modules/wasm-pool" entry, so it re-exports the budget and call-contract names its users need.

import { HostModuleError, isWasmCode, type WasmErrorCode } from "../errors.js";
import { TUNING } from "../tuning.js";
import { checkArgs, checkDeclaration, type WasmExportDeclaration } from "./args.js";
import { resolveWasmBudget, type WasmBudget } from "./budget.js";
import type { ExchangeCall } from "./direct-executor.js";

export type { WasmExportDeclaration, WasmType } from "./args.js";
export { DEFAULT_WASM_BUDGET, WASM_BUDGET_CEILINGS, resolveWasmBudget, type WasmBudget } from "./budget.js";

/** What the pool needs of a worker: Node's Worker has this shape; the browser runner adapts a Web Worker to it. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  on(event: "message" | "error" | "exit", listener: (value: never) => void): unknown;
  off(event: "message" | "error" | "exit", listener: (value: never) => void): unknown;
  terminate(): unknown;
  ref(): void;
  unref(): void;
}

export type WasmResult = number | bigint | Uint8Array | undefined;

export interface WasmSession {
  call(binary: Uint8Array, digest: string, exportName: string, declaration: WasmExportDeclaration, args: unknown[]): Promise<WasmResult>;
  /** Rejects every queued and in-flight call of this session (and every later call) with wasm-cancelled. */
  cancel(): void;
  /** Budget in force, and what has been used (for tests and accounting). */
  readonly budget: Readonly<WasmBudget>;
  readonly usage: { calls: number; inFlight: number; timeMs: number };
}

export interface WasmRunner {
  /** A per-run session enforcing the budget across all calls of that run (calls per run, in flight, total time). */
  session(budget?: Partial<WasmBudget>): WasmSession;
  close(): Promise<void>;
  /** Workers started so far (a terminated worker is replaced by a new one). */
  readonly started: number;
}

function fail(code: WasmErrorCode, message: string): HostModuleError {
  return new HostModuleError(code, message);
}

/** A call as the direct executor takes it too (direct-executor.ts), with its run's session and its settlement. */
interface Job extends ExchangeCall {
  session: Session;
  resolve: (value: WasmResult) => void;
  reject: (error: Error) => void;
  /** Set while running: stops the call (terminates its worker) and rejects it with the given error. */
  abort?: (error: HostModuleError) => void;
}

interface Slot {
  worker: WorkerLike | null;
  /** Resolves once the slot's worker has said it is ready (see invoke.mjs's callers). */
  ready: Promise<void>;
  digests: Set<string>;
  busy: boolean;
  job: Job | null;
}

class Pool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  closed = false;
  started = 0;

  constructor(size: number, private readonly spawnWorker: () => WorkerLike, private readonly startMs: number) {
    this.slots = Array.from({ length: size }, () => ({ worker: null, ready: Promise.resolve(), digests: new Set<string>(), busy: false, job: null }));
  }

  submit(job: Job): void {
    if (this.closed) {
      job.reject(fail("wasm-closed", "the WASM runner is closed"));
      job.session.settled();
      return;
    }
    this.queue.push(job);
    this.pump();
  }

  /** Removes the session's queued jobs and returns them. */
  dequeue(session: Session): Job[] {
    const removed: Job[] = [];
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].session === session) removed.unshift(...this.queue.splice(i, 1));
    }
    return removed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      job.reject(fail("wasm-closed", "the WASM runner was closed"));
      job.session.settled();
    }
    for (const slot of this.slots) slot.job?.abort?.(fail("wasm-closed", "the WASM runner was closed"));
    const running: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      const worker = slot.worker;
      slot.worker = null;
      slot.digests.clear();
      if (worker) running.push(Promise.resolve(worker.terminate()));
    }
    await Promise.all(running);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.slots.filter((s) => !s.busy);
      if (idle.length === 0) return;
      const job = this.queue.shift()!;
      // Prefer a worker that already compiled this module.
      const slot = idle.find((s) => s.worker && s.digests.has(job.digest)) ?? idle.find((s) => s.worker) ?? idle[0];
      this.dispatch(slot, job);
    }
  }

  private spawn(slot: Slot): WorkerLike {
    const worker = this.spawnWorker();
    this.started++;
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      if (slot.worker === worker) {
        slot.worker = null;
        slot.digests.clear();
      }
    });
    worker.unref();
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve) => {
      const onReady = (message: { ready?: boolean } | undefined) => {
        if (!message?.ready) return;
        worker.off("message", onReady as never);
        resolve();
      };
      worker.on("message", onReady as never);
    });
    slot.digests.clear();
    return worker;
  }

  private dispatch(slot: Slot, job: Job): void {
    const session = job.session;
    // The call may run at most its own timeout, and no longer than what is left of the session's time.
    const left = session.budget.totalTimeMs - session.timeMs;
    if (left <= 0) {
      job.reject(fail("wasm-budget-time", `the session's WASM calls used their ${session.budget.totalTimeMs} ms`));
      session.settled();
      return;
    }
    const limitedBySession = left < session.budget.callTimeoutMs;
    const timeoutMs = limitedBySession ? left : session.budget.callTimeoutMs;
    const worker = slot.worker ?? this.spawn(slot);
    slot.busy = true;
    slot.job = job;
    const id = this.nextId++;
    let started = performance.now();
    let settled = false;
    let sentBytes = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Set when the timer stops the call: it used its whole allowance (a timer may fire a fraction of a ms early). */
    let usedAll = false;

    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(startup);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      worker.unref();
      session.timeMs += usedAll ? Math.max(performance.now() - started, timeoutMs) : performance.now() - started;
      job.abort = undefined;
      slot.busy = false;
      slot.job = null;
      settle();
      session.settled();
      if (!this.closed) this.pump();
    };
    const discard = (): void => {
      if (slot.worker === worker) {
        slot.worker = null;
        slot.digests.clear();
      }
      void worker.terminate();
    };
    const post = (withBytes: boolean): void => {
      sentBytes ||= withBytes;
      const message = { id, digest: job.digest, bytes: withBytes ? job.binary : undefined, exportName: job.exportName, declaration: job.declaration, args: job.args };
      worker.postMessage(message, job.transfer);
    };
    const onMessage = (reply: { id: number; needBytes?: boolean; ok?: boolean; value?: WasmResult; code?: string; message?: string }): void => {
      if (!reply || reply.id !== id) return;
      if (reply.needBytes) {
        if (sentBytes) return finish(() => job.reject(fail("wasm-internal", "the worker did not keep the module it was sent")));
        sentBytes = true;
        return worker.postMessage({ id, resume: true, bytes: job.binary });
      }
      if (reply.ok) {
        slot.digests.add(job.digest);
        return finish(() => job.resolve(reply.value));
      }
      const code: WasmErrorCode = isWasmCode(reply.code) ? reply.code : "wasm-internal";
      if (code !== "wasm-module-invalid") slot.digests.add(job.digest);
      finish(() => job.reject(fail(code, `${job.exportName}: ${reply.message ?? "failed"}`)));
    };
    const onError = (error: Error & { code?: string }): void => {
      discard();
      const message = error?.code === "ERR_WORKER_OUT_OF_MEMORY" ? "the worker ran out of memory" : `the worker failed: ${error?.message ?? error}`;
      finish(() => job.reject(fail("wasm-internal", `${job.exportName}: ${message}`)));
    };
    const onExit = (): void => {
      finish(() => job.reject(fail("wasm-internal", `${job.exportName}: the worker exited during the call`)));
    };
    const onTimeout = (): void => {
      usedAll = true;
      discard();
      finish(() =>
        job.reject(
          limitedBySession
            ? fail("wasm-budget-time", `${job.exportName}: stopped after ${timeoutMs} ms, when the session's ${session.budget.totalTimeMs} ms of WASM time ran out`)
            : fail("wasm-timeout", `${job.exportName}: took longer than ${timeoutMs} ms and was stopped`),
        ),
      );
    };
    // A fresh worker gets its own time to start; the call's timeout (and the session's time) counts from then.
    const startup = setTimeout(() => {
      discard();
      finish(() => job.reject(fail("wasm-internal", `${job.exportName}: the WASM worker did not start within ${this.startMs} ms`)));
    }, this.startMs);
    job.abort = (error) => {
      discard();
      finish(() => job.reject(error));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.ref();
    void slot.ready.then(() => {
      if (settled) return;
      clearTimeout(startup);
      started = performance.now();
      timer = setTimeout(onTimeout, timeoutMs);
      try {
        post(!slot.digests.has(job.digest));
      } catch (error) {
        finish(() => job.reject(fail("wasm-internal", `${job.exportName}: could not send the call: ${(error as Error)?.message ?? error}`)));
      }
    });
  }
}

class Session implements WasmSession {
  readonly budget: WasmBudget;
  calls = 0;
  inFlight = 0;
  timeMs = 0;
  private cancelled = false;
  private readonly jobs = new Set<Job>();

  constructor(
    private readonly pool: Pool,
    budget: Partial<WasmBudget> | undefined,
  ) {
    this.budget = resolveWasmBudget(budget);
  }

  get usage(): { calls: number; inFlight: number; timeMs: number } {
    return { calls: this.calls, inFlight: this.inFlight, timeMs: this.timeMs };
  }

  call(binary: Uint8Array, digest: string, exportName: string, declaration: WasmExportDeclaration, args: unknown[]): Promise<WasmResult> {
    try {
      if (this.cancelled) throw fail("wasm-cancelled", "the session was cancelled");
      if (this.pool.closed) throw fail("wasm-closed", "the WASM runner is closed");
      if (this.calls >= this.budget.callsPerRun) throw fail("wasm-budget-calls", `the session used its ${this.budget.callsPerRun} WASM calls`);
      this.calls++;
      if (this.inFlight >= this.budget.inFlight) {
        throw fail("wasm-budget-in-flight", `the session already has ${this.budget.inFlight} WASM call(s) in flight; await one first`);
      }
      if (this.timeMs >= this.budget.totalTimeMs) throw fail("wasm-budget-time", `the session's WASM calls used their ${this.budget.totalTimeMs} ms`);
      if (!(binary instanceof Uint8Array)) throw fail("wasm-module-invalid", "the module binary must be a Uint8Array");
      if (typeof digest !== "string" || digest.length === 0) throw fail("wasm-declaration-invalid", "the module digest must be a non-empty string");
      if (typeof exportName !== "string" || exportName.length === 0) throw fail("wasm-declaration-invalid", "the export name must be a non-empty string");
      checkDeclaration(declaration);
      const checked = checkArgs(exportName, declaration, args);
      this.inFlight++;
      return new Promise<WasmResult>((resolve, reject) => {
        const job: Job = {
          session: this,
          digest,
          binary,
          exportName,
          declaration: { params: [...declaration.params], result: declaration.result },
          args: checked.args,
          transfer: checked.transfer,
          resolve,
          reject,
        };
        this.jobs.add(job);
        const settle = (): void => void this.jobs.delete(job);
        job.resolve = (v) => (settle(), resolve(v));
        job.reject = (e) => (settle(), reject(e));
        this.pool.submit(job);
      });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Called by the pool when one of this session's calls has settled. */
  settled(): void {
    this.inFlight--;
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    const error = (): HostModuleError => fail("wasm-cancelled", "the session was cancelled");
    for (const job of this.pool.dequeue(this)) {
      this.inFlight--;
      job.reject(error());
    }
    for (const job of [...this.jobs]) job.abort?.(error());
  }
}

/**
 * A runner over `workers` workers made by `spawn` (each must run invoke.mjs's protocol and announce itself ready);
 * a worker that has not within `startMs` fails the call waiting for it.
 */
export function createWasmPool(spawn: () => WorkerLike, workers: number, startMs: number = TUNING.wasmWorkerStartMs.value): WasmRunner {
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new RangeError("workers must be an integer in 1..64");
  const pool = new Pool(workers, spawn, startMs);
  return {
    session: (budget) => new Session(pool, budget),
    close: () => pool.close(),
    get started() {
      return pool.started;
    },
  };
}
