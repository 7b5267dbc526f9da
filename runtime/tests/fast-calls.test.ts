// The run loop's hot calls into the engine (src/fast-calls.ts) skip quickjs-emscripten's general wrappers: the same
// outcomes as ctx.callFunction, ctx.newString and rt.executePendingJobs (values, thrown errors, job counts, an
// interrupted job), after the engine's memory has grown under them, and the shortcut really taken on the pinned
// library (a library upgrade that changes its internals falls back silently; this test says so).
import { describe, expect, it } from "vitest";
import { rawEngine } from "./raw-engine.js";
import { fastCalls, fastCallsAvailable } from "../src/fast-calls.js";

describe("fast calls into the engine", () => {
  it("are taken on the pinned quickjs-emscripten", async () => {
    const { ctx, done } = await rawEngine();
    expect(fastCallsAvailable(ctx)).toBe(true);
    done();
  });

  it("call a guest function with handles and give back what it returned or threw", async () => {
    const { rt, ctx, done } = await rawEngine();
    const fast = fastCalls(ctx, rt);
    const join = ctx.unwrapResult(ctx.evalCode("(function (a, b, c) { return [this === undefined ? 'strict' : typeof this, a, b, c, arguments.length].join(' '); })"));
    const thrower = ctx.unwrapResult(ctx.evalCode("(function (m) { 'use strict'; throw new RangeError(m); })"));
    const args = [ctx.newString("x"), ctx.newNumber(2), ctx.true];
    const joined = fast.call(join, args);
    expect(joined.value && ctx.dump(joined.value)).toBe(ctx.unwrapResult(ctx.callFunction(join, ctx.undefined, ...args)).consume(ctx.dump));
    joined.value?.dispose();
    const none = fast.call(join, []);
    expect(none.value && ctx.dump(none.value)).toBe("object    0");
    none.value?.dispose();
    const message = ctx.newString("no");
    const thrown = fast.call(thrower, [message]);
    expect(thrown.error && ctx.dump(thrown.error)).toMatchObject({ name: "RangeError", message: "no" });
    thrown.error?.dispose();
    for (const handle of [join, thrower, message, ...args]) handle.dispose();
    done();
  });

  it("make JSON strings, ASCII or not, the same as newString", async () => {
    const { rt, ctx, done } = await rawEngine();
    const fast = fastCalls(ctx, rt);
    for (const json of ['{"v":1}', '{"v":"é – 😀"}', '""', `{"v":"${"a".repeat(5000)}"}`]) {
      const made = fast.newJsonString(json);
      expect(ctx.getString(made)).toBe(json);
      made.dispose();
    }
    done();
  });

  it("run job batches: the count of jobs run, an interrupted job as the library reports it", async () => {
    const { rt, ctx, done } = await rawEngine();
    const fast = fastCalls(ctx, rt);
    expect(fast.executePendingJobs(64)).toEqual({ value: 0 });
    ctx.unwrapResult(ctx.evalCode("globalThis.log = []; Promise.resolve(1).then((v) => log.push(v)).then(() => log.push(2));")).dispose();
    expect(fast.executePendingJobs(1)).toEqual({ value: 1 });
    expect(fast.executePendingJobs(64)).toEqual({ value: 1 });
    expect(ctx.unwrapResult(ctx.evalCode("log")).consume(ctx.dump)).toEqual([1, 2]);
    // A job the interrupt handler stops rejects its promise (the batch itself reports the job run), as the library says.
    for (const run of [(n: number) => fast.executePendingJobs(n), (n: number) => rt.executePendingJobs(n)]) {
      ctx.unwrapResult(ctx.evalCode("globalThis.stopped = Promise.resolve().then(() => { for (;;) {} })")).dispose();
      rt.setInterruptHandler(() => true);
      const outcome = run(64);
      rt.removeInterruptHandler();
      expect({ value: outcome.value, error: outcome.error === undefined }).toEqual({ value: 1, error: true });
      const stopped = ctx.unwrapResult(ctx.evalCode("stopped"));
      const state = ctx.getPromiseState(stopped);
      expect(state.type === "rejected" && ctx.dump(state.error)).toMatchObject({ name: "InternalError", message: "interrupted" });
      if (state.type === "rejected") state.error.dispose();
      stopped.dispose();
    }
    done();
  });

  it("keep working after the engine's memory has grown under them", async () => {
    const { rt, ctx, done } = await rawEngine();
    const fast = fastCalls(ctx, rt);
    const echo = ctx.unwrapResult(ctx.evalCode("(function (s) { return s.length; })"));
    const before = fast.newJsonString('{"v":"before"}');
    expect(fast.call(echo, [before]).value!.consume(ctx.getNumber)).toBe(14);
    // ~64 MB of strings: the WASM memory grows, and every view made over its old buffer is stale.
    ctx.unwrapResult(ctx.evalCode("globalThis.big = Array.from({ length: 64 }, (_, i) => String(i).padEnd(1 << 20, 'x'))")).dispose();
    const after = fast.newJsonString('{"v":"after, grown"}');
    expect(fast.call(echo, [after]).value!.consume(ctx.getNumber)).toBe(20);
    ctx.unwrapResult(ctx.evalCode("Promise.resolve().then(() => 1)")).dispose();
    expect(fast.executePendingJobs(64)).toEqual({ value: 1 });
    for (const handle of [echo, before, after]) handle.dispose();
    done();
  });
});
