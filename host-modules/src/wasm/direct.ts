// Owns WASM calls made from the thread that runs a guest, over a direct channel to one executor thread of its own
// (direct-executor.ts, direct-worker.mjs): no hop through the main thread. The caller's thread blocks until the
// reply, its allowance or its run's stop; so one call is two futex wakes, ~10-20 µs, where the pool (pool.ts)
// costs two event-loop turns each way. A call is admitted first (admit: declaration, arguments, budgets counted),
// then made either at once, synchronously (makeNow: no promise between the guest's call and its answer), or as a
// promise (later: while its binary is read or its executor starts; calls after it wait their turn).
// The same contract as the pool: a fresh instance per call (invoke.mjs), the declaration and arguments checked
// first (args.ts), per-run budgets (budget.ts), a call past its allowance stopped by terminating the executor (the
// next call starts a fresh one), the executor's heap capped, and a run's calls cancelled when it ends or stops.
// Refuses: the same wasm-* codes as the pool, an export the module did not declare, and a binary that no longer
// matches its digest. Node only (the browser runner keeps the pool in its own Web Worker).
//
// Calls of one run are made one at a time, in order: the caller's thread is blocked while one runs (its guest is
// awaiting it), so inFlight counts calls made and not yet answered, as in the pool, but they never overlap.

import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { HostModuleError, isWasmCode, type WasmErrorCode } from "../errors.js";
import { TUNING } from "../tuning.js";
import { checkArgs, checkDeclaration, type WasmExportDeclaration } from "./args.js";
import { resolveWasmBudget, type WasmBudget } from "./budget.js";
import { Executor, type Outcome } from "./direct-executor.js";
import type { WasmResult } from "./pool.js";

/** What the main thread hands a guest's thread for one WASM module it may call directly (plain data). */
export interface DirectWasmModule {
  specifier: string;
  file: string;
  sha256: string;
  exports: Record<string, WasmExportDeclaration>;
  budget?: Partial<WasmBudget>;
}

/** makeNow()'s answer when a call cannot be made synchronously now (make it with later()). */
export const NOT_NOW = undefined;

const fail = (code: WasmErrorCode, message: string) => new HostModuleError(code, message);
const CORES = availableParallelism();

/** Declarations already checked: a run's module records are plain data handed over once and never changed. */
const checkedDeclarations = new WeakSet<WasmExportDeclaration>();

/** The direct WASM calls of one thread: one executor, the modules' binaries by digest, and per-run sessions. */
export class DirectWasm {
  private executor: Executor | undefined;
  private readonly binaries = new Map<string, Promise<Uint8Array>>();
  /** The binaries read and checked (what `binaries` resolved to), for calls made synchronously. */
  private readonly loaded = new Map<string, Uint8Array>();
  /** Executors started so far (for tests: a stopped call replaces its executor). */
  started = 0;

  constructor(private readonly startMs: number = TUNING.wasmWorkerStartMs.value) {}

  /**
   * The calls of one run to these modules; `stopped` says when the run has been stopped (they are then cancelled);
   * `load`, the runs in flight in the caller's pool: its channel spins only while each run's two threads (the
   * guest's and its executor) can have a core of their own.
   */
  openRun(modules: Record<string, DirectWasmModule>, stopped: () => boolean = () => false, load?: () => number): DirectRun {
    return new DirectRun(this, modules, stopped, load ? () => load() * 2 <= CORES : () => true);
  }

  close(): void {
    this.executor?.stop();
    this.executor = undefined;
  }

  binary(module: DirectWasmModule): Promise<Uint8Array> {
    let loading = this.binaries.get(module.sha256);
    if (!loading) {
      loading = readFile(module.file).then((bytes) => this.checked(module, bytes));
      this.binaries.set(module.sha256, loading);
      loading.catch(() => this.binaries.delete(module.sha256));
    }
    return loading;
  }

  /** The module's binary, read now if nothing is reading it (a few KB, once per thread); NOT_NOW while it is read. */
  binaryNow(module: DirectWasmModule): Uint8Array | typeof NOT_NOW {
    const loaded = this.loaded.get(module.sha256);
    if (loaded || this.binaries.has(module.sha256)) return loaded;
    const bytes = this.checked(module, readFileSync(module.file));
    this.binaries.set(module.sha256, Promise.resolve(bytes));
    return bytes;
  }

  private checked(module: DirectWasmModule, bytes: Buffer): Uint8Array {
    if (createHash("sha256").update(bytes).digest("hex") !== module.sha256) {
      throw fail("wasm-module-invalid", `the WASM binary of ${module.specifier} no longer matches its catalog digest; recompile the packs`);
    }
    const binary = new Uint8Array(bytes);
    this.loaded.set(module.sha256, binary);
    return binary;
  }

  /** A running executor: the current one, or a fresh one once it has started. */
  async ready(): Promise<Executor> {
    const executor = this.current();
    try {
      await executor.ready;
    } catch (error) {
      if (this.executor === executor) this.executor = undefined;
      throw error;
    }
    return executor;
  }

  /** The executor when it has started (a fresh one is started, and awaited by a later call, when there is none). */
  readyNow(): Executor | typeof NOT_NOW {
    const executor = this.current();
    return executor.started ? executor : NOT_NOW;
  }

  private current(): Executor {
    if (!this.executor || this.executor.exited) {
      this.executor = new Executor(this.startMs);
      this.started++;
    }
    return this.executor;
  }
}

interface SessionState {
  budget: WasmBudget;
  calls: number;
  unanswered: number;
  timeMs: number;
}

/** A call its run admitted (its budgets counted), to be made by makeNow() or later(). */
export interface AdmittedCall {
  module: DirectWasmModule;
  session: SessionState;
  exportName: string;
  declaration: WasmExportDeclaration;
  checked: { args: unknown[]; transfer: ArrayBuffer[] };
}

/** One run's direct WASM calls: a budget session per module, cancelled when the run ends. */
export class DirectRun {
  private readonly sessions = new Map<string, SessionState>();
  private ended = false;
  /** Calls being made as promises, in order (the one running, then those waiting for it). */
  private chain: Promise<unknown> = Promise.resolve();
  private onTheirWay = 0;

  constructor(
    private readonly direct: DirectWasm,
    private readonly modules: Record<string, DirectWasmModule>,
    private readonly stopped: () => boolean,
    private readonly spinWorthwhile: () => boolean,
  ) {}

  /** Whether `id` is a module this run calls directly. */
  handles(id: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.modules, id);
  }

  /** admit() then later(), as one promise. */
  call(id: string, exportName: string, args: unknown[], argsOwned = false): Promise<WasmResult> {
    try {
      return this.later(this.admit(id, exportName, args, argsOwned));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Checks a call and counts it against its session (calls, in flight, time left), or throws the refusal.
   * `argsOwned`: the caller gives `args` away (its bytes are then transferred to the executor, not copied).
   * `alongside`: calls of this module answered already that still count as in flight (their answers not yet
   * delivered to the guest: through the pool they would still be on their way).
   */
  admit(id: string, exportName: string, args: unknown[], argsOwned = false, alongside = 0): AdmittedCall {
    const module = this.modules[id];
    if (!module) throw fail("wasm-declaration-invalid", `${id} is not a WASM module of this run`);
    if (!Object.prototype.hasOwnProperty.call(module.exports, exportName)) {
      throw Object.assign(new Error(`host-export-unknown: "${exportName}" is not an export of ${module.specifier} (exports: ${Object.keys(module.exports).join(", ")})`), { name: "HostCallError", code: "host-export-unknown" });
    }
    const session = this.session(id, module);
    if (this.ended) throw fail("wasm-cancelled", "the session was cancelled");
    if (session.calls >= session.budget.callsPerRun) throw fail("wasm-budget-calls", `the session used its ${session.budget.callsPerRun} WASM calls`);
    session.calls++;
    if (session.unanswered + alongside >= session.budget.inFlight) {
      throw fail("wasm-budget-in-flight", `the session already has ${session.budget.inFlight} WASM call(s) in flight; await one first`);
    }
    if (session.timeMs >= session.budget.totalTimeMs) throw fail("wasm-budget-time", `the session's WASM calls used their ${session.budget.totalTimeMs} ms`);
    const declaration = module.exports[exportName];
    if (!checkedDeclarations.has(declaration)) {
      checkDeclaration(declaration);
      checkedDeclarations.add(declaration);
    }
    const checked = checkArgs(exportName, declaration, args, argsOwned);
    session.unanswered++;
    return { module, session, exportName, declaration, checked };
  }

  /**
   * Makes an admitted call now, blocking this thread until its answer (or throws its refusal); NOT_NOW, with nothing
   * done, when it cannot be made synchronously: an earlier call is still on its way, or its binary or executor is
   * not ready yet (make it with later() then).
   */
  makeNow(call: AdmittedCall): { value: WasmResult } | typeof NOT_NOW {
    if (this.onTheirWay > 0) return NOT_NOW;
    let binary: Uint8Array | undefined;
    try {
      binary = this.direct.binaryNow(call.module);
    } catch (error) {
      call.session.unanswered--;
      throw error;
    }
    const executor = binary && this.direct.readyNow();
    if (!binary || !executor) return NOT_NOW;
    try {
      return { value: this.make(call, binary, executor) };
    } finally {
      call.session.unanswered--;
    }
  }

  /** Makes an admitted call once the calls before it are answered, its binary read and its executor started. */
  later(call: AdmittedCall): Promise<WasmResult> {
    this.onTheirWay++;
    const made = this.chain.then(async () => {
      try {
        const binary = await this.direct.binary(call.module);
        return this.make(call, binary, await this.direct.ready());
      } finally {
        call.session.unanswered--;
        this.onTheirWay--;
      }
    });
    this.chain = made.catch(() => undefined);
    return made;
  }

  /** The run ended: calls not yet made are cancelled (none can be running: this thread is not blocked). */
  end(): void {
    this.ended = true;
  }

  private session(id: string, module: DirectWasmModule): SessionState {
    let session = this.sessions.get(id);
    if (!session) {
      session = { budget: resolveWasmBudget(module.budget), calls: 0, unanswered: 0, timeMs: 0 };
      this.sessions.set(id, session);
    }
    return session;
  }

  private make({ module, session, exportName, declaration, checked }: AdmittedCall, binary: Uint8Array, executor: Executor): WasmResult {
    if (this.ended || this.stopped()) throw fail("wasm-cancelled", "the session was cancelled");
    const left = session.budget.totalTimeMs - session.timeMs;
    if (left <= 0) throw fail("wasm-budget-time", `the session's WASM calls used their ${session.budget.totalTimeMs} ms`);
    const limitedBySession = left < session.budget.callTimeoutMs;
    const allowanceMs = limitedBySession ? left : session.budget.callTimeoutMs;
    const call = { digest: module.sha256, binary, exportName, declaration: { params: [...declaration.params], result: declaration.result }, ...checked };
    const { outcome, elapsedMs } = executor.exchange(call, allowanceMs, this.stopped, this.spinWorthwhile());
    // A call stopped at its allowance is charged the whole allowance (a wait may end a fraction of a ms early).
    session.timeMs += "timedOut" in outcome ? Math.max(elapsedMs, allowanceMs) : elapsedMs;
    if ("stopped" in outcome) throw fail("wasm-cancelled", "the session was cancelled");
    if ("timedOut" in outcome) {
      throw limitedBySession
        ? fail("wasm-budget-time", `${exportName}: stopped after ${allowanceMs} ms, when the session's ${session.budget.totalTimeMs} ms of WASM time ran out`)
        : fail("wasm-timeout", `${exportName}: took longer than ${allowanceMs} ms and was stopped`);
    }
    const { reply } = outcome as Extract<Outcome, { reply: unknown }>;
    if (reply.ok) return reply.value;
    const code: WasmErrorCode = isWasmCode(reply.code) ? reply.code : "wasm-internal";
    throw fail(code, `${exportName}: ${reply.message ?? "failed"}`);
  }
}

let shared: DirectWasm | undefined;

/** This thread's direct WASM calls (one executor per thread, started at the first call). */
export function directWasm(): DirectWasm {
  return (shared ??= new DirectWasm());
}

/** Starts this thread's executor in the background (the runtime calls it once, when it loads this entry). */
export function prepareWorkerModules(): void {
  directWasm().ready().catch(() => undefined);
}

/**
 * The runtime's worker-modules entry (@capsule/runtime's local-calls.ts loads this file in a guest's worker):
 * `modules` is what the registry's workerModules() handed the run, per host id.
 */
export function openWorkerModules(modules: Record<string, unknown>, stopped: () => boolean, load?: () => number): DirectRun {
  return directWasm().openRun(modules as Record<string, DirectWasmModule>, stopped, load);
}
