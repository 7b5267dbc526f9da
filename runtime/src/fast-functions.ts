// Owns the engine's hot host functions (hostCall, bridgeCall, hostLog, lazyLoad): QuickJS calls them without
// quickjs-emscripten's general trampoline, which wraps every call in a generator-based maybeAsync scope with a
// Lifetime per argument: ~16 µs a call measured on this machine, ~1.5 µs this way (three string arguments read:
// ~8 µs against ~24). The functions are still made with ctx.newFunction (the library owns their host-reference ids
// and frees them with the context); only the context's C → host dispatch is given a shortcut for these ones.
// Arguments are borrowed for the call (StaticLifetime: never freed here, never to be kept or dup'd), a returned
// handle is handed to the engine and disposed as the library does, and an error becomes the guest's exception.
// Refuses nothing: on a library whose internals differ from the pinned 0.32's, the library's own path is used.

import { Lifetime, StaticLifetime, type QuickJSContext, type QuickJSHandle } from "quickjs-emscripten-core";
import type { GuestReturn } from "./template.js";

/** A host function for the guest: borrowed argument handles in, a GuestReturn out (as for ctx.newFunction). */
export type FastFunction = (...args: QuickJSHandle[]) => GuestReturn;

type CallFunction = (ctx: number, thisPtr: number, argc: number, argv: number, fnId: number) => number;

/** What of quickjs-emscripten-core 0.32's QuickJSContext this uses (none of it is public API). */
interface ContextInternals {
  ffi: {
    QTS_ArgvGetJSValueConstPointer(argv: number, index: number): number;
    QTS_DupValuePointer(ctx: number, value: number): number;
    QTS_Throw(ctx: number, error: number): number;
  };
  ctx: { value: number };
  runtime: { hostRefs: { get(id: number): unknown } };
  cToHostCallbacks: { callFunction: CallFunction };
}

function internalsOf(ctx: QuickJSContext): ContextInternals | undefined {
  const c = ctx as unknown as Partial<ContextInternals>;
  const ffi = c.ffi;
  const usable =
    typeof ffi?.QTS_ArgvGetJSValueConstPointer === "function" &&
    typeof ffi.QTS_DupValuePointer === "function" &&
    typeof ffi.QTS_Throw === "function" &&
    typeof c.ctx?.value === "number" &&
    typeof c.runtime?.hostRefs?.get === "function" &&
    typeof c.cToHostCallbacks?.callFunction === "function";
  return usable ? (c as ContextInternals) : undefined;
}

/** True when `ctx`'s hot functions take the shortcut (a test checks it does on the pinned library). */
export const fastPathAvailable = (ctx: QuickJSContext) => internalsOf(ctx) !== undefined;

/** Returns a maker of host functions for `ctx` that take the shortcut (or ctx.newFunction itself, see above). */
export function fastFunctions(ctx: QuickJSContext): (name: string, fn: FastFunction) => QuickJSHandle {
  const internals = internalsOf(ctx);
  if (!internals) return (name, fn) => ctx.newFunction(name, fn);
  const { ffi, runtime } = internals;
  const owner = ctx.runtime;
  const fast = new WeakMap<object, FastFunction>();
  const general = internals.cToHostCallbacks.callFunction;
  internals.cToHostCallbacks.callFunction = (ctxPtr, thisPtr, argc, argv, fnId) => {
    const registered = runtime.hostRefs.get(fnId);
    const impl = typeof registered === "function" ? fast.get(registered) : undefined;
    if (!impl) return general(ctxPtr, thisPtr, argc, argv, fnId);
    const args: QuickJSHandle[] = new Array(argc);
    for (let i = 0; i < argc; i++) args[i] = new StaticLifetime(ffi.QTS_ArgvGetJSValueConstPointer(argv, i), owner) as unknown as QuickJSHandle;
    let thrown: QuickJSHandle;
    try {
      const result = impl(...args);
      if (!result) return 0;
      if ("error" in result && result.error) thrown = result.error;
      else {
        const handle = result instanceof Lifetime ? (result as QuickJSHandle) : (result as { value: QuickJSHandle }).value;
        try {
          return ffi.QTS_DupValuePointer(ctxPtr, handle.value);
        } finally {
          handle.dispose();
        }
      }
    } catch (error) {
      thrown = ctx.newError(error instanceof Error ? error : new Error(String(error)));
    }
    try {
      return ffi.QTS_Throw(ctxPtr, thrown.value);
    } finally {
      thrown.dispose();
    }
  };
  return (name, fn) => {
    // The registered function is the library's to call when the shortcut is not taken (it never is for these).
    const registered: FastFunction = (...args) => fn(...args);
    fast.set(registered, fn);
    return ctx.newFunction(name, registered);
  };
}
