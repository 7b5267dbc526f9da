// Owns sampling one run's guest heap for stats.peakHeapBytes, from QuickJS's object census (JS_ComputeMemoryUsage).
// Its malloc total is useless under emscripten (allocations count 8 bytes each), so the figure is the larger of the
// census's total (prelude.js census) and the run's start plus the allocator's growth past the snapshot (strings held
// in values are not in the census): an estimate, sampled at turn boundaries and every HEAP_SAMPLE_MS of guest CPU.
// Refuses to let the census dominate a big heap: the census walks every object, so its cost grows with the heap,
// and a guest working on a heap of a million objects (100k rows of 10 fields) paid ~43 ms per census every 20 ms —
// quadratic, 24 of a run's 25 s. A sample is now due only once the guest has run HEAP_SAMPLE_COST_RATIO times as
// long as the last census took, counted from the end of that census; the census then costs at most ~1/10 of the
// guest's CPU whatever the heap's size. Not a limit: the memory limit is the WASM memory's maximum (instances.ts).
// A run that ends (or reaches a turn) within HEAP_QUIET_MS of guest CPU without the allocator's break having moved
// since the snapshot takes no census at all: its figure is the template's own census, taken once when the template
// was built (a census walks the whole template heap, ~40 µs of a trivial run's ~250 µs of worker CPU).

import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { CpuMeter } from "./guest-cpu.js";

/** CPU time between heap samples taken from the interrupt handler, for a heap whose census is cheap. */
const HEAP_SAMPLE_MS = 20;

/**
 * Guest CPU time since the last heap sample below which a turn boundary takes none: a census costs ~30 µs, which was
 * ~15% of a host call's round trip when taken at every turn (and ~7% at every 1 ms); a turn that ran for less than
 * this cannot have allocated much (the limit itself is the engine's allocator's, never this estimate).
 */
const HEAP_TURN_SAMPLE_MS = 4;

/**
 * Guest CPU a sample waits for, as a multiple of what the last census took. A heap grows no faster than the guest
 * allocates, which is many times slower than the census walks it, so a sample this far apart still sees most of a
 * growing heap; a transient peak between two samples of a big heap may be under-reported (the figure is an estimate).
 */
const HEAP_SAMPLE_COST_RATIO = 10;

/**
 * Guest CPU below which a run whose heap did not grow past the snapshot's break is reported with the template's own
 * census instead of taking one. What it can leave out is what such a run allocated inside the allocator's free space
 * at the snapshot (measured in runtime/README.md); anything that grew the heap, and every longer run, is counted.
 */
const HEAP_QUIET_MS = 1;

/** The heap a run starts from, when the template can tell: its census, and how far the run's allocator grew past it. */
export interface HeapStart {
  bytes: number;
  /** Bytes the allocator's break has moved past the snapshot's (0 while the run allocates inside the free space). */
  grownBytes(): number;
}

interface Internals {
  runtime: { ffi: { QTS_RuntimeComputeMemoryUsage(rt: unknown, ctx: unknown): unknown }; rt: { value: unknown } };
  context: { ctx: { value: unknown }; memory: { heapValueHandle(ptr: unknown): QuickJSHandle } };
}

export class HeapSampler {
  /** The largest census seen, in bytes. */
  peakBytes = 0;
  private sampled = false;
  /** Guest CPU used when the last census ended. */
  private lastEndMs = 0;
  /** Wall time the last census took. */
  private lastCostMs = 0;
  private paused = false;

  constructor(private readonly rt: QuickJSRuntime, private readonly ctx: QuickJSContext, private readonly census: QuickJSHandle, private readonly cpu: CpuMeter, private readonly start?: HeapStart) {}

  /** Samples at a turn boundary when the guest has run a while since the last sample (the first once it is not quiet). */
  atTurn(): void {
    if (this.sampled ? this.due(HEAP_TURN_SAMPLE_MS) : !this.quiet()) this.sample();
  }

  /** The figure at the run's end: a census, unless the whole run was quiet (then the heap it started from). */
  atEnd(): void {
    if (this.quiet()) this.peakBytes = Math.max(this.peakBytes, this.start!.bytes);
    else this.sample();
  }

  /** Samples from the interrupt handler when the guest has run long enough since the last sample. */
  atInterrupt(): void {
    if (!this.paused && this.due(HEAP_SAMPLE_MS)) this.sample();
  }

  /**
   * Runs `work` without interrupt samples: encoding the run's result, whose census was just taken. The encoder's
   * allocations are its output, not the guest's data, and its interrupts came every 20 ms of a long encode: five
   * censuses of the whole heap (~10% of a 100k-row encode, and ~4 ms of a 5,000-row one) that could only re-measure
   * the value already measured (a guest toJSON that allocates there is not seen: the figure is an estimate).
   */
  withoutSamples<T>(work: () => T): T {
    this.paused = true;
    try {
      return work();
    } finally {
      this.paused = false;
    }
  }

  /** No census yet, little guest CPU, and the allocator's break where the snapshot left it. */
  private quiet(): boolean {
    return !this.sampled && this.start !== undefined && this.cpu.used() < HEAP_QUIET_MS && this.start.grownBytes() === 0;
  }

  private due(minMs: number): boolean {
    return this.cpu.used() - this.lastEndMs > Math.max(minMs, HEAP_SAMPLE_COST_RATIO * this.lastCostMs);
  }

  /** Takes a census now. */
  private sample(): void {
    const started = performance.now();
    this.sampled = true;
    try {
      // QuickJS's census leaves out strings held in values (a kept 3 MB string added ~1 KB): what the allocator had to
      // take beyond the snapshot counts them, and memory still held since a transient peak.
      const grown = this.start ? this.start.bytes + this.start.grownBytes() : 0;
      const bytes = Math.max(heapCensus(this.rt, this.ctx, this.census) ?? 0, grown);
      if (bytes > this.peakBytes) this.peakBytes = bytes;
    } finally {
      this.lastCostMs = performance.now() - started;
      this.lastEndMs = this.cpu.used();
    }
  }
}

/** The census of the runtime's heap in bytes (the prelude's `census` sums QuickJS's usage object), if it could be taken. */
export function heapCensus(rt: QuickJSRuntime, ctx: QuickJSContext, census: QuickJSHandle): number | undefined {
  try {
    // Computed against the run's own context: the public computeMemoryUsage() builds a service context per runtime.
    const runtime = rt as unknown as Internals["runtime"];
    const context = ctx as unknown as Internals["context"];
    const summed = context.memory
      .heapValueHandle(runtime.ffi.QTS_RuntimeComputeMemoryUsage(runtime.rt.value, context.ctx.value))
      .consume((usage) => ctx.callFunction(census, ctx.undefined, usage));
    if (summed.error) return void summed.error.dispose();
    return summed.value.consume((h) => ctx.getNumber(h));
  } catch {
    // Best effort: a runtime at its memory limit may not build the census object.
    return undefined;
  }
}
