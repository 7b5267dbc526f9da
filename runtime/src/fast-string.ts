// Owns strings between the host and a QuickJS context where the library's own way falls short. Copying large host
// strings in: quickjs-emscripten's newString() measures and encodes UTF-8 with emscripten's JavaScript loops (~11 ms
// per MB here); TextEncoder.encodeInto straight into the engine's memory does the same work natively. And strings
// holding U+0000, which the engine takes and hands out as C strings: read whole, and module sources escaped. Relies on
// quickjs-emscripten 0.32 internals (pinned exactly).

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

interface ReadInternals {
  ctx: { value: unknown };
  ffi: { QTS_GetString(ctx: unknown, value: unknown): number; QTS_FreeCString(ctx: unknown, ptr: number): void };
  module: { HEAPU8: Uint8Array };
}

const decoder = new TextDecoder();

/**
 * The whole of a guest string. quickjs-emscripten's getString() reads the engine's C string, which ends at the first
 * U+0000 the string holds ("a\0b" read as "a"): when what it read is shorter than the string's length, the bytes are
 * read again up to that length (each UTF-8 sequence of four bytes is two UTF-16 units, any other one).
 */
export function readGuestString(context: QuickJSContext, handle: QuickJSHandle): string {
  const text = context.getString(handle);
  const length = context.getProp(handle, "length").consume((h) => context.getNumber(h));
  if (text.length >= length) return text;
  const internals = context as unknown as Partial<ReadInternals>;
  const { ffi, module } = internals;
  if (typeof ffi?.QTS_GetString !== "function" || typeof ffi.QTS_FreeCString !== "function" || !(module?.HEAPU8 instanceof Uint8Array)) return text;
  const ptr = ffi.QTS_GetString(internals.ctx!.value, handle.value);
  try {
    const bytes = module.HEAPU8;
    let end = ptr;
    for (let units = 0; units < length && end < bytes.length; units += bytes[end]! >= 0xf0 ? 2 : 1) {
      const lead = bytes[end]!;
      end += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    }
    return decoder.decode(bytes.subarray(ptr, end));
  } finally {
    ffi.QTS_FreeCString(internals.ctx!.value, ptr);
  }
}

/**
 * A module's source as the engine's loader can take it: a C string, which ends at the first U+0000. A raw NUL (legal
 * in a string, template or regexp literal, or a comment) is written as the escape `\u0000`, which means the same
 * there; only String.raw of a template that held one sees the six characters instead.
 */
export function moduleSourceForEngine<T>(loaded: T | string): T | string {
  return typeof loaded === "string" && loaded.includes("\u0000") ? loaded.replaceAll("\u0000", "\\u0000") : loaded;
}
