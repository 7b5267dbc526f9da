// Owns reading a host value written by binary-writer.ts into the guest: the bytes are copied into the engine's memory
// as an ArrayBuffer and handed to the pinned build's QTS_bjson_decode (QuickJS's JS_ReadObject, flags 0: no
// bytecode, no shared references), with the engine's cycle collector held off (gc-hold.ts). A context can take binary answers only when the library has that function and
// the engine reads a probe written by this runtime's writer back as the same value (checked once per context), so
// another engine version or library never gets bytes it would read differently: its worker keeps asking for JSON.
// Refuses nothing itself: what the engine threw is handed back, for the caller to reject the call's promise with.

import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";
import { writeBinary } from "./binary-writer.js";
import { withCollectorHeld } from "./gc-hold.js";

interface Internals {
  ctx: { value: number };
  ffi: {
    QTS_bjson_decode(ctx: number, data: number): number;
    QTS_NewArrayBuffer(ctx: number, buffer: number, length: number): number;
    QTS_ResolveException(ctx: number, value: number): number;
    QTS_FreeValuePointer(ctx: number, value: number): void;
  };
  memory: { heapValueHandle(ptr: number): QuickJSHandle; newHeapBufferPointer(bytes: Uint8Array): { value: { pointer: number } } };
}

/** A probe of every kind the writer makes: its JSON is what the engine must give back. */
const PROBE = { s: "x\u00e9\u20ac\ud800\"\\\n", n: [0, -1, 2147483647, -2147483648, 2147483648, 1.5, -1e-300], b: [true, false, null], o: { "1": [], "0": {}, k: "" } };

const ready = new WeakMap<QuickJSContext, boolean>();

function internalsOf(ctx: QuickJSContext): Internals | undefined {
  const c = ctx as unknown as Partial<Internals>;
  const usable =
    typeof c.ctx?.value === "number" &&
    typeof c.ffi?.QTS_bjson_decode === "function" &&
    typeof c.ffi?.QTS_NewArrayBuffer === "function" &&
    typeof c.ffi?.QTS_ResolveException === "function" &&
    typeof c.memory?.heapValueHandle === "function" &&
    typeof c.memory?.newHeapBufferPointer === "function";
  return usable ? (c as Internals) : undefined;
}

/** The guest value the bytes say, or what reading them threw. */
export function readBinary(ctx: QuickJSContext, bytes: Uint8Array): { value: QuickJSHandle } | { error: QuickJSHandle } {
  const internals = internalsOf(ctx);
  if (!internals) return { error: ctx.newError({ name: "TypeError", message: "this engine cannot read binary answers" }) };
  const { ffi, memory } = internals;
  const ctxPtr = internals.ctx.value;
  // The view is copied into memory the engine allocated, and the ArrayBuffer made over it owns it (QTS_NewArrayBuffer
  // frees it with the buffer), as the library's newArrayBuffer does, which would first copy a view once more.
  const held = memory.newHeapBufferPointer(bytes).value.pointer;
  const data = memory.heapValueHandle(ffi.QTS_NewArrayBuffer(ctxPtr, held, bytes.length));
  return data.consume((buffer) => {
    const result = withCollectorHeld(ctx, () => ffi.QTS_bjson_decode(ctxPtr, buffer.value as unknown as number));
    const error = ffi.QTS_ResolveException(ctxPtr, result);
    if (error) {
      ffi.QTS_FreeValuePointer(ctxPtr, result);
      return { error: memory.heapValueHandle(error) };
    }
    return { value: memory.heapValueHandle(result) };
  });
}

/** Whether `ctx` reads this runtime's binary answers exactly (probed once per context). */
export function readsBinary(ctx: QuickJSContext): boolean {
  let known = ready.get(ctx);
  if (known === undefined) {
    known = probe(ctx);
    ready.set(ctx, known);
  }
  return known;
}

function probe(ctx: QuickJSContext): boolean {
  if (!internalsOf(ctx)) return false;
  try {
    const written = writeBinary(PROBE, Number.POSITIVE_INFINITY);
    if (!written) return false;
    const read = readBinary(ctx, written.bytes);
    if ("error" in read) {
      read.error.dispose();
      return false;
    }
    // The engine's own dump (its C JSON writer), not the guest's JSON object, which a guest could have replaced.
    return JSON.stringify(read.value.consume((value) => ctx.dump(value))) === JSON.stringify(PROBE);
  } catch {
    return false;
  }
}
