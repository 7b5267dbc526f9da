// Owns copying large host strings into a QuickJS context quickly. quickjs-emscripten's newString() measures and
// encodes UTF-8 with emscripten's JavaScript loops (~11 ms per MB here); TextEncoder.encodeInto straight into the
// engine's memory does the same work natively. Relies on quickjs-emscripten 0.32 internals (pinned exactly).

import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";

/** Strings shorter than this go through the public newString(). */
const FAST_FROM = 16 * 1024;
const encoder = new TextEncoder();

interface ContextInternals {
  ctx: { value: unknown };
  ffi: { QTS_NewString(ctx: unknown, ptr: number): unknown };
  module: { _malloc(size: number): number; _free(ptr: number): void; HEAPU8: Uint8Array };
  memory: { heapValueHandle(ptr: unknown): QuickJSHandle };
}

export function newStringFast(context: QuickJSContext, value: string): QuickJSHandle {
  if (value.length < FAST_FROM) return context.newString(value);
  const internals = context as unknown as ContextInternals;
  const capacity = value.length * 3 + 1; // the most UTF-8 bytes a UTF-16 string can need, plus the terminator
  const ptr = internals.module._malloc(capacity);
  if (!ptr) return context.newString(value); // let the engine report its own out-of-memory
  try {
    // HEAPU8 is re-read after malloc: the allocation may have grown (and so replaced) the engine's memory.
    const { written } = encoder.encodeInto(value, internals.module.HEAPU8.subarray(ptr, ptr + capacity - 1));
    internals.module.HEAPU8[ptr + written] = 0;
    return internals.memory.heapValueHandle(internals.ffi.QTS_NewString(internals.ctx.value, ptr));
  } finally {
    internals.module._free(ptr);
  }
}
