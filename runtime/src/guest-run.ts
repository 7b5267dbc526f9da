// Owns one guest run's lifetime inside a worker, on an engine template (a fresh-state QuickJS runtime and context
// with the prelude loaded): configuring the run's clock, seed and namespaces, loading the main module, the job loop
// that interleaves guest work with host-call answers, CPU accounting and interruption, the result, and one disposal
// scope for every handle the run makes, disposed before the template is restored.
// Refuses to go on past a limit: every stop becomes the run's error, whatever the guest caught.

import { Scope, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from "quickjs-emscripten-core";
import { FACADES_MODULE, type EngineTemplate, type RunHooks } from "./template.js";
import type { Encoded, WorkerOutcome, WorkerTask } from "./protocol.js";
import { CONTROL, RunControl } from "./control.js";
import type { CpuMeter } from "./guest-cpu.js";
import { enginePowers } from "./engine-powers.js";
import { runError, scrubHostDetails, type RunError } from "./errors.js";
import { encodeValue, encodedSize } from "./codec.js";
import { decodeIntoGuest, readEncoded, type Fatal } from "./crossing.js";
import { GuestCalls } from "./guest-calls.js";
import { fastCalls, type FastCalls } from "./fast-calls.js";
import { GuestConsole } from "./guest-console.js";
import { LogAreaWriter } from "./log-area.js";
import { HeapSampler } from "./guest-heap.js";
import { cpuTimeExceeded, memoryExceeded, moduleLoadCpuExceeded, thrownToRunError } from "./guest-errors.js";
import { ModuleGate } from "./guest-modules.js";
import { listen } from "./ports.js";
import { wallLimitText } from "./limits.js";
import { openLocalCalls } from "./local-calls.js";
import { readGuestString } from "./fast-string.js";

/** Promise jobs run between two checks of the run's limits. */
const JOBS_PER_BATCH = 1_000;

/**
 * Runs `task` on `template`, charging `cpu` (run-task.ts: the run's meter, which the module set's preload may have
 * started); `onFault` is called when the engine faulted below the guest (discard the instance).
 */
export async function runGuest(template: EngineTemplate, task: WorkerTask, onFault: () => void, cpu: CpuMeter): Promise<WorkerOutcome> {
  let run: GuestRun | undefined;
  try {
    run = new GuestRun(template, task, cpu);
    const outcome = await run.execute();
    // The outcome goes out first; the run's handles and the engine's memory are put back on the thread's next turn
    // (before the template serves anything else): ~15-25 µs of a trivial run, and a big heap's growth zeroed.
    run.close();
    const ended = run;
    template.endLater(() => ended.release());
    return outcome;
  } catch (error) {
    // A fault below the guest (a WASM trap, the host thread's own stack exhausted, an allocator failure in the glue):
    // the instance is discarded.
    onFault();
    try {
      run?.dispose();
    } catch {
      // The instance is being discarded; its handles go with it.
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // Native recursion can exhaust the thread's own stack before QuickJS's check (a browser worker's is small).
    const hostStack = error instanceof RangeError && /call stack/i.test(error.message);
    return {
      ok: false,
      error: hostStack
        ? runError("E_STACK_OVERFLOW", `the guest's native recursion (deep JSON, regexps, nesting) exhausted the engine thread's stack before limits.stackBytes (${task.limits.stackBytes}) was reached; the engine was replaced`, "RangeError")
        : runError("E_WORKER_CRASHED", `the engine running this guest faulted (${scrubHostDetails(detail)}); it was replaced, and other runs are unaffected`),
      logs: run?.logsSoFar() ?? [],
      stats: { cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false },
    };
  }
}

class GuestRun implements RunHooks {
  private readonly rt: QuickJSRuntime;
  private readonly ctx: QuickJSContext;
  private readonly control: RunControl;
  private readonly cpu: CpuMeter;
  private readonly scope = new Scope();
  private readonly console: GuestConsole;
  private readonly modules: ModuleGate;
  private readonly calls: GuestCalls;
  private readonly unlisten: (() => void) | undefined;
  /** Takes the next host answer off the port synchronously (Node, shared control block); else answers are events. */
  private readonly pull: (() => { message: unknown } | undefined) | undefined;
  /** Settles when the host asks this run to stop (one wait per run, not one per turn). */
  private stopWait: Promise<unknown> | undefined;
  private readonly heap: HeapSampler;
  private readonly fast: FastCalls;
  private fatal: Fatal | RunError | undefined;

  constructor(private readonly template: EngineTemplate, private readonly task: WorkerTask, cpu: CpuMeter) {
    this.control = new RunControl(task.control);
    this.cpu = cpu;
    this.heap = new HeapSampler(template.rt, template.ctx, template.census, this.cpu, template.heapStart);
    this.rt = template.rt;
    this.ctx = template.ctx;
    this.console = new GuestConsole(task.limits, task.streamLogs ? (line) => task.port?.postMessage({ t: "log", ...line }) : undefined, task.logArea && new LogAreaWriter(task.logArea));
    this.modules = new ModuleGate(task);
    this.fast = fastCalls(this.ctx, this.rt);
    this.calls = new GuestCalls({ ctx: this.ctx, settle: template.settle, fail: template.fail, join: template.join, decode: template.decode, slice: (work) => this.slice(work), unmetered: (work) => this.cpu.unmetered(work), fatal: (f) => void (this.fatal ??= f), fast: this.fast }, task);
    template.begin(this);
    template.limitMemory(task.limits.memoryBytes);
    // A host whose thread stack is small (a browser's Web Worker) caps the guest's below it (engine powers).
    this.rt.setMaxStackSize(Math.min(task.limits.stackBytes, enginePowers().maxStackBytes ?? Number.POSITIVE_INFINITY));
    const receive = enginePowers().receiveMessage;
    const port = task.port;
    this.pull = port && receive && this.control.shared ? () => receive(port) : undefined;
    this.unlisten = port && !this.pull ? listen(port, this.calls.receive) : undefined;
    this.calls.local = openLocalCalls(task, this.calls.receive);
  }

  async execute(): Promise<WorkerOutcome> {
    const setup = this.installPrelude();
    if (setup) return this.fail(setup);
    const main = this.startMain();
    if ("code" in main) return this.fail(main);
    for (;;) {
      // Jobs run in batches, so that a guest flooding the job queue still meets its limits between batches.
      const jobs = this.slice(() => this.fast.executePendingJobs(JOBS_PER_BATCH));
      if (jobs.error) return this.fail(jobs.error.consume((e) => this.guestError(e)));
      const stop = this.stopReason();
      if (stop) return this.fail(stop);
      if (this.rt.hasPendingJob()) continue;
      const state = this.ctx.getPromiseState(main.promise);
      if (state.type === "fulfilled") {
        this.heap.atEnd();
        return state.value.consume((value) => this.finishWith(value));
      }
      if (state.type === "rejected") return this.fail(state.error.consume((e) => this.guestError(e)));
      if (this.calls.waiting === 0) {
        return this.fail({ code: "E_NEVER_SETTLES", message: "the run awaits a promise that nothing can settle: no host call is pending, and the sandbox has no timers" });
      }
      // Sampling walks the whole heap (~30-80 µs for a small one): only once the guest has run a while since the last
      // sample, so a run awaiting many quick host calls does not pay it per call (the interrupt handler samples too).
      // Not after a turn that only read parts of an answer still to come: the guest did not run, and a census of a
      // heap growing by a part each turn would walk it once a part.
      if (!this.calls.onlyParts) this.heap.atTurn();
      // Local calls (local-calls.ts) are made here, outside the guest's slices: synchronously when they can be, their
      // answers then among the replies.
      this.calls.local?.makeNow();
      // Blocking on the wake word only when no local call is pending: their answers settle on this thread's event
      // loop (local-calls.ts), which a blocked thread never turns.
      if (this.pull && !this.calls.local?.pending()) this.waitForReplies(this.pull);
      else await this.nextEvent();
      this.calls.deliver();
    }
  }

  logsSoFar() {
    return this.console.lines;
  }

  /** Closes the run's channels and ends it at once (close, then release). */
  dispose(): void {
    this.close();
    this.release();
  }

  /** Stops everything that could still reach the run: its host channel, its local calls and its stop wait. */
  close(): void {
    this.unlisten?.();
    this.calls.local?.end();
    // Settles this run's own stop wait, so no waiter outlives the run on its control block.
    if (this.stopWait) Atomics.notify(this.control.words, 0);
    this.task.port?.close();
  }

  /** Disposes every handle this run made, then ends it on the template (which restores its snapshot). */
  release(): void {
    this.calls.dropParts();
    this.scope.dispose();
    this.template.end();
  }

  // ---- engine callbacks (RunHooks)

  shouldInterrupt(): boolean {
    if (this.control.state !== CONTROL.RUNNING) return true;
    if (this.fatal) return true;
    if (this.template.outOfMemory) {
      this.fatal = memoryExceeded(this.task.limits.memoryBytes);
      return true;
    }
    this.heap.atInterrupt();
    if (!this.cpu.spent()) return false;
    // Kept as the run's error: a guest that catches the interrupt (a module at load included) has still met the limit.
    this.fatal = this.cpuExceeded();
    return true;
  }

  loadModule = (name: string) => this.modules.load(name);
  linkModule = (base: string, requested: string) => this.modules.link(base, requested);
  hostCall = (...handles: Parameters<GuestCalls["hostFunction"]>) => this.calls.hostFunction(...handles);
  bridgeCall = (...handles: Parameters<GuestCalls["hostModule"]>) => this.calls.hostModule(...handles);
  log = (level: string, message: string) => this.console.log(level, message);

  // ---- time accounting and interruption

  private slice<T>(work: () => T): T {
    return this.cpu.slice(work);
  }

  /** Why the run must stop now, if it must: cancellation and wall clock first, then fatal limits, then CPU. */
  private stopReason(): Fatal | RunError | undefined {
    const control = this.control.state;
    if (this.template.outOfMemory) this.fatal ??= memoryExceeded(this.task.limits.memoryBytes);
    if (control === CONTROL.CANCELLED) return { code: "E_CANCELLED", message: "the run was cancelled by its signal" };
    if (control === CONTROL.WALL_TIME) return { code: "E_WALL_TIME", message: `the run exceeded its wall-clock limit of ${wallLimitText(this.task.wallMs ?? this.task.limits.wallMs, this.task.limits.wallMs)}; raise limits.wallMs if the work needs it` };
    if (this.fatal) return this.fatal;
    if (control === CONTROL.CPU_TIME || (this.cpu.chargedMs > this.cpu.budget && this.cpu.spent())) return this.cpuExceeded();
    return undefined;
  }

  /** The CPU limit that fired: the modules' load budget while they load, the run's cpuMs after. */
  private cpuExceeded(): RunError {
    return this.cpu.loadingModules ? moduleLoadCpuExceeded(this.task.loadCpuMs, this.task.limits.cpuMs) : cpuTimeExceeded(this.task.limits.cpuMs);
  }

  /**
   * Blocks the thread until a host answer is on the port or the host asks the run to stop: the guest has nothing
   * else to do, and this skips the event-loop turn a message event costs. The wake word is read before the port is
   * looked at, so an answer posted in between makes the wait return at once.
   */
  private waitForReplies(pull: () => { message: unknown } | undefined): void {
    for (;;) {
      const seen = this.control.wakeSeq;
      let got = false;
      for (let next = pull(); next; next = pull()) {
        this.calls.receive(next.message as Parameters<GuestCalls["receive"]>[0]);
        got = true;
      }
      if (got || this.calls.hasReplies || this.control.state !== CONTROL.RUNNING) return;
      this.control.waitForWake(seen);
    }
  }

  /** Waits for the next host answer as a message event (a Web Worker), or for a stop request. */
  private nextEvent(): Promise<void> {
    if (this.calls.hasReplies || this.control.state !== CONTROL.RUNNING) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.calls.onNextReply(resolve);
      // A page that is not cross-origin isolated has no SharedArrayBuffer: its runner stops a run by terminating
      // the worker, so only host replies wake this wait.
      if (!this.control.shared) return;
      if (!this.stopWait) {
        const waiter = Atomics.waitAsync(this.control.words, 0, CONTROL.RUNNING);
        this.stopWait = waiter.async ? waiter.value : Promise.resolve();
      }
      void this.stopWait.then(() => resolve());
    });
  }

  // ---- setup

  private installPrelude(): Fatal | RunError | undefined {
    const { ctx } = this;
    const failure = Scope.withScope((scope) => {
      const args = [ctx.newNumber(this.task.now), ctx.newNumber(this.task.seed), ctx.newString(JSON.stringify(this.calls.targets))].map(scope.manage);
      const configured = this.slice(() => this.fast.call(this.template.configure, args));
      scope.manage(configured.error ?? configured.value);
      return configured.error ? { detail: ctx.dump(configured.error) as unknown } : undefined;
    });
    if (failure) return this.stopReason() ?? { code: "E_INTERNAL", message: `configuring the guest failed: ${JSON.stringify(failure.detail)}` };
    return this.task.inputs ? this.installInputs(this.task.inputs) : undefined;
  }

  /** Decodes the run's inputs into the guest and makes them its frozen global `inputs`. */
  private installInputs(inputs: Encoded): Fatal | RunError | undefined {
    const { ctx } = this;
    const decoded = this.slice(() => decodeIntoGuest(ctx, this.template.decode, inputs));
    if (decoded.error) return decoded.error.consume((e) => this.guestError(e));
    const provided = decoded.value.consume((value) => this.slice(() => ctx.callFunction(this.template.provideInputs, ctx.undefined, value)));
    if (provided.error) return provided.error.consume((e) => this.guestError(e));
    provided.value.dispose();
    return undefined;
  }

  private startMain(): { promise: QuickJSHandle } | Fatal | RunError {
    const { ctx } = this;
    // A limit met while the module set was preloaded is this run's: the modules would only rethrow it, or half loaded.
    if (this.template.preloadLimit === "memory") return memoryExceeded(this.task.limits.memoryBytes);
    if (this.template.preloadLimit === "cpu") return this.cpuExceeded();
    if (!this.template.preloaded && this.task.facades.length > 0) {
      // Facades first, so that they alone take the bridge before it is sealed.
      const loaded = this.slice(() => this.template.evaluateImports(FACADES_MODULE, this.task.facades));
      this.template.callSeal();
      if (!loaded) return this.stopReason() ?? this.modules.refusal ?? { code: "E_IMPORT_REFUSED", message: `a host-module facade (${this.task.facades.join(", ")}) failed to load` };
    }
    const namespace = this.evaluateMain();
    if (!("handle" in namespace)) return namespace;
    // A module that caught its interrupt or its allocation failure loaded anyway: the limit it met ends the run.
    const stop = this.stopReason();
    if (stop) {
      namespace.handle.dispose();
      return stop;
    }
    // Loading is not the program's: from here it gets its whole cpuMs.
    this.cpu.modulesLoaded(this.task.limits.cpuMs);
    this.modules.close();
    // The bridge left the global object before any module but the facades loaded (in the template, or just above).
    const called = Scope.withScope((scope) => {
      const mainFn = scope.manage(ctx.getProp(scope.manage(namespace.handle), "default"));
      return this.slice(() => this.fast.call(mainFn, []));
    });
    if (called.error) return called.error.consume((e) => this.guestError(e));
    return { promise: this.scope.manage(called.value) };
  }

  /** Evaluates the main module: its namespace (awaited when it has top-level await), or why it did not load. */
  private evaluateMain(): { handle: QuickJSHandle } | Fatal | RunError {
    const { ctx } = this;
    const evaluated = this.slice(() => ctx.evalCode(this.task.code, this.task.filename, { type: "module" }));
    if (evaluated.error) {
      // The main module runs none of the program when it is evaluated (its body is a function): a SyntaxError here
      // is the engine refusing to parse it, before any statement ran.
      const error = evaluated.error.consume((e) => this.modules.refusal ?? this.guestError(e));
      return error.code === "E_GUEST_ERROR" && error.name === "SyntaxError" ? runError("E_SYNTAX", error.message, "SyntaxError", error.guestStack) : error;
    }
    const loading = evaluated.value;
    let state = ctx.getPromiseState(loading);
    if (state.type === "pending") {
      // Top-level await in a module: its jobs run here (an error among them also rejects `loading`).
      const jobs = this.slice(() => this.rt.executePendingJobs(-1));
      if (jobs.error) jobs.error.dispose();
      state = ctx.getPromiseState(loading);
      if (state.type === "pending") {
        loading.dispose();
        return this.stopReason() ?? this.modules.refusal ?? runError("E_INTERNAL", "the main module did not finish loading");
      }
    }
    if (state.type === "rejected") {
      loading.dispose();
      return state.error.consume((e) => this.modules.refusal ?? this.guestError(e));
    }
    if (state.notAPromise) return { handle: loading };
    loading.dispose();
    return { handle: state.value };
  }

  // ---- results

  private finishWith(value: QuickJSHandle): WorkerOutcome {
    const { ctx } = this;
    const type = ctx.typeof(value);
    if (type === "number" || type === "boolean" || type === "undefined" || type === "string") {
      // Primitives cross without loading the guest codec — but a string read as UTF-8 shows a lone surrogate as
      // U+FFFD (three of them): one that reads with any takes the codec, whose JSON escapes it exactly.
      const primitive: unknown = type === "string" ? readGuestString(ctx, value) : ctx.dump(value);
      const encoded = typeof primitive === "string" && primitive.includes("\ufffd") ? undefined : encodeValue(primitive);
      if (encoded?.ok) return this.succeed(encoded.encoded);
    }
    const max = this.scope.manage(ctx.newNumber(this.task.limits.resultBytes));
    const encoded = this.scope.manage(this.heap.withoutSamples(() => this.slice(() => ctx.callFunction(this.template.encode, ctx.undefined, value, max))));
    const stop = this.stopReason();
    if (stop) return this.fail(stop);
    if (encoded.error) {
      const error = this.guestError(encoded.error);
      if (error.code !== "E_GUEST_ERROR") return this.fail(error);
      return this.fail({ code: "E_RESULT_UNSERIALIZABLE", message: /circular/i.test(error.message) ? "the returned value contains a cycle; only tree-shaped data can cross to the host" : `the returned value cannot cross to the host: ${error.message}` });
    }
    // The guest codec stopped early: the value's JSON could not fit resultBytes (a million holes, an array of length 1e8).
    if (ctx.getProp(encoded.value, 3).consume((h) => ctx.typeof(h) === "boolean" && ctx.dump(h) === true)) {
      return this.fail({ code: "E_RESULT_TOO_LARGE", message: `the returned value encodes to more than limits.resultBytes (${this.task.limits.resultBytes} bytes); it was stopped while encoding` });
    }
    const read = Scope.withScope((scope) => {
      const [json, tagged, side] = [0, 1, 2].map((i) => scope.manage(ctx.getProp(encoded.value, i)));
      return readEncoded(ctx, json, tagged, side);
    });
    return "code" in read ? this.fail(read) : this.succeed(read);
  }

  private succeed(value: Encoded): WorkerOutcome {
    const size = encodedSize(value);
    if (size > this.task.limits.resultBytes) {
      return this.fail({ code: "E_RESULT_TOO_LARGE", message: `the returned value encodes to ${size} bytes, over limits.resultBytes (${this.task.limits.resultBytes})` });
    }
    return { ok: true, value, logs: this.console.lines, stats: this.stats() };
  }

  private fail(error: Fatal | RunError): WorkerOutcome {
    const full: RunError = "name" in error ? error : runError(error.code, error.message);
    this.heap.atEnd();
    return { ok: false, error: full, logs: this.console.lines, stats: this.stats() };
  }

  private stats() {
    const localCalls = this.calls.local?.targets();
    return { cpuMs: this.cpu.chargedMs, peakHeapBytes: this.heap.peakBytes, hostCalls: this.calls.made, logsTruncated: this.console.truncated, ...(localCalls ? { localCalls } : {}) };
  }

  /** Turns a thrown guest value into a RunError, naming the limit that fired when one did. */
  private guestError(handle: QuickJSHandle): RunError {
    const stop = this.stopReason();
    if (stop) return "name" in stop ? stop : runError(stop.code, stop.message);
    // Reading the error runs guest code (a getter on message, name or stack; a toJSON): charged as the guest's, so
    // the CPU limit and the interrupt hold there too, and a limit that fired while reading it is the run's error.
    const error = this.slice(() => thrownToRunError(this.ctx, handle, this.task.limits, (message) => this.modules.refusalFor(message)));
    const late = this.stopReason();
    return late ? ("name" in late ? late : runError(late.code, late.message)) : error;
  }
}
