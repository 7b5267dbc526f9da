// The pool worker's spare instance (invoke.mjs): made after a reply for the module just called, never for a module
// with a start function (whose code would then run outside any call's timeout), and never one that was called.
import { describe, expect, it } from "vitest";
import { handleMessage, spareDigest } from "../src/wasm/invoke.mjs";
import { D, STATE_WAT, build } from "./wasm-helpers.js";

const call = (message: Record<string, unknown>) => {
  const replies: Array<{ ok?: boolean; value?: unknown }> = [];
  handleMessage(message, (reply: { ok?: boolean; value?: unknown }) => replies.push(reply));
  return replies[0];
};

describe("the pool worker's spare instance", () => {
  it("is made for the module last called, unless it has a start function, and a call never finds it used", async () => {
    const state = await build("spare-state", STATE_WAT);
    const started = await build("spare-start", `(module (global $g (mut i32) (i32.const 0))
      (func $init (global.set $g (i32.add (global.get $g) (i32.const 1)))) (start $init)
      (func (export "get") (result i32) (global.get $g)))`);
    const bump = { id: 1, digest: state.digest, bytes: state.binary, exportName: "bump", declaration: D._i, args: [] };
    expect(call(bump)).toMatchObject({ ok: true, value: 1 });
    expect(spareDigest()).toBe(state.digest);
    // The spare serves the next call, fresh: its global was never bumped.
    expect(call({ ...bump, id: 2, bytes: undefined })).toMatchObject({ ok: true, value: 1 });
    expect(call({ ...bump, id: 3, bytes: undefined })).toMatchObject({ ok: true, value: 1 });
    const get = { id: 4, digest: started.digest, bytes: started.binary, exportName: "get", declaration: D._i, args: [] };
    expect(call(get)).toMatchObject({ ok: true, value: 1 });
    expect(spareDigest()).toBe(null);
  });
});
