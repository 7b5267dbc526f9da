// The recycled linear memory (invoke.mjs, memory-import.mjs): a module's one memory is compiled as an import so that
// each call's fresh instance can be handed a kept one; the kept memory must start as a memory of its own would —
// zeroed, of its declared size and limits, with its data segments written again — and anything else is compiled as
// it is.
import { describe, expect, it } from "vitest";
import { handleMessage } from "../src/wasm/invoke.mjs";
import { withImportedMemory } from "../src/wasm/memory-import.mjs";
import { D, STATE_WAT, build } from "./wasm-helpers.js";

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
