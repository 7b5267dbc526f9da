// Shared by the WASM pool's tests: the modules they run (as WAT), how they are built, the declarations they call
// them with, and the refusal helpers (every refusal of the pool is a HostModuleError named "WasmCallError").

import wabtInit from "wabt";
import { expect } from "vitest";
import { HostModuleError } from "../src/errors.js";
import type { WasmExportDeclaration } from "../src/wasm/index.js";

export interface Mod {
  binary: Uint8Array;
  digest: string;
}

export const MATH_WAT = `(module
  (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
  (func (export "mulf") (param f64 f64) (result f64) local.get 0 local.get 1 f64.mul)
  (func (export "add64") (param i64 i64) (result i64) local.get 0 local.get 1 i64.add)
  (func (export "halff") (param f32) (result f32) local.get 0 f32.const 0.5 f32.mul)
  (func (export "nop"))
  (func (export "zero") (result i32) i32.const 0))`;

// A bump allocator: alloc returns the current top and moves it up, growing memory as needed.
export const BYTES_WAT = `(module
  (memory (export "memory") 1)
  (global $top (mut i32) (i32.const 1024))
  (func $alloc (export "alloc") (param $n i32) (result i32) (local $p i32) (local $need i32)
    global.get $top local.set $p
    local.get $p local.get $n i32.add local.set $need
    (block $ok
      (loop $grow
        local.get $need memory.size i32.const 16 i32.shl i32.le_u br_if $ok
        i32.const 1 memory.grow i32.const -1 i32.eq (if (then unreachable))
        br $grow))
    local.get $need global.set $top
    local.get $p)
  ;; checksum: sum of bytes * (index+1) mod 2^32
  (func (export "checksum") (param $p i32) (param $n i32) (result i32) (local $i i32) (local $s i32)
    (block $done (loop $l
      local.get $i local.get $n i32.ge_u br_if $done
      local.get $s
      local.get $p local.get $i i32.add i32.load8_u
      local.get $i i32.const 1 i32.add i32.mul
      i32.add local.set $s
      local.get $i i32.const 1 i32.add local.set $i
      br $l))
    local.get $s)
  (func (export "reverse") (param $p i32) (param $n i32) (result i64) (local $o i32) (local $i i32)
    local.get $n call $alloc local.set $o
    (block $done (loop $l
      local.get $i local.get $n i32.ge_u br_if $done
      local.get $o local.get $i i32.add
      local.get $p local.get $n i32.add local.get $i i32.sub i32.const 1 i32.sub i32.load8_u
      i32.store8
      local.get $i i32.const 1 i32.add local.set $i
      br $l))
    local.get $o i64.extend_i32_u i64.const 32 i64.shl local.get $n i64.extend_i32_u i64.or)
  (func (export "badresult") (result i64) i64.const 0x0000FFFF00000010)
  (func (export "concat_len") (param i32 i32 i32 i32) (result i32) local.get 1 local.get 3 i32.add))`;

export const STATE_WAT = `(module
  (memory (export "memory") 1)
  (global $g (mut i32) (i32.const 0))
  (func (export "bump") (result i32) global.get $g i32.const 1 i32.add global.set $g global.get $g)
  (func (export "write") (param i32) i32.const 64 local.get 0 i32.store)
  (func (export "read") (result i32) i32.const 64 i32.load))`;

export const EVIL_WAT = `(module
  (memory 1)
  (func (export "spin") (loop $l br $l))
  (func (export "spin_for") (param $n i32) (result i32) (local $i i32)
    (block $d (loop $l local.get $i local.get $n i32.ge_u br_if $d local.get $i i32.const 1 i32.add local.set $i br $l))
    local.get $i)
  (func (export "trap") unreachable)
  (func (export "oob") (result i32) i32.const 70000 i32.load)
  (func (export "div") (param i32 i32) (result i32) local.get 0 local.get 1 i32.div_s)
  (func $rec (export "recurse") (param i32) (result i32) local.get 0 i32.const 1 i32.add call $rec))`;

export async function build(name: string, wat: string): Promise<Mod> {
  const wabt = await wabtInit();
  const parsed = wabt.parseWat(`${name}.wat`, wat);
  const binary = new Uint8Array(parsed.toBinary({}).buffer);
  parsed.destroy();
  return { binary, digest: `sha256-test-${name}` };
}

export const D = {
  ii_i: { params: ["i32", "i32"], result: "i32" },
  ff_f: { params: ["f64", "f64"], result: "f64" },
  f_f32: { params: ["f32"], result: "f32" },
  ll_l: { params: ["i64", "i64"], result: "i64" },
  b_i: { params: ["bytes"], result: "i32" },
  b_b: { params: ["bytes"], result: "bytes" },
  _b: { params: [], result: "bytes" },
  none: { params: [] },
  _i: { params: [], result: "i32" },
  i_i: { params: ["i32"], result: "i32" },
  i_: { params: ["i32"] },
} satisfies Record<string, WasmExportDeclaration>;

export async function codeOf(promise: Promise<unknown>): Promise<string> {
  return (await errorOf(promise)).code;
}
export async function errorOf(promise: Promise<unknown>): Promise<HostModuleError> {
  try {
    const value = await promise;
    throw new Error(`expected a refusal, got ${String(value)}`);
  } catch (error) {
    if (!(error instanceof HostModuleError)) throw error;
    expect(error.name).toBe("WasmCallError");
    return error;
  }
}

export function jsChecksum(data: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < data.length; i++) s = (s + Math.imul(data[i], i + 1)) | 0;
  return s;
}
