// Owns the run loop's hot calls into the engine: a guest function called with handles (a reply's settle), a short
// JSON string made for it, and a batch of the guest's jobs. quickjs-emscripten's own methods do these through general
// wrappers: callFunction builds an Int32Array, mallocs and frees an argument array and a Lifetime per call;
// newString mallocs and frees a copy encoded by a JavaScript loop; executePendingJobs mallocs an out-pointer and
// reads the result's type as a C string it decodes. Here one scratch block, allocated once per run (the run's
// snapshot restore takes it back with the rest of the run's heap), holds the arguments, the out-pointer and short
// strings. Measured on raw quickjs-emscripten in a loop: a call of two arguments 1.9-2.0 -> 0.24-0.31 µs, a job batch
// with nothing to run 0.70 -> 0.22 µs; inside the worker, a reply's delivery ~25-30 -> ~20 µs (runtime SPEED.md,
// session 23). Refuses nothing: on a library whose internals differ from the pinned 0.32's, every call is
// the library's own.

import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import { newStringFast } from "./fast-string.js";

/** A guest call's outcome, as ctx.callFunction gives it (the caller disposes the handle). */
export type CallResult = { value: QuickJSHandle; error?: undefined } | { error: QuickJSHandle; value?: undefined };
/** A job batch's outcome: how many jobs ran, or the error one threw. */
export type JobsResult = { value: number; error?: undefined } | { error: QuickJSHandle; value?: undefined };

export interface FastCalls {
  call(fn: QuickJSHandle, args: readonly QuickJSHandle[]): CallResult;
  /** A string for the engine, made from JSON text (which holds no NUL). */
  newJsonString(json: string): QuickJSHandle;
  executePendingJobs(max: number): JobsResult;
}

/** What of quickjs-emscripten-core 0.32 this uses (none of it is public API). */
interface Internals {
  ctx: { value: number };
  ffi: {
    QTS_Call(ctx: number, fn: number, thisVal: number, argc: number, argv: number): number;
    QTS_ResolveException(ctx: number, value: number): number;
    QTS_FreeValuePointer(ctx: number, value: number): void;
    QTS_FreeValuePointerRuntime(rt: number, value: number): void;
    QTS_ExecutePendingJob(rt: number, max: number, ctxOut: number): number;
    QTS_Typeof(ctx: number, value: number): number;
    QTS_GetFloat64(ctx: number, value: number): number;
    QTS_NewString(ctx: number, chars: number): number;
  };
  module: { _malloc(size: number): number; _free(ptr: number): void; HEAPU8: Uint8Array };
  memory: { heapValueHandle(ptr: number): QuickJSHandle };
}

const MAX_ARGS = 8;
/** Bytes of the scratch block: the arguments, the out-pointer, then short strings. */
const STRINGS_AT = (MAX_ARGS + 2) * 4;
const SCRATCH_BYTES = 1024;
const TYPEOF_NUMBER = "n".charCodeAt(0);

function internalsOf(ctx: QuickJSContext): Internals | undefined {
  const c = ctx as unknown as Partial<Internals>;
  const f = c.ffi as Partial<Internals["ffi"]> | undefined;
  const usable =
    typeof c.ctx?.value === "number" &&
    typeof c.memory?.heapValueHandle === "function" &&
    typeof c.module?._malloc === "function" &&
    c.module.HEAPU8 instanceof Uint8Array &&
    ["QTS_Call", "QTS_ResolveException", "QTS_FreeValuePointer", "QTS_FreeValuePointerRuntime", "QTS_ExecutePendingJob", "QTS_Typeof", "QTS_GetFloat64", "QTS_NewString"].every(
      (name) => typeof (f as Record<string, unknown> | undefined)?.[name] === "function",
    );
  return usable ? (c as Internals) : undefined;
}

/** The library's own methods, for a library whose internals differ. */
function libraryCalls(ctx: QuickJSContext, rt: QuickJSRuntime): FastCalls {
  return {
    call: (fn, args) => ctx.callFunction(fn, ctx.undefined, ...args) as CallResult,
    newJsonString: (json) => newStringFast(ctx, json),
    executePendingJobs: (max) => rt.executePendingJobs(max) as JobsResult,
  };
}

/** True when `ctx` takes the shortcut (a test checks it does on the pinned library). */
export const fastCallsAvailable = (ctx: QuickJSContext) => internalsOf(ctx) !== undefined;

/** The hot calls for one run on `ctx` (the template's one context of `rt`); the scratch block is made at first use. */
export function fastCalls(ctx: QuickJSContext, rt: QuickJSRuntime): FastCalls {
  const internals = internalsOf(ctx);
  const rtPtr = (rt as unknown as { rt?: { value?: unknown } }).rt?.value;
  if (!internals || typeof rtPtr !== "number") return libraryCalls(ctx, rt);
  const { ffi, module, memory } = internals;
  const ctxPtr = internals.ctx.value;
  const library = libraryCalls(ctx, rt);
  let scratch = 0;
  /** The scratch block's address, or 0 when the engine could not allocate it (the library's path is then taken). */
  const block = () => (scratch ||= module._malloc(SCRATCH_BYTES));
  // Views are made again when the engine's memory has grown (its buffer is then a new one).
  let words = new Int32Array(module.HEAPU8.buffer);
  const heap32 = () => (words.buffer === module.HEAPU8.buffer ? words : (words = new Int32Array(module.HEAPU8.buffer)));
  return {
    call(fn, args) {
      const at = args.length <= MAX_ARGS ? block() : 0;
      if (!at) return library.call(fn, args);
      const w = heap32();
      for (let i = 0; i < args.length; i++) w[(at >> 2) + i] = args[i]!.value as unknown as number;
      const result = ffi.QTS_Call(ctxPtr, fn.value as unknown as number, (ctx.undefined.value as unknown as number), args.length, at);
      const error = ffi.QTS_ResolveException(ctxPtr, result);
      if (error) {
        ffi.QTS_FreeValuePointer(ctxPtr, result);
        return { error: memory.heapValueHandle(error) };
      }
      return { value: memory.heapValueHandle(result) };
    },
    newJsonString(json) {
      const at = json.length < SCRATCH_BYTES - STRINGS_AT ? block() : 0;
      if (!at) return library.newJsonString(json);
      const bytes = module.HEAPU8;
      const base = at + STRINGS_AT;
      for (let i = 0; i < json.length; i++) {
        const code = json.charCodeAt(i);
        // Only ASCII is copied byte for byte; anything else takes the library's UTF-8 encoding.
        if (code >= 0x80) return library.newJsonString(json);
        bytes[base + i] = code;
      }
      bytes[base + json.length] = 0;
      return memory.heapValueHandle(ffi.QTS_NewString(ctxPtr, base));
    },
    executePendingJobs(max) {
      const at = block();
      if (!at) return library.executePendingJobs(max);
      const out = at + MAX_ARGS * 4;
      const value = ffi.QTS_ExecutePendingJob(rtPtr, max, out);
      const jobCtx = heap32()[out >> 2];
      if (jobCtx === 0) {
        ffi.QTS_FreeValuePointerRuntime(rtPtr, value);
        return { value: 0 };
      }
      const type = ffi.QTS_Typeof(jobCtx, value);
      const isNumber = module.HEAPU8[type] === TYPEOF_NUMBER;
      module._free(type);
      if (isNumber) {
        const ran = ffi.QTS_GetFloat64(jobCtx, value);
        ffi.QTS_FreeValuePointer(jobCtx, value);
        return { value: ran };
      }
      // The template's runtime has this one context: the error is its value.
      return { error: memory.heapValueHandle(value) };
    },
  };
}
