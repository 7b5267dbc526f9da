// The engine's hot host functions (hostCall, bridgeCall, hostLog, lazyLoad) skip quickjs-emscripten's general
// trampoline (src/fast-functions.ts): the same contract as ctx.newFunction — arguments readable, a returned handle
// handed to the guest, an error thrown in the guest — and the shortcut really taken on the pinned library (a library
// upgrade that changes its internals falls back silently; this test says so).
import { describe, expect, it } from "vitest";
import { rawEngine } from "./raw-engine.js";
import { fastFunctions, fastPathAvailable } from "../src/fast-functions.js";

describe("fast host functions", () => {
  it("are taken on the pinned quickjs-emscripten", async () => {
    const { ctx, done } = await rawEngine();
    expect(fastPathAvailable(ctx)).toBe(true);
    done();
  });

  it("read their arguments, hand back values, and throw errors in the guest", async () => {
    const { ctx, done } = await rawEngine();
    const make = fastFunctions(ctx);
    const functions = {
      join: make("join", (a, b) => ctx.newString(`${ctx.getString(a)}+${ctx.getString(b)}`)),
      wrapped: make("wrapped", (n) => ({ value: ctx.newNumber(ctx.getNumber(n) * 2) })),
      nothing: make("nothing", () => undefined),
      refuse: make("refuse", () => ({ error: ctx.newError({ name: "RangeError", message: "refused here" }) })),
      broken: make("broken", () => {
        throw new TypeError("a host bug");
      }),
      // Not a fast one: the library's own path still serves the context's other functions.
      plain: ctx.newFunction("plain", (a) => ctx.newString(ctx.getString(a).toUpperCase())),
    };
    for (const [name, handle] of Object.entries(functions)) {
      ctx.setProp(ctx.global, name, handle);
      handle.dispose();
    }
    const result = ctx.unwrapResult(
      ctx.evalCode(`
        const out = [];
        for (let i = 0; i < 2000; i++) out.length = 0, out.push(join("a", String(i)), wrapped(i), typeof nothing(), plain("x"));
        const caught = (f) => { try { f(); return "no error"; } catch (e) { return e.name + ": " + e.message; } };
        [out, caught(refuse), caught(broken)];
      `),
    );
    expect(ctx.dump(result)).toEqual([["a+1999", 3998, "undefined", "X"], "RangeError: refused here", "TypeError: a host bug"]);
    result.dispose();
    done();
  });
});
