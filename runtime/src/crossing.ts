// Owns the engine's half of data crossing: reading the guest codec's [json, tagged, side] triple into host copies,
// and handing an encoded host value to the guest codec's decoder. Strings go in through TextEncoder.encodeInto
// (fast-string.ts); bytes are copied, never shared. Refuses anything of the wrong shape as unserializable.

import { Scope, type QuickJSContext, type QuickJSHandle } from "quickjs-emscripten-core";
import type { ErrorCode } from "./errors.js";
import { getStringFast, newStringFast, readGuestString } from "./fast-string.js";
import type { Encoded } from "./protocol.js";
import type { FastCalls } from "./fast-calls.js";

/** A limit or refusal that ends the run (the guest cannot catch its way past it). */
export type Fatal = { code: ErrorCode; message: string };

/** Reads the guest's [json, tagged, side] triple into host copies, refusing anything of the wrong shape. */
export function readEncoded(ctx: QuickJSContext, jsonH: QuickJSHandle, taggedH: QuickJSHandle, sideH: QuickJSHandle): Encoded | Fatal {
  if (ctx.typeof(jsonH) !== "string") return { code: "E_RESULT_UNSERIALIZABLE", message: "the value cannot cross to the host" };
  const side: Array<Uint8Array | string> = [];
  // The guest codec passes no sidecar as undefined (most values have none): one type check instead of reading an array.
  // The codec's JSON text: JSON.stringify escapes U+0000 and lone surrogates, so the engine's UTF-8 of it is exact.
  if (ctx.typeof(sideH) === "undefined") return { json: getStringFast(ctx, jsonH), tagged: ctx.eq(taggedH, ctx.true), side };
  // Not ctx.getLength(): it reads through a Uint32Array view made when the context was created, which goes
  // stale (length 0) once the engine's memory has grown, and a template's context outlives many growths.
  const length = ctx.getProp(sideH, "length").consume((h) => (ctx.typeof(h) === "number" ? ctx.getNumber(h) : 0));
  for (let i = 0; i < length; i++) {
    const read = ctx.getProp(sideH, i).consume((item): string | Uint8Array | undefined => {
      try {
        if (ctx.typeof(item) === "string") return readGuestString(ctx, item);
        return ctx.getArrayBuffer(item).consume((view) => new Uint8Array(view.value));
      } catch {
        return undefined;
      }
    });
    if (read === undefined) return { code: "E_RESULT_UNSERIALIZABLE", message: "the value holds binary data that cannot cross to the host" };
    side.push(read);
  }
  // eq, not dump(): dump() of a boolean goes through the engine's JSON (~10 µs a call).
  return { json: getStringFast(ctx, jsonH), tagged: ctx.eq(taggedH, ctx.true), side };
}


/** Calls the guest codec's `decode` on an encoded host value: the guest value, or what decoding threw. */
export function decodeIntoGuest(ctx: QuickJSContext, decode: QuickJSHandle, value: Encoded) {
  return callWithEncoded(ctx, decode, [], value);
}

/**
 * An Error for the guest with the host's name and message (and `code`, when the message is led by one). The engine
 * takes a string made on the host as a C string, which ends at the first U+0000: a name or message holding one is
 * decoded into the guest from its JSON instead.
 */
export function newGuestError(ctx: QuickJSContext, decode: QuickJSHandle, error: { name: string; message: string }): QuickJSHandle {
  const made = madeGuestError(ctx, decode, error);
  // A message led by a code (E_POLICY_DENIED: …, E_TOOL_FAILED: …) gives the error that code, as the host's errors
  // have it: a program tests e.code, not the message's first word.
  const code = /^(E_[A-Z0-9_]{1,60}): /.exec(error.message)?.[1];
  if (code) ctx.newString(code).consume((text) => ctx.setProp(made, "code", text));
  return made;
}

function madeGuestError(ctx: QuickJSContext, decode: QuickJSHandle, error: { name: string; message: string }): QuickJSHandle {
  const whole = (text: string) => !text.includes("\u0000");
  if (whole(error.name) && whole(error.message)) return ctx.newError(error);
  const made = ctx.newError({ name: whole(error.name) ? error.name : "Error", message: whole(error.message) ? error.message : "" });
  for (const key of ["name", "message"] as const) {
    if (whole(error[key])) continue;
    const decoded = decodeIntoGuest(ctx, decode, { json: JSON.stringify({ v: error[key] }), tagged: false, side: [] });
    if (decoded.error) decoded.error.dispose();
    else decoded.value.consume((text) => ctx.setProp(made, key, text));
  }
  return made;
}

/**
 * Calls `fn(...leading, json, tagged, side)` in the guest with an encoded host value (the prelude's settle takes a
 * call id first): what it returned, or what it threw. With `fast` (a run's), an untagged value takes its calls.
 */
export function callWithEncoded(ctx: QuickJSContext, fn: QuickJSHandle, leading: QuickJSHandle[], value: Encoded, fast?: FastCalls) {
  return Scope.withScope((scope) => {
    // The decoder reads the sidecar only for a tagged value; most answers have none, and need no array made for it.
    if (fast && !value.tagged && value.side.length === 0) {
      const text = scope.manage(fast.newJsonString(value.json));
      return fast.call(fn, [...leading, text, ctx.false, ctx.undefined]);
    }
    const json = scope.manage(newStringFast(ctx, value.json));
    if (!value.tagged && value.side.length === 0) return ctx.callFunction(fn, ctx.undefined, ...leading, json, ctx.false, ctx.undefined);
    const side = scope.manage(ctx.newArray());
    value.side.forEach((item, i) => {
      const bytes = typeof item === "string" ? undefined : (item.buffer.slice(item.byteOffset, item.byteOffset + item.byteLength) as ArrayBuffer);
      ctx.setProp(side, i, scope.manage(bytes ? ctx.newArrayBuffer(bytes) : newStringFast(ctx, item as string)));
    });
    return ctx.callFunction(fn, ctx.undefined, ...leading, json, value.tagged ? ctx.true : ctx.false, side);
  });
}
