// Owns WASM calls made from the thread that runs a guest, over a direct channel to one executor thread of its own
// (direct-worker.mjs): no hop through the main thread. The caller's thread posts the call on a MessagePort, wakes
// the executor through a shared word and blocks on it (Atomics.wait) until the reply, its allowance or its run's
// stop; so one call is two futex wakes, ~10-20 µs, where the pool (pool.ts) costs two event-loop turns each way.
// The same contract as the pool: a fresh instance per call (invoke.mjs), the declaration and arguments checked
// first (args.ts), per-run budgets (budget.ts), a call past its allowance stopped by terminating the executor (the
// next call starts a fresh one), the executor's heap capped, and a run's calls cancelled when it ends or stops.
// Refuses: the same wasm-* codes as the pool, an export the module did not declare, and a binary that no longer
// matches its digest. Node only (the browser runner keeps the pool in its own Web Worker).
//
// Calls of one run are made one at a time, in order: the caller's thread is blocked while one runs (its guest is
// awaiting it), so inFlight counts calls made and not yet answered, as in the pool, but they never overlap.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { HostModuleError, isWasmCode, type WasmErrorCode } from "../errors.js";
import { TUNING } from "../tuning.js";
import { checkArgs, checkDeclaration, type WasmExportDeclaration } from "./args.js";
import { resolveWasmBudget, type WasmBudget } from "./budget.js";
import type { WasmResult } from "./pool.js";

const SCRIPT = new URL("../../src/wasm/direct-worker.mjs", import.meta.url);
const IDLE = 0;
const CALL = 1;
const DONE = 2;
/** Byte offset of the fast slots in the shared memory, and how many there are (a scalar call's arguments). */
const SLOTS_AT = 32;
const FAST_SLOTS = 16;
/** words[3] after a fast call: where its answer is. */
const ANSWER_ON_PORT = 0;
const ANSWER_NUMBER = 1;
const ANSWER_BIGINT = 2;
const ANSWER_NONE = 3;
/** How often a blocked caller looks at its run's stop flag, in ms. */
const STOP_POLL_MS = 5;

/** What the main thread hands a guest's thread for one WASM module it may call directly (plain data). */
export interface DirectWasmModule {
  specifier: string;
  file: string;
  sha256: string;
  exports: Record<string, WasmExportDeclaration>;
  budget?: Partial<WasmBudget>;
}

const fail = (code: WasmErrorCode, message: string) => new HostModuleError(code, message);

/** One executor thread with its channel; replaced when a call is stopped or it exits. */
class Executor {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** Words 0..7 (see direct-worker.mjs), then FAST_SLOTS 8-byte slots for a scalar call's arguments and result. */
  readonly shared = new SharedArrayBuffer(SLOTS_AT + FAST_SLOTS * 8);
  readonly words = new Int32Array(this.shared, 0, 8);
  readonly numbers = new Float64Array(this.shared, SLOTS_AT, FAST_SLOTS);
  readonly bigints = new BigInt64Array(this.shared, SLOTS_AT, FAST_SLOTS);
  readonly digests = new Set<string>();
  /** `${digest}\0${export}` → the key the executor knows that call by (registered by its first call). */
  readonly fastKeys = new Map<string, number>();
  readonly ready: Promise<void>;
  exited = false;

  constructor(startMs: number) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(SCRIPT, {
      workerData: { port: port2, shared: this.shared },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: TUNING.wasmWorkerHeapMb.value },
    });
    this.worker.on("error", () => undefined);
    this.worker.on("exit", () => void (this.exited = true));
    port1.unref();
    // Referenced while it starts (a waitAsync alone keeps no thread alive), never afterwards.
    const waited = Atomics.waitAsync(this.words, 1, 0, startMs);
    this.ready = (waited.async ? waited.value : Promise.resolve(waited.value)).then((result) => {
      this.worker.unref();
      if (result === "timed-out" && Atomics.load(this.words, 1) !== 1) {
        this.stop();
        throw fail("wasm-internal", `the WASM worker did not start within ${startMs} ms`);
      }
    });
  }

  stop(): void {
    this.exited = true;
    void this.worker.terminate();
  }
}

type Outcome = { reply: { ok?: boolean; needBytes?: boolean; value?: WasmResult; code?: string; message?: string } } | { timedOut: true } | { stopped: true };

/** The direct WASM calls of one thread: one executor, the modules' binaries by digest, and per-run sessions. */
export class DirectWasm {
  private executor: Executor | undefined;
  private readonly binaries = new Map<string, Promise<Uint8Array>>();
  private nextId = 1;
  /** Executors started so far (for tests: a stopped call replaces its executor). */
  started = 0;

  constructor(private readonly startMs: number = TUNING.wasmWorkerStartMs.value) {}

  /** The calls of one run to these modules; `stopped` says when the run has been stopped (they are then cancelled). */
  openRun(modules: Record<string, DirectWasmModule>, stopped: () => boolean = () => false): DirectRun {
    return new DirectRun(this, modules, stopped);
  }

  close(): void {
    this.executor?.stop();
    this.executor = undefined;
  }

  binary(module: DirectWasmModule): Promise<Uint8Array> {
    let loaded = this.binaries.get(module.sha256);
    if (!loaded) {
      loaded = readFile(module.file).then((bytes) => {
        if (createHash("sha256").update(bytes).digest("hex") !== module.sha256) {
          this.binaries.delete(module.sha256);
          throw fail("wasm-module-invalid", `the WASM binary of ${module.specifier} no longer matches its catalog digest; recompile the packs`);
        }
        return new Uint8Array(bytes);
      });
      this.binaries.set(module.sha256, loaded);
    }
    return loaded;
  }

  /** A running executor: the current one, or a fresh one once it has started. */
  async ready(): Promise<Executor> {
    if (!this.executor || this.executor.exited) {
      this.executor = new Executor(this.startMs);
      this.started++;
    }
    const executor = this.executor;
    try {
      await executor.ready;
    } catch (error) {
      if (this.executor === executor) this.executor = undefined;
      throw error;
    }
    return executor;
  }

  /** Runs one call on `executor`, blocking this thread for at most `allowanceMs` (or until `stopped()`). */
  run(executor: Executor, call: { digest: string; binary: Uint8Array; exportName: string; declaration: WasmExportDeclaration; args: unknown[]; transfer: ArrayBuffer[] }, allowanceMs: number, stopped: () => boolean): { outcome: Outcome; elapsedMs: number } {
    const id = this.nextId++;
    const { words, port } = executor;
    const started = performance.now();
    let sentBytes = !executor.digests.has(call.digest);
    const post = (message: unknown, transfer: ArrayBuffer[] = []): void => {
      port.postMessage(message, transfer);
      Atomics.store(words, 2, 0);
      Atomics.store(words, 0, CALL);
      Atomics.notify(words, 0);
    };
    // A scalar call the executor already knows goes through shared memory alone: no message to serialize, and no
    // event-loop wake-up of either thread (a MessagePort post wakes the receiver's loop even when nothing listens).
    const scalar = call.declaration.params.length <= FAST_SLOTS && !call.declaration.params.includes("bytes") && call.declaration.result !== "bytes";
    const fastName = `${call.digest}\0${call.exportName}`;
    const fastKey = scalar && !sentBytes ? executor.fastKeys.get(fastName) : undefined;
    let fast = fastKey !== undefined;
    if (fastKey !== undefined) {
      call.declaration.params.forEach((type, i) => (type === "i64" ? (executor.bigints[i] = call.args[i] as bigint) : (executor.numbers[i] = call.args[i] as number)));
      Atomics.store(words, 4, fastKey);
      Atomics.store(words, 5, id);
      Atomics.store(words, 2, 1);
      Atomics.store(words, 0, CALL);
      Atomics.notify(words, 0);
    } else {
      const register = scalar ? executor.fastKeys.size + 1 : undefined;
      post({ id, digest: call.digest, bytes: sentBytes ? call.binary : undefined, exportName: call.exportName, declaration: call.declaration, args: call.args, ...(register ? { fastKey: register } : {}) }, call.transfer);
      if (register) executor.fastKeys.set(fastName, register);
    }
    for (;;) {
      if (Atomics.load(words, 0) === DONE) {
        const answer = fast ? Atomics.load(words, 3) : ANSWER_ON_PORT;
        fast = false;
        if (answer !== ANSWER_ON_PORT) {
          const value = answer === ANSWER_NUMBER ? executor.numbers[0] : answer === ANSWER_BIGINT ? executor.bigints[0] : undefined;
          Atomics.store(words, 0, IDLE);
          return { outcome: { reply: { ok: true, value } }, elapsedMs: performance.now() - started };
        }
        const reply = receiveMessageOnPort(port)?.message as Extract<Outcome, { reply: unknown }>["reply"] | undefined;
        Atomics.store(words, 0, IDLE);
        if (reply?.needBytes && !sentBytes) {
          sentBytes = true;
          post({ id, resume: true, bytes: call.binary });
          continue;
        }
        const outcome: Outcome = reply ? { reply: reply.needBytes ? { ok: false, code: "wasm-internal", message: "the worker did not keep the module it was sent" } : reply } : { reply: { ok: false, code: "wasm-internal", message: "the worker answered nothing" } };
        if (reply?.ok || (reply && reply.code !== "wasm-module-invalid")) executor.digests.add(call.digest);
        return { outcome, elapsedMs: performance.now() - started };
      }
      const left = allowanceMs - (performance.now() - started);
      if (left <= 0 || executor.exited) return this.abandon(executor, { timedOut: true }, started);
      if (stopped()) return this.abandon(executor, { stopped: true }, started);
      Atomics.wait(words, 0, CALL, Math.min(left, STOP_POLL_MS));
    }
  }

  private abandon(executor: Executor, outcome: Outcome, started: number): { outcome: Outcome; elapsedMs: number } {
    executor.stop();
    if (this.executor === executor) this.executor = undefined;
    return { outcome, elapsedMs: performance.now() - started };
  }
}

interface SessionState {
  budget: WasmBudget;
  calls: number;
  unanswered: number;
  timeMs: number;
}

/** One run's direct WASM calls: a budget session per module, cancelled when the run ends. */
export class DirectRun {
  private readonly sessions = new Map<string, SessionState>();
  private ended = false;
  /** Calls made and not yet answered, in order (the one running, then those waiting for it). */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly direct: DirectWasm,
    private readonly modules: Record<string, DirectWasmModule>,
    private readonly stopped: () => boolean,
  ) {}

  /** Whether `id` is a module this run calls directly. */
  handles(id: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.modules, id);
  }

  /** `argsOwned`: the caller gives `args` away (its bytes are then transferred to the executor, not copied). */
  call(id: string, exportName: string, args: unknown[], argsOwned = false): Promise<WasmResult> {
    try {
      const module = this.modules[id];
      if (!module) throw fail("wasm-declaration-invalid", `${id} is not a WASM module of this run`);
      if (!Object.prototype.hasOwnProperty.call(module.exports, exportName)) {
        throw Object.assign(new Error(`host-export-unknown: "${exportName}" is not an export of ${module.specifier} (exports: ${Object.keys(module.exports).join(", ")})`), { name: "HostCallError", code: "host-export-unknown" });
      }
      const session = this.session(id, module);
      if (this.ended) throw fail("wasm-cancelled", "the session was cancelled");
      if (session.calls >= session.budget.callsPerRun) throw fail("wasm-budget-calls", `the session used its ${session.budget.callsPerRun} WASM calls`);
      session.calls++;
      if (session.unanswered >= session.budget.inFlight) {
        throw fail("wasm-budget-in-flight", `the session already has ${session.budget.inFlight} WASM call(s) in flight; await one first`);
      }
      if (session.timeMs >= session.budget.totalTimeMs) throw fail("wasm-budget-time", `the session's WASM calls used their ${session.budget.totalTimeMs} ms`);
      const declaration = module.exports[exportName];
      checkDeclaration(declaration);
      const checked = checkArgs(exportName, declaration, args, argsOwned);
      session.unanswered++;
      const made = this.chain.then(async () => {
        try {
          return await this.make(module, session, exportName, declaration, checked);
        } finally {
          session.unanswered--;
        }
      });
      this.chain = made.catch(() => undefined);
      return made;
    } catch (error) {
      return Promise.reject(error);
    }
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

  private async make(module: DirectWasmModule, session: SessionState, exportName: string, declaration: WasmExportDeclaration, checked: { args: unknown[]; transfer: ArrayBuffer[] }): Promise<WasmResult> {
    const binary = await this.direct.binary(module);
    const executor = await this.direct.ready();
    if (this.ended || this.stopped()) throw fail("wasm-cancelled", "the session was cancelled");
    const left = session.budget.totalTimeMs - session.timeMs;
    if (left <= 0) throw fail("wasm-budget-time", `the session's WASM calls used their ${session.budget.totalTimeMs} ms`);
    const limitedBySession = left < session.budget.callTimeoutMs;
    const allowanceMs = limitedBySession ? left : session.budget.callTimeoutMs;
    const call = { digest: module.sha256, binary, exportName, declaration: { params: [...declaration.params], result: declaration.result }, ...checked };
    const { outcome, elapsedMs } = this.direct.run(executor, call, allowanceMs, this.stopped);
    // A call stopped at its allowance is charged the whole allowance (a wait may end a fraction of a ms early).
    session.timeMs += "timedOut" in outcome ? Math.max(elapsedMs, allowanceMs) : elapsedMs;
    if ("stopped" in outcome) throw fail("wasm-cancelled", "the session was cancelled");
    if ("timedOut" in outcome) {
      throw limitedBySession
        ? fail("wasm-budget-time", `${exportName}: stopped after ${allowanceMs} ms, when the session's ${session.budget.totalTimeMs} ms of WASM time ran out`)
        : fail("wasm-timeout", `${exportName}: took longer than ${allowanceMs} ms and was stopped`);
    }
    const { reply } = outcome;
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
export function openWorkerModules(modules: Record<string, unknown>, stopped: () => boolean): DirectRun {
  return directWasm().openRun(modules as Record<string, DirectWasmModule>, stopped);
}
