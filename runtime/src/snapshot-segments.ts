// Owns what a template's memory snapshot holds and how it is found: the allocator's break word (a word of the
// engine's static data), the segments of memory copied (the static data, the live top of the shadow stack, the heap
// up to the allocator's top, and that top chunk's header and end), and the zeroing of what a run grew into.
// Refuses nothing: a layout it cannot trust is copied whole; a break word it cannot find disables snapshots.

import type { EmscriptenInternals, EngineInstance } from "./template.js";

/**
 * The shadow stack is left out of snapshots, from just above the static data to just below its top: it is dead
 * whenever no engine call is active, which is when we restore. Only a layout whose stack is at least this large
 * between them (emscripten's data, BSS, then the stack growing down to stackHigh) is trusted to be one.
 */
const STACK_SKIP_BYTES = 4 * 1024 * 1024;
/** Room left between initialized data and the skipped stack, for the zero-initialized data (BSS) that follows it. */
const BSS_MARGIN_BYTES = 512 * 1024;
/** The start of the BSS, searched first for the allocator's break (findBreakAddress). */
const BSS_NEAR_BYTES = 64 * 1024;
/** Top of the stack kept in snapshots anyway, in case anything stays live above the resting stack pointer. */
const STACK_TOP_KEPT_BYTES = 64 * 1024;

/**
 * Bytes past the break word kept in every snapshot: the word is the allocator's top (dlmalloc's top chunk, where
 * the next allocation is carved), and that chunk's header (its prev_foot and head, the free space's size) lies just
 * past it. A snapshot that ended at the word left the header out: a run that grew the heap had it zeroed, one that
 * carved from the top and gave back left it changed, and the allocator then handed out memory that live objects
 * of the template held (a module's bytecode read as zeros in the run after one that grew its heap).
 */
export const TOP_HEAD_BYTES = 64;
/** Bytes kept around the top chunk's end: the footer the allocator writes there (dlmalloc's TOP_FOOT_SIZE). */
const TOP_END_BYTES = 128;

/** Where the top chunk at `brk` ends (brk plus the size its head holds), when that lies inside the memory. */
function topEnd(memory: ArrayBuffer, brk: number): number | undefined {
  if (brk % 4 !== 0 || brk + 8 > memory.byteLength) return undefined;
  const size = new Uint32Array(memory, brk + 4, 1)[0]! & ~7;
  const end = brk + size;
  return size > 0 && end + TOP_END_BYTES <= memory.byteLength ? end : undefined;
}

/**
 * The memory below the allocator's top, less the deep part of the shadow stack when the layout allows it, plus the
 * top chunk's header and the bytes around its end (TOP_HEAD_BYTES, TOP_END_BYTES).
 */
export function snapshotSegments(instance: EngineInstance, brk: number): Array<{ at: number; bytes: Uint8Array }> {
  const buffer = instance.memory.buffer;
  const copy = (from: number, to: number) => ({ at: from, bytes: new Uint8Array(buffer.slice(from, Math.min(to, buffer.byteLength))) });
  const layout = instance.layout;
  const head = brk + TOP_HEAD_BYTES;
  const end = topEnd(buffer, brk);
  // The top chunk's end, as its own segment when it lies past the header's (else within one segment to its end).
  const tail = end === undefined ? [] : end - TOP_END_BYTES > head ? [copy(end - TOP_END_BYTES, end + TOP_END_BYTES)] : [];
  const to = end !== undefined && end - TOP_END_BYTES <= head ? end + TOP_END_BYTES : head;
  // Skipping from the end of the BSS margin, not from 4 MiB below the stack's top, left 1 MiB less to copy per
  // restore (1.41 → 0.87 MB; ~200 → ~120 µs on this machine): the whole dead stack, not most of it. Skipping from the
  // static data's bound (wasm-layout.ts staticEnd) rather than a 512 KiB margin after the initialized data leaves
  // 0.87 → 0.41 MB (a test checks that nothing of a run lands between that bound and the old margin).
  const skipFrom = layout ? Math.min(layout.dataEnd + BSS_MARGIN_BYTES, layout.staticEnd) : -1;
  const skipTo = layout ? layout.stackHigh - STACK_TOP_KEPT_BYTES : -1;
  if (!layout || layout.stackHigh - STACK_SKIP_BYTES < skipFrom || layout.stackHigh > brk) return [copy(0, to), ...tail];
  return [copy(0, skipFrom), copy(skipTo, to), ...tail];
}

/**
 * Zeroes what a run's allocator took past the snapshot's top (`from`) up to its top now, sparing the top chunk's
 * header, which the snapshot's segments then write back with the rest.
 */
export function zeroGrowth(memory: Uint8Array, from: number, brk: number): void {
  if (brk > from + TOP_HEAD_BYTES) memory.fill(0, from + TOP_HEAD_BYTES, Math.min(brk, memory.length));
}

/**
 * Finds where the instance's allocator keeps its break (emscripten's sbrk pointer, a word in static data), by
 * allocating a large block and looking for the one word that moved by its size; verified with a second block.
 * Undefined when exactly one such word cannot be found: snapshots are then not used.
 */
export function findBreakAddress(instance: EngineInstance): number | undefined {
  const whole = Math.min(4 * 1024 * 1024, instance.memory.buffer.byteLength);
  // The word is static data: below the data's end and its BSS margin when the layout is known. That scan is ~7x
  // shorter than the whole prefix, and the first 64 KiB of BSS (where the pinned build keeps it, ~1 KB past the data)
  // ~7x shorter again: findBreakAddress took 5–21 ms in a cold worker, 2–8 ms so. Anything unexpected
  // falls back to the wider ranges.
  const statics = instance.layout ? Math.min(whole, instance.layout.dataEnd + BSS_MARGIN_BYTES) : whole;
  const near = instance.layout ? Math.min(statics, instance.layout.dataEnd + BSS_NEAR_BYTES) : statics;
  return (
    breakWordWithin(instance, near) ??
    (near < statics ? breakWordWithin(instance, statics) : undefined) ??
    (statics < whole ? breakWordWithin(instance, whole) : undefined)
  );
}

function breakWordWithin(instance: EngineInstance, scanBytes: number): number | undefined {
  const module = (instance.qjs as unknown as { module: EmscriptenInternals }).module;
  const words = scanBytes >>> 2;
  const before = new Uint32Array(instance.memory.buffer.slice(0, words * 4));
  const size = 4 * 1024 * 1024;
  const block = module._malloc(size);
  if (!block) return undefined;
  const after = new Uint32Array(instance.memory.buffer, 0, words);
  const candidates: number[] = [];
  for (let i = 0; i < words; i++) {
    const moved = after[i] - before[i];
    if (moved >= size && moved < size + 1024 * 1024 && after[i] >= block + size) candidates.push(i * 4);
  }
  module._free(block);
  if (candidates.length !== 1) return undefined;
  const address = candidates[0];
  const second = module._malloc(2 * size);
  const holds = second !== 0 && new Uint32Array(instance.memory.buffer)[address >>> 2] >= second + 2 * size;
  if (second) module._free(second);
  return holds ? address : undefined;
}
