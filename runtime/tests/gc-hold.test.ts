// The engine's cycle collector is held off while a binary answer is read (gc-hold.ts), only for a runtime checked
// against the pinned build's layout when new, and only for the read. Whether a collection ran is seen the way a
// guest could see it: a WeakRef to cyclic garbage made before the read.
import { afterEach, describe, expect, it } from "vitest";
import { newQuickJSWASMModuleFromVariant, type QuickJSContext, type QuickJSRuntime } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { writeBinary } from "../src/binary-writer.js";
import { readBinary } from "../src/binary-reader.js";
import { noteFreshRuntime } from "../src/gc-hold.js";

const answer = Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"] }));
const bytes = writeBinary(answer, Number.POSITIVE_INFINITY)!.bytes;
const open: Array<{ rt: QuickJSRuntime; ctx: QuickJSContext }> = [];
afterEach(() => {
  for (const { rt, ctx } of open.splice(0)) (ctx.dispose(), rt.dispose());
});

async function engine(prepare: (rt: QuickJSRuntime) => void): Promise<QuickJSContext> {
  const qjs = await newQuickJSWASMModuleFromVariant(variant);
  const rt = qjs.newRuntime();
  prepare(rt);
  const ctx = rt.newContext();
  open.push({ rt, ctx });
  // Garbage only a collection frees (a cycle), watched by a WeakRef.
  ctx.unwrapResult(ctx.evalCode("globalThis.ref = (() => { const a = {}; a.self = a; return new WeakRef(a); })(); 0")).dispose();
  return ctx;
}

/** Reads the answer into `got`; then whether the watched garbage was collected meanwhile. */
function readAndLook(ctx: QuickJSContext): boolean {
  const read = readBinary(ctx, bytes);
  if ("error" in read) throw new Error(String(ctx.dump(read.error)));
  read.value.consume((value) => ctx.setProp(ctx.global, "got", value));
  return ctx.dump(ctx.unwrapResult(ctx.evalCode("got.length === 60000 && ref.deref() === undefined")));
}

describe("the collector held during a binary read", () => {
  it("runs no collection during the read of a runtime checked when new", async () => {
    const ctx = await engine((rt) => noteFreshRuntime(rt));
    expect(readAndLook(ctx)).toBe(false);
  });

  it("is not held for a runtime never checked, or checked when it was no longer new (the read then collects)", async () => {
    expect(readAndLook(await engine(() => {}))).toBe(true);
    expect(readAndLook(await engine((rt) => (rt.setMemoryLimit(256 * 1024 * 1024), noteFreshRuntime(rt))))).toBe(true);
  });

  it("collects again once the read is over", async () => {
    const ctx = await engine((rt) => noteFreshRuntime(rt));
    expect(readAndLook(ctx)).toBe(false);
    const collected = ctx.dump(ctx.unwrapResult(ctx.evalCode("const more = []; for (let i = 0; i < 200000; i++) more.push({ i }); ref.deref() === undefined")));
    expect(collected).toBe(true);
  });
});
