// The recycled linear memory (invoke.mjs, memory-import.mjs): a module's one memory is compiled as an import so that
// each call's fresh instance can be handed a kept one; the kept memory must start as a memory of its own would —
// zeroed, of its declared limits, with its data segments written again, of its initial size or, for a call passing
// 64 KiB of bytes or more, of a size set by that call's own arguments — and anything else is compiled as it is.
import { describe, expect, it } from "vitest";
import { handleMessage } from "../src/wasm/invoke.mjs";
import { withImportedMemory } from "../src/wasm/memory-import.mjs";
import { BYTES_WAT, D, STATE_WAT, build } from "./wasm-helpers.js";

let nextId = 1;
const call = (mod: { digest: string; binary: Uint8Array }, exportName: string, declaration: unknown, args: unknown[] = []) => {
  const replies: Array<{ ok?: boolean; value?: unknown; code?: string }> = [];
  handleMessage({ id: nextId++, digest: mod.digest, bytes: mod.binary, exportName, declaration, args }, (reply: { ok?: boolean; value?: unknown }) => replies.push(reply));
  return replies[0];
};

const GROW_WAT = `(module
  (memory (export "memory") 1 3)
  (data (i32.const 16) "\\2a")
  (func (export "size") (result i32) memory.size)
  (func (export "grow") (result i32) i32.const 1 memory.grow drop memory.size)
  (func (export "peek") (result i32) i32.const 16 i32.load8_u)
  (func (export "poke") i32.const 16 i32.const 7 i32.store8))`;

describe("a recycled linear memory", () => {
  it("is zeroed between calls: what one call wrote, the next one does not read", async () => {
    const state = await build("memory-state", STATE_WAT);
    // Several rounds, so both the spare's memory and the kept one serve a call after a write.
    for (let round = 0; round < 4; round++) {
      expect(call(state, "write", D.i_, [1234 + round])).toMatchObject({ ok: true });
      expect(call(state, "read", D._i)).toMatchObject({ ok: true, value: 0 });
    }
  });

  it("has its data segments written again, and is never kept once it grew (its size and maximum stay the module's)", async () => {
    const grow = await build("memory-grow", GROW_WAT);
    for (let round = 0; round < 3; round++) {
      expect(call(grow, "poke", D.none)).toMatchObject({ ok: true });
      expect(call(grow, "peek", D._i)).toMatchObject({ ok: true, value: 42 });
      expect(call(grow, "grow", D._i)).toMatchObject({ ok: true, value: 2 });
      expect(call(grow, "size", D._i)).toMatchObject({ ok: true, value: 1 });
      expect(call(grow, "size", D._i)).toMatchObject({ ok: true, value: 1 });
    }
    // The maximum (3 pages) is kept by the import: growing past it fails inside the call.
    const capped = await build("memory-capped", GROW_WAT.replace(`(memory (export "memory") 1 3)`, `(memory (export "memory") 1 1)`));
    expect(call(capped, "grow", D._i)).toMatchObject({ ok: true, value: 1 });
  });

  it("holds a call's bytes when they come to 64 KiB or more: its size at the start is a function of that call's arguments alone", async () => {
    const sized = await build("memory-sized", BYTES_WAT.replace(`(func (export "badresult")`, `(func (export "size") (param i32 i32) (result i32) memory.size)\n  (func (export "pokeEnd") (param i32 i32) local.get 0 local.get 1 i32.add i32.const 85 i32.store8)\n  (func (export "peekEnd") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add i32.load8_u)\n  (func (export "badresult")`));
    const bytes = (n: number, fill = 0) => new Uint8Array(n).fill(fill);
    const B_I = { params: ["bytes"], result: "i32" };
    // 1 page initial; 1 MiB of bytes fills 16 more; less than 64 KiB adds none. Whatever came before, in any order.
    for (const [n, pages] of [[1 << 20, 17], [10, 1], [200_000, 5], [1 << 20, 17], [65_536, 2], [1 << 20, 17], [10, 1]] as const) {
      expect(call(sized, "size", B_I, [bytes(n)])).toMatchObject({ ok: true, value: pages });
    }
    // A sized memory is kept zeroed: what a call wrote past its bytes, the next call of that size does not read.
    for (let round = 0; round < 3; round++) {
      expect(call(sized, "pokeEnd", { params: ["bytes"] }, [bytes(1 << 20)])).toMatchObject({ ok: true });
      expect(call(sized, "peekEnd", B_I, [bytes(1 << 20)])).toMatchObject({ ok: true, value: 0 });
    }
    // The maximum bounds the size.
    const capped = await build("memory-sized-capped", BYTES_WAT.replace(`(memory (export "memory") 1)`, `(memory (export "memory") 1 4)`).replace(`(func (export "badresult")`, `(func (export "size") (param i32 i32) (result i32) memory.size)\n  (func (export "badresult")`));
    expect(call(capped, "size", B_I, [bytes(150_000)])).toMatchObject({ ok: true, value: 4 });
    expect(call(capped, "size", B_I, [bytes(1 << 20)])).toMatchObject({ ok: false, code: "wasm-trap" });
  });

  it("is used only for a module with one plain memory and no imports", async () => {
    const state = await build("memory-plain", STATE_WAT);
    const rewritten = withImportedMemory(state.binary);
    expect(rewritten).toMatchObject({ initial: 1, maximum: undefined });
    expect(WebAssembly.Module.imports(new WebAssembly.Module(rewritten!.bytes))).toEqual([{ module: "capsule", name: "memory", kind: "memory" }]);
    expect(WebAssembly.Module.exports(new WebAssembly.Module(rewritten!.bytes)).map((e) => e.name)).toEqual(["memory", "bump", "write", "read"]);
    const none = await build("memory-none", `(module (func (export "f") (result i32) i32.const 1))`);
    const importing = await build("memory-importing", `(module (import "env" "g" (func)) (memory 1) (func (export "f")))`);
    const imported = await build("memory-imported", `(module (import "env" "m" (memory 1)) (func (export "f")))`);
    for (const mod of [none, importing, imported]) expect(withImportedMemory(mod.binary)).toBeNull();
    expect(withImportedMemory(new Uint8Array([0, 1, 2, 3]))).toBeNull();
  });
});
