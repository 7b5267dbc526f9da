// Owns holding QuickJS's cycle collector off while the engine builds a host answer from its binary form. A run starts
// from its template's snapshot, runtime struct included, so every run starts with the template's GC threshold; the
// engine collects when its count of live allocations passes it and then sets it to 1.5 times what is live. Reading
// the 62,037 rows of a 5 MiB CSV (600,000 allocations) so ran the collector four or five times over a growing heap:
// ~20 of a read's ~77 ms. A read makes no garbage (everything it allocates is the answer), so those collections only
// ever find what was garbage before it: the read runs with the threshold out of reach, and afterwards it is what a
// collection at its end would have set (never lower than before). Garbage from before the read is then collected at
// the next collection instead, as it would have been had the answer been small.
// The threshold is JSRuntime.malloc_gc_threshold in the engine's memory, at its offset in the pinned build; it is
// touched only for a runtime whose struct read as that build's when it was new (noteFreshRuntime).
// Refuses nothing: for any other runtime, reads keep the engine's own threshold.

import type { QuickJSContext, QuickJSRuntime } from "quickjs-emscripten-core";

/** Byte offsets in the pinned build's JSRuntime (wasm32): malloc_state's count, size and limit, then the threshold. */
const MALLOC_COUNT = 16;
const MALLOC_SIZE = 20;
const MALLOC_LIMIT = 24;
const GC_THRESHOLD = 108;
/** JS_NewRuntime's threshold, and what malloc_size counts per allocation under emscripten (usable size 0, overhead 8). */
const FRESH_THRESHOLD = 256 * 1024;
const PER_ALLOCATION = 8;
/** The threshold while a read runs: past any count a read can reach, with room left for the engine's sum. */
const HELD = 0x7fff_ffff;

interface Internals {
  rt?: { value?: unknown };
  module?: { HEAPU8?: unknown };
}

/** The threshold's address in each runtime checked when new, with the memory it lives in. */
const checked = new WeakMap<QuickJSRuntime, { address: number; heap: () => Uint8Array }>();

/**
 * Checks a runtime straight from newRuntime() (before any other call on it) against the pinned build's layout: no
 * memory limit, the fresh threshold, and a size that is 8 per allocation. Only such a runtime's threshold is held.
 */
export function noteFreshRuntime(rt: QuickJSRuntime): void {
  const internals = rt as unknown as Internals;
  const pointer = internals.rt?.value;
  const module = internals.module;
  if (typeof pointer !== "number" || !(module?.HEAPU8 instanceof Uint8Array)) return;
  const heap = () => module.HEAPU8 as Uint8Array;
  const words = new Uint32Array(heap().buffer);
  const word = (offset: number) => words[(pointer + offset) >>> 2];
  const count = word(MALLOC_COUNT)!;
  const fresh = pointer % 4 === 0 && word(MALLOC_LIMIT) === 0xffff_ffff && word(GC_THRESHOLD) === FRESH_THRESHOLD && count > 0 && word(MALLOC_SIZE) === count * PER_ALLOCATION;
  if (fresh) checked.set(rt, { address: pointer + GC_THRESHOLD, heap });
}

/** Runs `read` (an engine call that builds a value and makes no garbage) with the runtime's collector held off. */
export function withCollectorHeld<T>(ctx: QuickJSContext, read: () => T): T {
  const runtime = checked.get(ctx.runtime);
  if (!runtime) return read();
  const index = runtime.address >>> 2;
  const sizeIndex = (runtime.address - GC_THRESHOLD + MALLOC_SIZE) >>> 2;
  const words = new Uint32Array(runtime.heap().buffer);
  const before = words[index]!;
  words[index] = HELD;
  try {
    return read();
  } finally {
    // The engine's memory may have grown (and so been replaced) during the read.
    const after = new Uint32Array(runtime.heap().buffer);
    const live = after[sizeIndex]!;
    after[index] = Math.max(before, Math.min(HELD, live + (live >>> 1)));
  }
}
