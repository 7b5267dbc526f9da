// Owns one executor thread of the direct WASM channel (direct-worker.mjs) and the exchange of one call with it: the
// caller posts the call (a MessagePort message, or shared memory alone for a scalar call the executor already
// knows), wakes the executor through a shared word, spins briefly for the answer when calls have been answered
// quickly and cores are to spare (TUNING.wasmSpinUs), then blocks on the word (Atomics.wait) until the reply, the
// call's allowance or its run's stop; once it has taken the answer it says so (the executor waits for that before its
// after-call work, so that work never holds a core the caller is waiting for). A call stopped at its allowance or by
// its run terminates the executor (V8 interrupts a running export), and the next call gets a fresh one.
// Refuses nothing itself: it says how the exchange ended (direct.ts words the refusals).

import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import { HostModuleError } from "../errors.js";
import { TUNING } from "../tuning.js";
import type { WasmExportDeclaration } from "./args.js";
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
/** How often a blocked caller looks at its run's stop flag, in ms. */
const STOP_POLL_MS = 5;
const SPIN_MS = TUNING.wasmSpinUs.value / 1000;

/** One executor thread with its channel; replaced when a call is stopped or it exits. */
export class Executor {
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
  private nextId = 1;
  /** Whether the last call was answered within the spin window (the next one's caller then spins for its answer). */
  private quick = true;

  constructor(startMs: number) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(SCRIPT, {
      workerData: { port: port2, shared: this.shared, spinUs: TUNING.wasmSpinUs.value },
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
      if (result === "timed-out" && !this.started) {
        this.stop();
        throw new HostModuleError("wasm-internal", `the WASM worker did not start within ${startMs} ms`);
      }
    });
    // Awaited by every call made as a promise; one made synchronously only looks at `started`.
    this.ready.catch(() => undefined);
  }

  /** The thread announced itself (a call can be made now, without awaiting `ready`). */
  get started(): boolean {
    return Atomics.load(this.words, 1) === 1;
  }

  stop(): void {
    this.exited = true;
    void this.worker.terminate();
  }

  /**
   * Runs one call, blocking this thread for at most `allowanceMs` (or until `stopped()`); stops the executor then.
   * `spin`: whether either thread may spin for the other (cores to spare: a spinning thread holds a core the other
   * may be waiting for).
   */
  exchange(call: ExchangeCall, allowanceMs: number, stopped: () => boolean, spin = true): { outcome: Outcome; elapsedMs: number } {
    const id = this.nextId++;
    const { words, port } = this;
    const started = performance.now();
    let sentBytes = !this.digests.has(call.digest);
    Atomics.store(words, 6, spin ? 1 : 0);
    const wake = (fast: number): void => {
      Atomics.store(words, 2, fast);
      Atomics.store(words, 0, CALL);
      Atomics.notify(words, 0);
    };
    // A scalar call the executor already knows goes through shared memory alone: no message to serialize, and no
    // event-loop wake-up of either thread (a MessagePort post wakes the receiver's loop even when nothing listens).
    const { params, result } = call.declaration;
    const scalar = params.length <= FAST_SLOTS && !params.includes("bytes") && result !== "bytes";
    const fastName = `${call.digest}\0${call.exportName}`;
    const fastKey = scalar && !sentBytes ? this.fastKeys.get(fastName) : undefined;
    let fast = fastKey !== undefined;
    if (fastKey !== undefined) {
      for (let i = 0; i < params.length; i++) {
        if (params[i] === "i64") this.bigints[i] = call.args[i] as bigint;
        else this.numbers[i] = call.args[i] as number;
      }
      Atomics.store(words, 4, fastKey);
      Atomics.store(words, 5, id);
      wake(1);
    } else {
      const register = scalar ? this.fastKeys.size + 1 : undefined;
      port.postMessage({ id, digest: call.digest, bytes: sentBytes ? call.binary : undefined, exportName: call.exportName, declaration: call.declaration, args: call.args, ...(register ? { fastKey: register } : {}) }, call.transfer);
      wake(0);
      if (register) this.fastKeys.set(fastName, register);
    }
    // Spinning for an answer that comes within the window saves the wake-up of a blocked thread, on both sides (the
    // executor's notify then wakes no one); past it, or when the last call took longer, the caller blocks.
    if (spin && this.quick) {
      const until = started + SPIN_MS;
      while (Atomics.load(words, 0) !== DONE && performance.now() < until);
    }
    for (;;) {
      if (Atomics.load(words, 0) === DONE) {
        this.quick = performance.now() - started <= SPIN_MS;
        const answer = fast ? Atomics.load(words, 3) : ANSWER_ON_PORT;
        fast = false;
        const value = answer === ANSWER_NUMBER ? this.numbers[0] : answer === ANSWER_BIGINT ? this.bigints[0] : undefined;
        const reply = answer === ANSWER_ON_PORT ? (receiveMessageOnPort(port)?.message as Reply | undefined) : undefined;
        // Taken: the executor waits for this before its after-call work (the spare, the memory given back).
        Atomics.store(words, 0, IDLE);
        Atomics.notify(words, 0);
        if (answer !== ANSWER_ON_PORT) return { outcome: { reply: { ok: true, value } }, elapsedMs: performance.now() - started };
        if (reply?.needBytes && !sentBytes) {
          sentBytes = true;
          port.postMessage({ id, resume: true, bytes: call.binary });
          wake(0);
          continue;
        }
        const outcome: Outcome = reply ? { reply: reply.needBytes ? { ok: false, code: "wasm-internal", message: "the worker did not keep the module it was sent" } : reply } : { reply: { ok: false, code: "wasm-internal", message: "the worker answered nothing" } };
        if (reply?.ok || (reply && reply.code !== "wasm-module-invalid")) this.digests.add(call.digest);
        return { outcome, elapsedMs: performance.now() - started };
      }
      const left = allowanceMs - (performance.now() - started);
      if (left <= 0 || this.exited) return this.abandon({ timedOut: true }, started);
      if (stopped()) return this.abandon({ stopped: true }, started);
      Atomics.wait(words, 0, CALL, Math.min(left, STOP_POLL_MS));
    }
  }

  private abandon(outcome: Outcome, started: number): { outcome: Outcome; elapsedMs: number } {
    this.stop();
    return { outcome, elapsedMs: performance.now() - started };
  }
}

export interface ExchangeCall {
  digest: string;
  binary: Uint8Array;
  exportName: string;
  declaration: WasmExportDeclaration;
  args: unknown[];
  transfer: ArrayBuffer[];
}

type Reply = { ok?: boolean; needBytes?: boolean; value?: WasmResult; code?: string; message?: string };
export type Outcome = { reply: Reply } | { timedOut: true } | { stopped: true };
