// Owns one guest run inside a worker, on an engine template (a fresh-state QuickJS runtime and context with the
// prelude loaded): configuring the run's clock, seed and namespaces, the module loader, the job loop that interleaves
// guest work with host-call answers, and disposal of every handle it made before the template is restored.
// Refuses imports outside the run's resolved set (and every import once the main module has loaded).

import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { FACADES_MODULE, type EngineTemplate, type GuestReturn, type RunHooks } from "./template.js";
import { CONTROL, type Encoded, type HostReplyMessage, type LogEntry, type WorkerOutcome, type WorkerTask } from "./protocol.js";
import { runError, scrubHostDetails, type ErrorCode, type RunError } from "./errors.js";
import { encodeValue, encodedSize } from "./codec.js";
import { newStringFast } from "./fast-string.js";
import { listen } from "./ports.js";

type Fatal = { code: ErrorCode; message: string };

/** CPU time between heap samples taken from the interrupt handler. */
const HEAP_SAMPLE_MS = 20;

const LOG_TRUNCATED = (lines: number, bytes: number) =>
  `[capsule] console output truncated: this run may keep ${lines} lines and ${bytes} bytes (limits.logLines, limits.logBytes)`;

export async function runGuest(template: EngineTemplate, task: WorkerTask): Promise<WorkerOutcome> {
  let run: GuestRun | undefined;
  try {
    run = new GuestRun(template, task);
    const outcome = await run.execute();
    run.dispose();
    return outcome;
  } catch (error) {
    // A fault below the guest (a WASM trap, an allocator failure in the glue): the caller discards this instance.
    try {
      run?.dispose();
    } catch {
      // The instance is being discarded; its handles go with it.
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      ok: false,
      error: runError("E_WORKER_CRASHED", `the engine running this guest faulted (${scrubHostDetails(detail)}); it was replaced, and other runs are unaffected`),
      logs: run?.logsSoFar() ?? [],
      stats: { cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false },
    };
  }
}

class GuestRun implements RunHooks {
  private readonly rt: QuickJSRuntime;
  private readonly ctx: QuickJSContext;
  private readonly control: Int32Array;
  private readonly logs: LogEntry[] = [];
  private logBytes = 0;
  private logsTruncated = false;
  private cpuMs = 0;
  private sliceStart = 0;
  private inSlice = false;
  private peakHeapBytes = 0;
  private lastHeapSample = 0;
  private hostCalls = 0;
  private nextCallId = 1;
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private readonly replies: HostReplyMessage[] = [];
  private wake: (() => void) | undefined;
  private fatal: Fatal | undefined;
  private importRefusal: Fatal | undefined;
  private readonly refusalMessages = new Set<string>();
  private importsClosed = false;
  private readonly unlisten: (() => void) | undefined;
  private readonly onMessage = (message: HostReplyMessage) => {
    this.replies.push(message);
    this.wake?.();
  };

  constructor(private readonly template: EngineTemplate, private readonly task: WorkerTask) {
    this.control = new Int32Array(task.control);
    this.rt = template.rt;
    this.ctx = template.ctx;
    template.begin(this);
    this.rt.setMemoryLimit(task.limits.memoryBytes);
    this.rt.setMaxStackSize(task.limits.stackBytes);
    this.unlisten = task.port ? listen(task.port, this.onMessage) : undefined;
  }

  async execute(): Promise<WorkerOutcome> {
    const setup = this.installPrelude();
    if (setup) return this.fail(setup);
    const main = this.startMain();
    if ("code" in main) return this.fail(main);
    try {
      for (;;) {
        const jobs = this.slice(() => this.rt.executePendingJobs(-1));
        if (jobs.error) {
          const error = this.guestError(jobs.error);
          jobs.error.dispose();
          return this.fail(error);
        }
        const stop = this.stopReason();
        if (stop) return this.fail(stop);
        const state = this.ctx.getPromiseState(main.promise);
        if (state.type === "fulfilled") {
          this.sampleHeap();
          const outcome = this.finishWith(state.value);
          state.value.dispose();
          return outcome;
        }
        if (state.type === "rejected") {
          const error = this.guestError(state.error);
          state.error.dispose();
          return this.fail(error);
        }
        if (this.pending.size === 0) {
          return this.fail({ code: "E_NEVER_SETTLES", message: "the run awaits a promise that nothing can settle: no host call is pending, and the sandbox has no timers" });
        }
        this.sampleHeap();
        await this.nextEvent();
        this.deliverReplies();
      }
    } finally {
      main.promise.dispose();
    }
  }

  logsSoFar(): LogEntry[] {
    return this.logs;
  }

  /** Disposes every handle this run made, then ends it on the template (which restores its snapshot). */
  dispose(): void {
    this.unlisten?.();
    this.task.port?.close();
    for (const deferred of this.pending.values()) deferred.dispose();
    this.pending.clear();
    this.template.end();
  }

  // ---- time accounting and interruption

  private slice<T>(work: () => T): T {
    if (this.inSlice) return work();
    this.inSlice = true;
    this.sliceStart = performance.now();
    try {
      return work();
    } finally {
      this.cpuMs += performance.now() - this.sliceStart;
      this.inSlice = false;
    }
  }

  shouldInterrupt(): boolean {
    if (Atomics.load(this.control, 0) !== CONTROL.RUNNING) return true;
    if (this.fatal) return true;
    const used = this.cpuMs + (performance.now() - this.sliceStart);
    if (used - this.lastHeapSample > HEAP_SAMPLE_MS) this.sampleHeap();
    return used > this.task.limits.cpuMs;
  }

  /** Why the run must stop now, if it must: cancellation and wall clock first, then fatal limits, then CPU. */
  private stopReason(): Fatal | undefined {
    const control = Atomics.load(this.control, 0);
    if (control === CONTROL.CANCELLED) return { code: "E_CANCELLED", message: "the run was cancelled by its signal" };
    if (control === CONTROL.WALL_TIME) return { code: "E_WALL_TIME", message: `the run exceeded its wall-clock limit of ${this.task.limits.wallMs} ms` };
    if (this.fatal) return this.fatal;
    if (this.cpuMs > this.task.limits.cpuMs) {
      return { code: "E_CPU_TIME", message: `the guest exceeded its CPU limit of ${this.task.limits.cpuMs} ms` };
    }
    return undefined;
  }

  private nextEvent(): Promise<void> {
    if (this.replies.length > 0 || Atomics.load(this.control, 0) !== CONTROL.RUNNING) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve();
      };
      // A page that is not cross-origin isolated has no SharedArrayBuffer: its runner stops a run by terminating
      // the worker, so only host replies wake this wait.
      if (!isShared(this.control.buffer)) return;
      const waiter = Atomics.waitAsync(this.control, 0, CONTROL.RUNNING);
      if (waiter.async) void waiter.value.then(() => this.wake?.());
      else this.wake();
    });
  }

  // ---- setup

  private installPrelude(): Fatal | undefined {
    const { ctx } = this;
    const args = [ctx.newNumber(this.task.now), ctx.newNumber(this.task.seed), ctx.newString(JSON.stringify(this.task.namespaces))];
    const configured = this.slice(() => ctx.callFunction(this.template.configure, ctx.undefined, ...args));
    args.forEach((h) => h.dispose());
    if (configured.error) {
      const error = ctx.dump(configured.error);
      configured.error.dispose();
      return this.stopReason() ?? { code: "E_INTERNAL", message: `configuring the guest failed: ${JSON.stringify(error)}` };
    }
    configured.value.dispose();
    return undefined;
  }

  private startMain(): { promise: QuickJSHandle } | Fatal {
    const { ctx } = this;
    if (!this.template.preloaded && this.task.facades.length > 0) {
      // Facades first, so that they alone take the bridge before it is sealed.
      const loaded = this.slice(() => this.template.evaluateImports(FACADES_MODULE, this.task.facades));
      this.template.callSeal();
      if (!loaded) return this.stopReason() ?? this.importRefusal ?? { code: "E_IMPORT_REFUSED", message: `a host-module facade (${this.task.facades.join(", ")}) failed to load` };
    }
    const evaluated = this.slice(() => ctx.evalCode(this.task.code, this.task.filename, { type: "module" }));
    if (evaluated.error) {
      const error = this.guestError(evaluated.error);
      evaluated.error.dispose();
      return this.importRefusal ?? error;
    }
    // A module with top-level await evaluates to a promise for its namespace.
    let namespace = evaluated.value;
    const state = ctx.getPromiseState(namespace);
    if (state.type === "pending") {
      this.slice(() => this.rt.executePendingJobs(-1));
      const settled = ctx.getPromiseState(namespace);
      if (settled.type !== "fulfilled") {
        const error = settled.type === "rejected" ? this.guestError(settled.error) : { code: "E_INTERNAL" as ErrorCode, message: "the main module did not finish loading" };
        if (settled.type === "rejected") settled.error.dispose();
        namespace.dispose();
        return this.importRefusal ?? error;
      }
      namespace.dispose();
      namespace = settled.value;
    } else if (state.type === "fulfilled" && !state.notAPromise) {
      namespace.dispose();
      namespace = state.value;
    } else if (state.type === "rejected") {
      const error = this.guestError(state.error);
      state.error.dispose();
      namespace.dispose();
      return this.importRefusal ?? error;
    }
    this.importsClosed = true;
    // The bridge left the global object before any module but the facades loaded (in the template, or just above).
    const mainFn = ctx.getProp(namespace, "default");
    namespace.dispose();
    const called = this.slice(() => ctx.callFunction(mainFn, ctx.undefined));
    mainFn.dispose();
    if (called.error) {
      const error = this.guestError(called.error);
      called.error.dispose();
      return error;
    }
    return { promise: called.value };
  }

  // ---- modules

  loadModule(name: string): { error: Error } | string {
    if (this.importsClosed) return this.refuseImport("E_IMPORT_REFUSED", `import of "${name}" was refused: modules load only before the guest starts (dynamic import() is never allowed)`);
    const source = this.task.modules[name];
    if (source === undefined) return this.refuseImport("E_IMPORT_REFUSED", `import of "${name}" was refused: it is not among the run's resolved modules`);
    return source;
  }

  linkModule(base: string, requested: string): { error: Error } | string {
    if (base === FACADES_MODULE && this.task.facades.includes(requested) && !this.importsClosed) return requested;
    if (this.importsClosed) return this.refuseImport("E_IMPORT_REFUSED", `import("${requested}") was refused: dynamic import() is never allowed in the sandbox`);
    const target = this.task.links[`${base}\0${requested}`];
    if (target === undefined) return this.refuseImport("E_IMPORT_REFUSED", `import of "${requested}" from "${base}" was refused: it was not resolved before the run`);
    return target;
  }

  private refuseImport(code: ErrorCode, message: string): { error: Error } {
    this.importRefusal ??= { code, message };
    this.refusalMessages.add(message);
    return { error: new Error(message) };
  }

  // ---- host calls

  hostCall(nsH: QuickJSHandle, fnH: QuickJSHandle, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const ns = this.ctx.getString(nsH);
    const fn = this.ctx.getString(fnH);
    if (!this.task.namespaces[ns]?.includes(fn)) return this.throwInGuest("TypeError", `${ns}.${fn} is not a host function of this run`);
    return this.callHost({ ns, fn }, jsonH, taggedH, sideH);
  }

  bridgeCall(idH: QuickJSHandle, fnH: QuickJSHandle, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const module = this.ctx.getString(idH);
    const fn = this.ctx.getString(fnH);
    if (!this.task.hostModules.includes(module)) return this.throwInGuest("TypeError", `host module "${module}" is not imported by this run`);
    return this.callHost({ ns: module, fn, module }, jsonH, taggedH, sideH);
  }

  private callHost(target: { ns: string; fn: string; module?: string }, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): GuestReturn {
    const { ctx } = this;
    const port = this.task.port;
    const { ns, fn } = target;
    const args = this.readEncoded(jsonH, taggedH, sideH);
    if (!port) return this.throwInGuest("TypeError", `${ns}.${fn} cannot be called: this run has no host channel`);
    if ("code" in args) return this.throwFatal(args);
    if (this.hostCalls >= this.task.limits.hostCalls) {
      return this.throwFatal({ code: "E_HOST_CALL_LIMIT", message: `the guest made more than ${this.task.limits.hostCalls} host calls (limits.hostCalls)` });
    }
    if (this.pending.size >= this.task.limits.hostCallsInFlight) {
      return this.throwFatal({ code: "E_HOST_CALLS_IN_FLIGHT", message: `the guest had more than ${this.task.limits.hostCallsInFlight} host calls awaiting answers at once (limits.hostCallsInFlight)` });
    }
    if (encodedSize(args) > this.task.limits.hostDataBytes) {
      return this.throwFatal({ code: "E_HOST_DATA_TOO_LARGE", message: `arguments to ${ns}.${fn} encode to more than ${this.task.limits.hostDataBytes} bytes (limits.hostDataBytes)` });
    }
    this.hostCalls++;
    const id = this.nextCallId++;
    const deferred = ctx.newPromise();
    this.pending.set(id, deferred);
    port.postMessage({ t: "call", id, ns, fn, module: target.module, args });
    return deferred.handle.dup();
  }

  private deliverReplies(): void {
    const { ctx } = this;
    while (this.replies.length > 0) {
      const reply = this.replies.shift()!;
      const deferred = this.pending.get(reply.id);
      if (!deferred) continue;
      this.pending.delete(reply.id);
      if (reply.t === "fatal") {
        deferred.dispose();
        this.fatal ??= { code: reply.code, message: reply.message };
        continue;
      }
      try {
        if (reply.t === "err") {
          const error = ctx.newError({ name: reply.name, message: reply.message });
          this.slice(() => deferred.reject(error));
          error.dispose();
        } else {
          const decoded = this.slice(() => this.decodeIntoGuest(reply.value));
          if (decoded.error) {
            this.slice(() => deferred.reject(decoded.error));
            decoded.error.dispose();
          } else {
            this.slice(() => deferred.resolve(decoded.value));
            decoded.value.dispose();
          }
        }
      } catch {
        // Settling ran guest code that was interrupted (a limit fired); stopReason() reports it.
      } finally {
        deferred.dispose();
      }
    }
  }

  private decodeIntoGuest(value: Encoded) {
    const { ctx } = this;
    const json = newStringFast(ctx, value.json);
    const tagged = value.tagged ? ctx.true : ctx.false;
    const side = ctx.newArray();
    value.side.forEach((item, i) => {
      const h = typeof item === "string" ? newStringFast(ctx, item) : ctx.newArrayBuffer(item.buffer.slice(item.byteOffset, item.byteOffset + item.byteLength) as ArrayBuffer);
      ctx.setProp(side, i, h);
      h.dispose();
    });
    const result = ctx.callFunction(this.template.decode, ctx.undefined, json, tagged, side);
    json.dispose();
    side.dispose();
    return result;
  }

  /** Reads the guest's [json, tagged, side] triple into host copies, refusing anything of the wrong shape. */
  private readEncoded(jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): Encoded | Fatal {
    const { ctx } = this;
    if (ctx.typeof(jsonH) !== "string") return { code: "E_RESULT_UNSERIALIZABLE", message: "the value cannot cross to the host" };
    const side: Array<Uint8Array | string> = [];
    // Not ctx.getLength(): it reads through a Uint32Array view made when the context was created, which goes
    // stale (length 0) once the engine's memory has grown, and a template's context outlives many growths.
    const length = ctx.getProp(sideH, "length").consume((h) => (ctx.typeof(h) === "number" ? ctx.getNumber(h) : 0));
    for (let i = 0; i < length; i++) {
      const item = ctx.getProp(sideH, i);
      try {
        if (ctx.typeof(item) === "string") side.push(ctx.getString(item));
        else {
          const view = ctx.getArrayBuffer(item);
          side.push(new Uint8Array(view.value));
          view.dispose();
        }
      } catch {
        return { code: "E_RESULT_UNSERIALIZABLE", message: "the value holds binary data that cannot cross to the host" };
      } finally {
        item.dispose();
      }
    }
    return { json: ctx.getString(jsonH), tagged: ctx.dump(taggedH) === true, side };
  }

  private throwInGuest(name: string, message: string): GuestReturn {
    return { error: this.ctx.newError({ name, message }) };
  }

  private throwFatal(fatal: Fatal): GuestReturn {
    this.fatal ??= fatal;
    return this.throwInGuest("CapsuleLimitError", fatal.message);
  }

  // ---- console

  log(level: string, message: string): void {
    if (this.logsTruncated) return;
    const { logLines, logBytes } = this.task.limits;
    if (this.logs.length >= logLines || this.logBytes + message.length > logBytes) {
      this.logsTruncated = true;
      this.keepLog("warn", LOG_TRUNCATED(logLines, logBytes));
      return;
    }
    this.logBytes += message.length;
    this.keepLog(level as LogEntry["level"], message);
  }

  private keepLog(level: LogEntry["level"], message: string): void {
    this.logs.push({ level, message });
    if (this.task.streamLogs) this.task.port?.postMessage({ t: "log", level, message });
  }

  // ---- results

  private finishWith(value: QuickJSHandle): WorkerOutcome {
    const { ctx } = this;
    const type = ctx.typeof(value);
    if (type === "number" || type === "boolean" || type === "undefined" || type === "string") {
      // Primitives cross without loading the guest codec.
      const encoded = encodeValue(ctx.dump(value));
      if (encoded.ok) return this.succeed(encoded.encoded);
    }
    const encoded = this.slice(() => ctx.callFunction(this.template.encode, ctx.undefined, value));
    const stop = this.stopReason();
    if (stop) {
      (encoded.error ?? encoded.value).dispose();
      return this.fail(stop);
    }
    if (encoded.error) {
      const error = this.guestError(encoded.error);
      encoded.error.dispose();
      if (error.code === "E_GUEST_ERROR") {
        return this.fail({ code: "E_RESULT_UNSERIALIZABLE", message: /circular/i.test(error.message) ? "the returned value contains a cycle; only tree-shaped data can cross to the host" : `the returned value cannot cross to the host: ${error.message}` });
      }
      return this.fail(error);
    }
    const triple = encoded.value;
    const parts = [0, 1, 2].map((i) => ctx.getProp(triple, i));
    triple.dispose();
    const read = this.readEncoded(parts[0], parts[1], parts[2]);
    parts.forEach((h) => h.dispose());
    if ("code" in read) return this.fail(read);
    return this.succeed(read);
  }

  private succeed(value: Encoded): WorkerOutcome {
    const size = encodedSize(value);
    if (size > this.task.limits.resultBytes) {
      return this.fail({ code: "E_RESULT_TOO_LARGE", message: `the returned value encodes to ${size} bytes, over limits.resultBytes (${this.task.limits.resultBytes})` });
    }
    return { ok: true, value, logs: this.logs, stats: this.stats() };
  }

  private fail(error: Fatal | RunError): WorkerOutcome {
    const full: RunError = "name" in error ? error : runError(error.code, error.message);
    this.sampleHeap();
    return { ok: false, error: full, logs: this.logs, stats: this.stats() };
  }

  private stats() {
    return { cpuMs: this.cpuMs, peakHeapBytes: this.peakHeapBytes, hostCalls: this.hostCalls, logsTruncated: this.logsTruncated };
  }

  /**
   * Records the guest heap from QuickJS's object census (JS_ComputeMemoryUsage). Its malloc total is useless under
   * emscripten (allocations count 8 bytes each), so the figure is the census of atoms, strings, objects, shapes,
   * functions, array elements and buffers: an estimate, sampled at turn boundaries and every HEAP_SAMPLE_MS of CPU.
   */
  private sampleHeap(): void {
    this.lastHeapSample = this.cpuMs + (this.inSlice ? performance.now() - this.sliceStart : 0);
    try {
      // Computed against the run's own context: the public computeMemoryUsage() builds a service context per runtime.
      const internals = this.rt as unknown as { ffi: { QTS_RuntimeComputeMemoryUsage(rt: unknown, ctx: unknown): unknown }; rt: { value: unknown } };
      const context = this.ctx as unknown as { ctx: { value: unknown }; memory: { heapValueHandle(ptr: unknown): QuickJSHandle } };
      const usage = context.memory.heapValueHandle(internals.ffi.QTS_RuntimeComputeMemoryUsage(internals.rt.value, context.ctx.value));
      const summed = this.ctx.callFunction(this.template.census, this.ctx.undefined, usage);
      usage.dispose();
      if (summed.error) {
        summed.error.dispose();
        return;
      }
      const bytes = summed.value.consume((h) => this.ctx.getNumber(h));
      if (bytes > this.peakHeapBytes) this.peakHeapBytes = bytes;
    } catch {
      // Best effort: a runtime at its memory limit may not build the census object.
    }
  }

  /** Turns a thrown guest value into a RunError, naming the limit that fired when one did. */
  private guestError(handle: QuickJSHandle): RunError {
    const stop = this.stopReason();
    if (stop) return runError(stop.code, stop.message);
    const { ctx } = this;
    let name = "Error";
    let message: string;
    let stack: string | undefined;
    if (ctx.typeof(handle) === "object") {
      const read = (key: string) => {
        const h = ctx.getProp(handle, key);
        try {
          return ctx.typeof(h) === "string" ? ctx.getString(h) : undefined;
        } finally {
          h.dispose();
        }
      };
      name = read("name") ?? "Error";
      message = read("message") ?? String(ctx.dump(handle));
      stack = read("stack");
    } else {
      message = String(ctx.dump(handle));
      name = "Error";
    }
    const guestStack = stack ? cleanStack(stack) : undefined;
    if (/out of memory/i.test(message) && (name === "RangeError" || name === "InternalError")) {
      return runError("E_MEMORY", `the guest heap outgrew limits.memoryBytes (${this.task.limits.memoryBytes} bytes)`, "RangeError", guestStack);
    }
    if (/stack overflow/i.test(message) && (name === "RangeError" || name === "InternalError")) {
      return runError("E_STACK_OVERFLOW", `the guest overflowed its stack (limits.stackBytes = ${this.task.limits.stackBytes}) and did not catch the RangeError`, "RangeError", guestStack);
    }
    if (this.refusalMessages.has(message) && this.importRefusal) return runError(this.importRefusal.code, this.importRefusal.message, name, guestStack);
    return runError("E_GUEST_ERROR", scrubHostDetails(message), name, guestStack);
  }
}

function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer !== "undefined" && buffer instanceof SharedArrayBuffer;
}

/** Keeps only guest frames: drops the prelude's and any native frame. */
function cleanStack(stack: string): string | undefined {
  const lines = stack.split("\n").filter((line) => line.trim() !== "" && !line.includes("capsule:"));
  return lines.length ? scrubHostDetails(lines.join("\n")) : undefined;
}
