// Owns strings between the host and a QuickJS context where the library's own way falls short. Copying large host
// strings in: quickjs-emscripten's newString() measures and encodes UTF-8 with emscripten's JavaScript loops (~11 ms
// per MB here); TextEncoder.encodeInto straight into the engine's memory does the same work natively. And strings
// holding U+0000, which the engine takes and hands out as C strings: read whole, and module sources escaped. Copying
// large guest strings out: the library's getString() finds the end of the engine's UTF-8 with a JavaScript loop over
// every byte (~4.7 of 6 ms for 3 MB); the end is found natively here (indexOf) and TextDecoder decodes the bytes.
// Relies on quickjs-emscripten 0.32 internals (pinned exactly).

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
  // A failed allocation throws (growth-watch.ts guardAllocations) and marks the run out of memory.
  const ptr = internals.module._malloc(capacity);
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

function readInternals(context: QuickJSContext): ReadInternals | undefined {
  const { ctx, ffi, module } = context as unknown as Partial<ReadInternals>;
  const usable = typeof ffi?.QTS_GetString === "function" && typeof ffi.QTS_FreeCString === "function" && module?.HEAPU8 instanceof Uint8Array && ctx !== undefined;
  return usable ? (context as unknown as ReadInternals) : undefined;
}

/** Thrown when the engine cannot make a guest string's C string: it has no memory left to flatten the string. */
export class GuestStringUnreadable extends RangeError {
  constructor() {
    super("out of memory: the engine could not flatten a guest string to read it");
  }
}

/**
 * The engine's C string of `handle`. A string the engine cannot flatten (a rope of 2^26 characters built from one)
 * comes back as NULL: reading from it decoded the engine's memory from address 0 — its static data, the prelude, other
 * strings — into a console line the guest got back.
 */
function cString(internals: ReadInternals, handle: QuickJSHandle): number {
  const ptr = internals.ffi.QTS_GetString(internals.ctx.value, handle.value);
  if (ptr === 0) throw new GuestStringUnreadable();
  return ptr;
}

/**
 * What getString() gives (the engine's C string of UTF-8, up to its first NUL, decoded with U+FFFD for what is not
 * UTF-8), with its end found natively.
 */
export function getStringFast(context: QuickJSContext, handle: QuickJSHandle): string {
  const internals = readInternals(context);
  if (!internals) return context.getString(handle);
  const ptr = cString(internals, handle);
  try {
    // HEAPU8 is read after the call: making the C string may have grown (and so replaced) the engine's memory.
    const bytes = internals.module.HEAPU8;
    const end = bytes.indexOf(0, ptr);
    return decoder.decode(bytes.subarray(ptr, end < 0 ? bytes.length : end));
  } finally {
    internals.ffi.QTS_FreeCString(internals.ctx.value, ptr);
  }
}

/**
 * A guest string exactly. quickjs-emscripten's getString() reads the engine's C string of UTF-8, which ends at the
 * first U+0000 ("a\0b" read as "a") and where a lone surrogate's three bytes read as three U+FFFD. When what it read
 * is not the string's length, or holds a U+FFFD (a lone surrogate's three can make up for a tail cut at a NUL:
 * "\ud800\0x" reads as three characters too), the bytes are decoded here instead, up to that many UTF-16 units, a
 * lone surrogate's three bytes as the surrogate itself (the engine writes it as a three-byte sequence, as any unit).
 */
export function readGuestString(context: QuickJSContext, handle: QuickJSHandle): string {
  const length = context.getProp(handle, "length").consume((h) => context.getNumber(h));
  const text = getStringFast(context, handle);
  if (text.length === length && !text.includes("\ufffd")) return text;
  const internals = readInternals(context);
  if (!internals) return text;
  const ptr = cString(internals, handle);
  try {
    return decodeUnits(internals.module.HEAPU8, ptr, length);
  } finally {
    internals.ffi.QTS_FreeCString(internals.ctx.value, ptr);
  }
}

/** `length` UTF-16 units from the engine's UTF-8 at `at`, surrogates written alone included. */
function decodeUnits(bytes: Uint8Array, at: number, length: number): string {
  // Never more units than bytes there are to decode: `length` is the guest's to choose.
  const units = new Uint16Array(Math.max(0, Math.min(length, bytes.length - at)));
  length = units.length;
  let n = 0;
  while (n < length && at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      units[n++] = lead;
      at += 1;
    } else if (lead < 0xe0) {
      units[n++] = ((lead & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
      at += 2;
    } else if (lead < 0xf0) {
      units[n++] = ((lead & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
      at += 3;
    } else {
      const point = ((lead & 0x07) << 18) | ((bytes[at + 1]! & 0x3f) << 12) | ((bytes[at + 2]! & 0x3f) << 6) | (bytes[at + 3]! & 0x3f);
      units[n++] = 0xd800 + ((point - 0x10000) >> 10);
      if (n < length) units[n++] = 0xdc00 + ((point - 0x10000) & 0x3ff);
      at += 4;
    }
  }
  let out = "";
  for (let i = 0; i < n; i += 8192) out += String.fromCharCode(...units.subarray(i, Math.min(n, i + 8192)));
  return out;
}

/**
 * A module's source as the engine's loader can take it: a C string, which ends at the first U+0000. A raw NUL (legal
 * in a string, template or regexp literal, or a comment) is written as the escape `\u0000`, which means the same
 * there; only String.raw of a template that held one sees the six characters instead.
 */
export function moduleSourceForEngine<T>(loaded: T | string): T | string {
  return typeof loaded === "string" && loaded.includes("\u0000") ? loaded.replaceAll("\u0000", "\\u0000") : loaded;
}
