// Owns an engine template: a QuickJS runtime and context with the guest prelude (and its codec, console and text
// files) already evaluated, and a snapshot of the instance's linear memory taken right after. Each run starts from
// that snapshot: restoring the memory prefix up to the allocator's break gives a runtime byte-identical to a fresh
// one with the prelude loaded, in a fraction of the time it takes to build one. Where the allocator's break cannot
// be located, a template is built per run and disposed after it instead (same behaviour, slower). Where the host keeps
// template images (template-image.ts), a fresh instance restores the prelude's state from one instead of evaluating it,
// and a fresh instance of a module set the whole template, modules evaluated, from the set's image.
// Refuses to hand a template to a second run before the first has ended.

import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten-core";
import { enginePowers, LAZY_GUEST_FILES, type GuestFile, type LazyGuestFile } from "./engine-powers.js";
import { noteFreshRuntime } from "./gc-hold.js";
import { applyImage, fingerprintOf, sameFingerprint, type ImageUse, type TemplateImage } from "./template-image.js";
import { BIG_STRING_LENGTH } from "./codec.js";
import { fastFunctions } from "./fast-functions.js";
import type { WasmLayout } from "./wasm-layout.js";
import { heapCensus, type HeapStart } from "./guest-heap.js";
import { snapshotSegments, zeroGrowth } from "./snapshot-segments.js";
import { GuestStringUnreadable, moduleSourceForEngine, readGuestString } from "./fast-string.js";

/** What a host function implementation hands back to QuickJS: a value, or an error to throw in the guest. */
/** The next turn of this thread's event loop (a Web Worker has no setImmediate). */
const nextTurn: (work: () => void) => void = typeof setImmediate === "function" ? (work) => void setImmediate(work) : (work) => void setTimeout(work, 0);

export type GuestReturn = QuickJSHandle | { value: QuickJSHandle } | { error: QuickJSHandle } | void;

/** The run currently using a template: every engine callback is forwarded to it. */
export interface RunHooks {
  shouldInterrupt(): boolean;
  loadModule(name: string): { error: Error } | string;
  linkModule(base: string, requested: string): { error: Error } | string;
  /** A host-function call: the function's index among the run's targets (guest-calls.ts), then the encoded arguments. */
  hostCall(index: QuickJSHandle, json: QuickJSHandle, tagged: QuickJSHandle, side: QuickJSHandle): GuestReturn;
  bridgeCall(id: QuickJSHandle, fn: QuickJSHandle, json: QuickJSHandle, tagged: QuickJSHandle, side: QuickJSHandle): GuestReturn;
  log(level: string, text: string): void;
}

/** A run's module set, evaluated into a template so that runs importing it start with it loaded. */
export interface PreloadSet {
  modules: Record<string, string>;
  /** Host-module facades among them: evaluated first, then the bridge is sealed, then the rest. */
  facades: readonly string[];
  links: Record<string, string>;
  /**
   * The first run's CPU meter, started when the set begins to evaluate: budgeted for loading (the run's cpuMs plus
   * its modules' declared load budgets), so the host's watchdog watches the preload too.
   */
  meter(): PreloadMeter;
  /** The first run's limits.memoryBytes and guest stack, so a module meets the same limits here as in a run. */
  memoryBytes: number;
  stackBytes: number;
  cancelled(): boolean;
}

/** What the preload needs of the run's CPU meter (guest-cpu.ts CpuMeter). */
export interface PreloadMeter {
  slice<T>(work: () => T): T;
  spent(): boolean;
}

/** A limit that fired while the module set was preloaded: the first run ends with it, and the template is not kept. */
export type PreloadLimit = "cpu" | "memory";

const PRELOAD_MODULE = "capsule:preload";
/** Module that imports a run's host-module facades, evaluated before anything else so they alone take the bridge. */
export const FACADES_MODULE = "capsule:facades";

/** Guest files evaluated into every template, so no run pays for them. Intl (the largest) stays lazy. */
const PRELOADED: Array<[LazyGuestFile, string]> = [["codec", "encode"], ["console", "console"], ["text", "TextEncoder"]];
/** Every guest file whose evaluation a template (and so its image) holds. */
export const TEMPLATE_GUEST_FILES: readonly GuestFile[] = ["prelude", ...PRELOADED.map(([file]) => file)];
/** The prelude's functions a template keeps handles to, in the order of its fields (and of an image's handles). */
const KEPT = ["configure", "encode", "decode", "settle", "fail", "join", "seal", "census", "provideInputs"] as const;
type HotFunctions = [QuickJSHandle, QuickJSHandle, QuickJSHandle, QuickJSHandle];

export interface EmscriptenInternals {
  _malloc(size: number): number;
  _free(ptr: number): void;
}

export interface EngineInstance {
  qjs: QuickJSWASMModule;
  memory: { buffer: ArrayBuffer };
  layout?: WasmLayout;
  /** Set when the engine's allocator could not grow the memory (growth-watch.ts): an allocation failed. */
  outOfMemory: boolean;
  /**
   * Where a failed growth is seen (growth-watch.ts): at the glue's resize import, which sees every failure, or only at
   * the memory's grow(). With "resize", QuickJS's own memory limit is left off: under emscripten it bounds only
   * single allocations (README "Limits": Memory), and it refused a big one without asking for memory, as a catchable
   * error nothing saw.
   */
  growthWatch?: "resize" | "grow";
}

export class EngineTemplate {
  readonly rt: QuickJSRuntime;
  readonly ctx: QuickJSContext;
  readonly configure: QuickJSHandle;
  readonly encode: QuickJSHandle;
  readonly decode: QuickJSHandle;
  /** settle(id, json, tagged, side) and fail(id, error): the guest's ends of a host call's promise (prelude.js). */
  readonly settle: QuickJSHandle;
  readonly fail: QuickJSHandle;
  /** join(value, key, ...parts): a table's parts, read ahead of its answer, joined into their place (prelude.js). */
  readonly join: QuickJSHandle;
  readonly seal: QuickJSHandle;
  readonly census: QuickJSHandle;
  readonly provideInputs: QuickJSHandle;
  private current: RunHooks | undefined;
  private snapshot: { segments: Array<{ at: number; bytes: Uint8Array }>; brk: number } | undefined;
  private readonly handles: QuickJSHandle[] = [];

  /** True when the template holds its module set already evaluated (and no limit fired meanwhile). */
  readonly preloaded: boolean;
  /**
   * "set image" when the whole template, module set included, was restored from a saved image (template-image.ts);
   * "image" when the prelude's state was (and any module set then evaluated); else "built".
   */
  readonly origin: "set image" | "image" | "built";
  /**
   * Set when evaluating the module set ran out of the first run's load budget ("cpu") or memory ("memory"): that run
   * has then met the limit (its modules would only rethrow the engine's "interrupted" or "out of memory", or a module
   * caught it and carried on, half loaded), and ends with it; the template is not kept, so later runs load afresh.
   */
  preloadLimit: PreloadLimit | undefined;
  /** The heap each run starts from (its census at the snapshot), when there is a snapshot to start from. */
  readonly heapStart: HeapStart | undefined;

  private constructor(private readonly instance: EngineInstance, private readonly brkAddress: number | undefined, preload?: PreloadSet, images?: ImageUse) {
    const rt = (this.rt = instance.qjs.newRuntime());
    noteFreshRuntime(rt);
    rt.setInterruptHandler(() => this.current?.shouldInterrupt() ?? false);
    rt.setModuleLoader(
      (name) => moduleSourceForEngine(this.current?.loadModule(name) ?? { error: new Error("no run is active") }),
      (base, requested) => this.current?.linkModule(base, requested) ?? { error: new Error("no run is active") },
    );
    const ctx = (this.ctx = rt.newContext());
    // quickjs-emscripten caches the global object's handle on first use: make that happen before the snapshot.
    void ctx.global;
    // The hot functions are made before the prelude, so that everything host-side an image must match is made first.
    const hot = fastFunctions(ctx);
    const functions: HotFunctions = [
      hot("hostCall", (index, json, tagged, side) => this.current?.hostCall(index, json, tagged, side)),
      hot("hostLog", (level, text) => {
        let line: string;
        try {
          line = readGuestString(ctx, text);
        } catch (error) {
          // A line the engine has no memory to flatten is the run running out of memory, not a line to log.
          if (!(error instanceof GuestStringUnreadable)) throw error;
          this.instance.outOfMemory = true;
          return undefined;
        }
        return this.current?.log(ctx.getString(level), line);
      }),
      hot("lazyLoad", (file) => this.lazyLoad(ctx.getString(file))),
      hot("bridgeCall", (id, fn, json, tagged, side) => this.current?.bridgeCall(id, fn, json, tagged, side)),
    ];
    const fingerprint = brkAddress !== undefined ? fingerprintOf(instance, rt, ctx, functions, this.brk()) : undefined;
    const restore = (image: TemplateImage | undefined) =>
      fingerprint && image && sameFingerprint(fingerprint, image.fingerprint) ? applyImage(instance, ctx, image, KEPT.length, () => this.brk()) : undefined;
    const imageOf = (kept: readonly QuickJSHandle[]): TemplateImage => ({ fingerprint: fingerprint!, handles: kept.map((h) => h.value), brk: this.brk(), segments: snapshotSegments(instance, this.brk()) });
    const hasSet = preload !== undefined && Object.keys(preload.modules).length > 0;
    const setSlot = hasSet ? images?.set : undefined;
    // A set image holds the whole template as the build below leaves it (modules evaluated, the bridge sealed when
    // the build seals it): nothing is evaluated, and no run's load budget is spent, on a fresh instance of the set.
    const whole = restore(setSlot?.image);
    const prelude = whole ? undefined : images?.prelude();
    const restored = whole ? undefined : restore(prelude?.image);
    const kept = whole ?? restored ?? this.evaluatePrelude(functions);
    [this.configure, this.encode, this.decode, this.settle, this.fail, this.join, this.seal, this.census, this.provideInputs] = kept;
    this.handles.push(...kept);
    this.origin = whole ? "set image" : restored ? "image" : "built";
    (whole ? setSlot : restored ? prelude : undefined)?.used?.();
    // The prelude image is of the prelude alone, unsealed, so that it serves templates with a module set too.
    if (fingerprint && !whole && !restored && prelude?.save) prelude.save(imageOf(kept));
    this.preloaded = whole !== undefined || (hasSet && this.preloadModules(preload!));
    if (!whole) {
      // Without a module set no facade can need the bridge: seal it now, so runs never pay for it.
      if (!preload || preload.facades.length === 0) this.callSeal();
      // Only a set that loaded whole is imaged: preloaded is false when a module threw or any limit was met.
      if (fingerprint && this.preloaded && setSlot?.save) setSlot.save(imageOf(kept));
    }
    if (brkAddress !== undefined) {
      // Taken before the snapshot (its garbage is freed at once), so that a quiet run needs no census (guest-heap.ts).
      const bytes = heapCensus(rt, ctx, this.census);
      const brk = this.brk();
      this.snapshot = { segments: snapshotSegments(instance, brk), brk };
      if (bytes !== undefined) this.heapStart = { bytes, grownBytes: () => Math.max(0, this.brk() - brk) };
    }
  }

  /** The prelude evaluated and set up with the hot functions: the handles the template keeps, in KEPT order. */
  private evaluatePrelude(functions: HotFunctions): QuickJSHandle[] {
    const { ctx } = this;
    const api = this.unwrap(ctx.evalCode(enginePowers().guestSource("prelude"), "capsule:prelude", { type: "global" }), "prelude");
    const bigString = ctx.newNumber(BIG_STRING_LENGTH);
    const made = this.unwrap(ctx.callFunction(api, ctx.undefined, bigString, ...functions), "prelude setup");
    for (const h of [api, ...functions, bigString]) h.dispose();
    const kept = KEPT.map((name) => ctx.getProp(made, name));
    const preloadFile = ctx.getProp(made, "preload");
    made.dispose();
    for (const [file, name] of PRELOADED) {
      const args = [ctx.newString(file), ctx.newString(name)];
      this.unwrap(ctx.callFunction(preloadFile, ctx.undefined, ...args), `preload ${file}`).dispose();
      args.forEach((h) => h.dispose());
    }
    preloadFile.dispose();
    return kept;
  }



  /**
   * Builds a template on `instance`. Pass the allocator-break address found by findBreakAddress() to enable snapshots,
   * and a module set to have those modules evaluated into the template (imports then cost nothing per run).
   */
  static create(instance: EngineInstance, brkAddress: number | undefined, preload?: PreloadSet, images?: ImageUse): EngineTemplate {
    return new EngineTemplate(instance, brkAddress, preload, images);
  }

  /** Deletes the bridge's global (idempotent). */
  callSeal(): void {
    const sealed = this.ctx.callFunction(this.seal, this.ctx.undefined);
    (sealed.error ?? sealed.value).dispose();
  }

  /** Evaluates a module importing `specifiers` (in order) under `name`; false if it throws or does not finish. */
  evaluateImports(name: string, specifiers: readonly string[]): boolean {
    if (specifiers.length === 0) return true;
    const code = specifiers.map((specifier) => `import ${JSON.stringify(specifier)};`).join("\n");
    const result = this.ctx.evalCode(code, name, { type: "module" });
    if (result.error) {
      result.error.dispose();
      return false;
    }
    let state = this.ctx.getPromiseState(result.value);
    if (state.type === "pending") {
      // A module with top-level await: its jobs run here (an error among them also rejects the module's promise).
      const jobs = this.rt.executePendingJobs(-1);
      if (jobs.error) jobs.error.dispose();
      state = this.ctx.getPromiseState(result.value);
    }
    const ok = state.type === "fulfilled";
    if (state.type === "fulfilled" && !state.notAPromise) state.value.dispose();
    if (state.type === "rejected") state.error.dispose();
    result.value.dispose();
    return ok;
  }

  /**
   * Evaluates every module of the set, within the first run's load budget and memory. False (and nothing evaluated
   * that matters: the template is then discarded after that run) when any module throws, is stopped, or meets a limit.
   */
  private preloadModules(set: PreloadSet): boolean {
    // The budget is the first run's own CPU meter's (guest-cpu.ts: CPU time, with time spent waiting for a core
    // credited back), so the host's watchdog also stops a module stuck in one long native operation at load.
    const meter = set.meter();
    this.limitMemory(set.memoryBytes);
    this.rt.setMaxStackSize(set.stackBytes);
    this.instance.outOfMemory = false;
    this.current = {
      shouldInterrupt: () => {
        if (set.cancelled()) return true;
        // Out of memory is checked first: an allocation failure is what the module met, whatever time is left.
        if (this.instance.outOfMemory) this.preloadLimit ??= "memory";
        else if (meter.spent()) this.preloadLimit ??= "cpu";
        return this.preloadLimit !== undefined;
      },
      loadModule: (name) => set.modules[name] ?? { error: new Error(`module "${name}" is not in the preload set`) },
      linkModule: (base, requested) => (base === PRELOAD_MODULE || base === FACADES_MODULE ? requested : set.links[`${base}\0${requested}`]) ?? { error: new Error(`"${requested}" is not linked from "${base}"`) },
      hostCall: () => undefined,
      bridgeCall: () => undefined,
      log: () => undefined,
    };
    try {
      const others = Object.keys(set.modules).filter((specifier) => !set.facades.includes(specifier));
      let ok = meter.slice(() => this.evaluateImports(FACADES_MODULE, set.facades));
      if (ok) {
        // Facades have taken the bridge; no other module may see its global.
        this.callSeal();
        ok = meter.slice(() => this.evaluateImports(PRELOAD_MODULE, others));
      }
      // A module that caught its interrupt or its allocation failure may have finished loading: it still met the limit.
      if (this.instance.outOfMemory) this.preloadLimit ??= "memory";
      return ok && this.preloadLimit === undefined;
    } finally {
      this.current = undefined;
    }
  }

  /** True when runs restore a snapshot; false when each run needs a template of its own. */
  get reusable(): boolean {
    return this.snapshot !== undefined;
  }

  /** The end of the run that finished, left for after its outcome was sent (endLater). */
  private ending: (() => void) | undefined;
  /** Set when a run's end left for later threw: nothing more runs on this instance (instances.ts discards it). */
  broken = false;

  /**
   * Ends the current run once this thread's turn is over, so that the run's outcome is sent before the run's handles
   * are disposed and the engine's memory is put back (`finish` does both, calling end()). Whatever uses the template
   * next finishes it first (settleEnd): templateFor before handing the template out, and begin().
   */
  endLater(finish: () => void): void {
    this.ending = finish;
    nextTurn(() => this.settleEnd());
  }

  /** Finishes a run's end left for later, if any; a throw there marks the template broken. */
  settleEnd(): void {
    const finish = this.ending;
    if (!finish) return;
    this.ending = undefined;
    try {
      finish();
    } catch {
      this.broken = true;
    }
  }

  begin(hooks: RunHooks): void {
    this.settleEnd();
    if (this.broken) throw new Error("the engine's previous run could not be ended");
    if (this.current) throw new Error("engine template is already in use by another run");
    this.current = hooks;
    this.instance.outOfMemory = false;
  }

  /** True when an allocation failed since the run began. */
  /** QuickJS's own limit for `memoryBytes`: none where every failed growth is seen (EngineInstance.growthWatch). */
  limitMemory(memoryBytes: number): void {
    this.rt.setMemoryLimit(this.instance.growthWatch === "resize" ? -1 : memoryBytes);
  }

  get outOfMemory(): boolean {
    return this.instance.outOfMemory;
  }

  /** Ends the current run. Every handle the run made must already be disposed: restoring invalidates them. */
  end(): void {
    this.current = undefined;
    if (!this.snapshot) {
      this.dispose();
      return;
    }
    const memory = new Uint8Array(this.instance.memory.buffer);
    const brk = this.brk();
    // Memory the run's allocator took beyond the snapshot is zeroed, so nothing of it survives into the next run; then
    // the snapshot is written back, the allocator's top chunk's header and end among it (snapshot-segments.ts).
    zeroGrowth(memory, this.snapshot.brk, brk);
    for (const { at, bytes } of this.snapshot.segments) memory.set(bytes, at);
  }

  dispose(): void {
    for (const h of this.handles) if (h.alive) h.dispose();
    this.ctx.dispose();
    this.rt.dispose();
  }

  private brk(): number {
    return new Uint32Array(this.instance.memory.buffer)[this.brkAddress! >>> 2];
  }

  private lazyLoad(file: string): GuestReturn {
    if (!(LAZY_GUEST_FILES as readonly string[]).includes(file)) return { error: this.ctx.newError({ name: "TypeError", message: `unknown guest file "${file}"` }) };
    const result = this.ctx.evalCode(enginePowers().guestSource(file as LazyGuestFile), `capsule:${file}`, { type: "global" });
    return result.error ? { error: result.error } : { value: result.value };
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  private unwrap(result: ReturnType<QuickJSContext["evalCode"]>, what: string): QuickJSHandle {
    if (result.error) {
      const detail = JSON.stringify(this.ctx.dump(result.error));
      result.error.dispose();
      throw new Error(`the guest ${what} failed: ${detail}`);
    }
    return result.value;
  }
}
