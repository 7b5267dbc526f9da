// Static admission of wasm modules (compiler/src/wasm/: admit.ts, binary.ts, convention.ts, limits.ts): every
// fixture binary is built here from WAT with wabt, each refusal code has its own module, and the bytes convention
// is exercised end to end by instantiating the admitted module the way the host runner will (CONVENTION.md).

import wabtInit from "wabt";
import { beforeAll, describe, expect, test } from "vitest";
import { admitWasm, type WasmAdmitCode, type WasmAdmitResult, type WasmExportDeclaration } from "../src/wasm/admit.js";
import { BYTES_ALLOC_EXPORT, BYTES_CONVENTION, BYTES_MEMORY_EXPORT } from "../src/wasm/convention.js";
import { DEFAULT_WASM_LIMITS, resolveWasmLimits, WASM_LIMIT_CEILINGS } from "../src/wasm/limits.js";

type Wabt = Awaited<ReturnType<typeof wabtInit>>;
let wabt: Wabt;
beforeAll(async () => { wabt = await wabtInit(); });

function wat(src: string, features: Record<string, boolean> = {}): Uint8Array {
  const mod = wabt.parseWat("x.wat", src, { multi_value: true, ...features });
  try {
    // No mod.validate(): wabt 1.0.37 validates without the parse features (refuses shared memory); the
    // admission itself runs WebAssembly.validate.
    return new Uint8Array(mod.toBinary({}).buffer);
  } finally {
    mod.destroy();
  }
}

function refused(r: WasmAdmitResult, code: WasmAdmitCode): string {
  if (r.ok) throw new Error(`expected ${code}, got ok`);
  expect(r.code).toBe(code);
  expect(r.message.length).toBeGreaterThan(20);
  return r.message;
}

const SCALAR_WAT = `(module
  (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
  (func (export "mul") (param f64 f64) (result f64) local.get 0 local.get 1 f64.mul)
  (func (export "shl64") (param i64 i64) (result i64) local.get 0 local.get 1 i64.shl)
  (func (export "nop"))
  (global (export "g") i32 (i32.const 7))
  (memory (export "memory") 1 4))`;
const SCALAR_DECL: Record<string, WasmExportDeclaration> = {
  add: { params: ["i32", "i32"], result: "i32" },
  mul: { params: ["f64", "f64"], result: "f64" },
  shl64: { params: ["i64", "i64"], result: "i64" },
  nop: { params: [] },
};

// A bump allocator, a checksum over bytes and a reverse returning bytes as i64 (ptr << 32) | len.
const ALLOC_WAT = `
  (memory (export "memory") 1 16)
  (global $heap (mut i32) (i32.const 1024))
  (func $alloc (export "alloc") (param $size i32) (result i32) (local $p i32)
    global.get $heap local.set $p
    global.get $heap local.get $size i32.add global.set $heap
    local.get $p)`;
const BYTES_WAT = `(module ${ALLOC_WAT}
  (func (export "sum") (param $ptr i32) (param $len i32) (result i32) (local $i i32) (local $acc i32)
    block $done loop $next
      local.get $i local.get $len i32.ge_u br_if $done
      local.get $acc local.get $ptr local.get $i i32.add i32.load8_u i32.add local.set $acc
      local.get $i i32.const 1 i32.add local.set $i
      br $next
    end end
    local.get $acc)
  (func (export "reverse") (param $ptr i32) (param $len i32) (result i64) (local $out i32) (local $i i32)
    local.get $len call $alloc local.set $out
    block $done loop $next
      local.get $i local.get $len i32.ge_u br_if $done
      local.get $out local.get $i i32.add
      local.get $ptr local.get $len i32.add local.get $i i32.sub i32.const 1 i32.sub i32.load8_u
      i32.store8
      local.get $i i32.const 1 i32.add local.set $i
      br $next
    end end
    local.get $out i64.extend_i32_u i64.const 32 i64.shl local.get $len i64.extend_i32_u i64.or))`;
const BYTES_DECL: Record<string, WasmExportDeclaration> = {
  sum: { params: ["bytes"], result: "i32" },
  reverse: { params: ["bytes"], result: "bytes" },
};

describe("admitted modules", () => {
  test("scalar module: i32, f64, i64 and a void function", () => {
    const r = admitWasm(wat(SCALAR_WAT), SCALAR_DECL);
    expect(r).toEqual({ ok: true, exports: SCALAR_DECL, memoryPages: { initial: 1, maximum: 4 }, bytesConvention: null });
  });

  test("a module without memory reports memoryPages null; undeclared exports are ignored", () => {
    const r = admitWasm(wat(`(module (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add) (func (export "other")))`), { add: { params: ["i32", "i32"], result: "i32" } });
    expect(r.ok && r.memoryPages).toBe(null);
  });

  test("bytes module: admitted with the convention in the result", () => {
    const r = admitWasm(wat(BYTES_WAT), BYTES_DECL);
    expect(r).toEqual({ ok: true, exports: BYTES_DECL, memoryPages: { initial: 1, maximum: 16 }, bytesConvention: BYTES_CONVENTION });
    expect(BYTES_ALLOC_EXPORT).toBe("alloc");
    expect(BYTES_MEMORY_EXPORT).toBe("memory");
  });

  test("the bytes convention works end to end the way CONVENTION.md says", async () => {
    const WA = (globalThis as any).WebAssembly;
    const { instance } = await WA.instantiate(wat(BYTES_WAT), {});
    const { alloc, memory, sum, reverse } = instance.exports as any;
    const pass = (data: Uint8Array): [number, number] => {
      const ptr = alloc(data.length) >>> 0;
      const buf = new Uint8Array(memory.buffer);
      expect(ptr + data.length).toBeLessThanOrEqual(buf.length);
      buf.set(data, ptr);
      return [ptr, data.length];
    };
    const input = new Uint8Array([1, 2, 3, 250]);
    expect(sum(...pass(input))).toBe(256);
    const r = BigInt.asUintN(64, reverse(...pass(input)));
    const ptr = Number(r >> 32n), len = Number(r & 0xffffffffn);
    expect([...new Uint8Array(memory.buffer, ptr, len)]).toEqual([250, 3, 2, 1]);
  });

  test("a bytes param mixed with scalars expands in place", () => {
    const bin = wat(`(module ${ALLOC_WAT} (func (export "f") (param i32 i32 i32 f64) (result i32) local.get 2))`);
    expect(admitWasm(bin, { f: { params: ["bytes", "i32", "f64"], result: "i32" } }).ok).toBe(true);
    refused(admitWasm(bin, { f: { params: ["i32", "bytes", "f64"], result: "bytes" } }), "wasm-signature-mismatch");
  });
});

describe("limits", () => {
  test("defaults and ceilings; a manifest may lower but never raise", () => {
    expect(DEFAULT_WASM_LIMITS).toEqual({ maxBinaryBytes: 4 * 1024 * 1024, maxMemoryPages: 256, maxParams: 8 });
    expect(WASM_LIMIT_CEILINGS).toEqual({ maxBinaryBytes: 16 * 1024 * 1024, maxMemoryPages: 1024, maxParams: 16 });
    expect(resolveWasmLimits({ maxParams: 2, maxMemoryPages: 1e9, maxBinaryBytes: -1 }))
      .toEqual({ maxBinaryBytes: 4 * 1024 * 1024, maxMemoryPages: 1024, maxParams: 2 });
  });

  test("a raised memory limit is clamped to the ceiling", () => {
    const bin = wat(`(module (memory 1 2000))`);
    refused(admitWasm(bin, {}, { maxMemoryPages: 5000 }), "wasm-memory-too-large");
    expect(admitWasm(wat(`(module (memory 1 1000))`), {}, { maxMemoryPages: 5000 }).ok).toBe(true);
  });
});

describe("refusals (one per code)", () => {
  test("wasm-invalid-binary: garbage, truncated module, bad function body", () => {
    refused(admitWasm(new Uint8Array([1, 2, 3, 4, 5]), {}), "wasm-invalid-binary");
    refused(admitWasm(wat(SCALAR_WAT).subarray(0, 20), SCALAR_DECL), "wasm-invalid-binary");
    refused(admitWasm(new Uint8Array(0), {}), "wasm-invalid-binary");
  });

  test("wasm-too-large via a tiny maxBinaryBytes (checked before validity)", () => {
    const bin = wat(SCALAR_WAT);
    const msg = refused(admitWasm(bin, SCALAR_DECL, { maxBinaryBytes: 16 }), "wasm-too-large");
    expect(msg).toContain(String(bin.length));
  });

  test("wasm-has-imports names module.field, for functions, memories, tables and globals", () => {
    const imports = [
      `(import "env" "log" (func (param i32)))`,
      `(import "env" "mem" (memory 1 2))`,
      `(import "env" "tab" (table 1 funcref))`,
      `(import "env" "g" (global i32))`,
    ];
    for (const imp of imports) {
      const field = /"env" "(\w+)"/.exec(imp)![1];
      const msg = refused(admitWasm(wat(`(module ${imp} (func (export "f")))`), { f: { params: [] } }), "wasm-has-imports");
      expect(msg).toContain(`env.${field}`);
    }
  });

  test("wasm-shared-memory", () => {
    refused(admitWasm(wat(`(module (memory 1 2 shared) (func (export "f")))`, { threads: true }), { f: { params: [] } }), "wasm-shared-memory");
  });

  test("wasm-memory-unbounded", () => {
    refused(admitWasm(wat(`(module (memory (export "memory") 1) (func (export "f")))`), { f: { params: [] } }), "wasm-memory-unbounded");
  });

  test("wasm-memory-too-large", () => {
    const bin = wat(`(module (memory 1 257) (func (export "f")))`);
    const msg = refused(admitWasm(bin, { f: { params: [] } }), "wasm-memory-too-large");
    expect(msg).toContain("257");
    refused(admitWasm(wat(`(module (memory 1 8))`), {}, { maxMemoryPages: 4 }), "wasm-memory-too-large");
  });

  test("wasm-export-missing", () => {
    const msg = refused(admitWasm(wat(SCALAR_WAT), { sub: { params: ["i32", "i32"], result: "i32" } }), "wasm-export-missing");
    expect(msg).toContain('"sub"');
  });

  test("wasm-export-reserved: names a facade cannot offer, whatever the module exports", () => {
    for (const name of ["then", "__proto__", "default", "constructor"]) {
      const bin = wat(`(module (func (export ${JSON.stringify(name)}) (param i32 i32) (result i32) local.get 0))`);
      expect(refused(admitWasm(bin, JSON.parse(`{${JSON.stringify(name)}: {"params": ["i32", "i32"], "result": "i32"}}`)), "wasm-export-reserved")).toContain(`"${name}"`);
    }
  });

  test("wasm-export-not-function: a global (and a memory)", () => {
    expect(refused(admitWasm(wat(SCALAR_WAT), { g: { params: [], result: "i32" } }), "wasm-export-not-function")).toContain("global");
    refused(admitWasm(wat(SCALAR_WAT), { memory: { params: [] } }), "wasm-export-not-function");
  });

  test("wasm-signature-mismatch shows declared vs actual", () => {
    const msg = refused(admitWasm(wat(SCALAR_WAT), { add: { params: ["i64", "i32"], result: "i32" } }), "wasm-signature-mismatch");
    expect(msg).toContain("(i64, i32) -> i32");
    expect(msg).toContain("(i32, i32) -> i32");
    refused(admitWasm(wat(SCALAR_WAT), { add: { params: ["i32", "i32"] } }), "wasm-signature-mismatch");
    refused(admitWasm(wat(SCALAR_WAT), { nop: { params: [], result: "i32" } }), "wasm-signature-mismatch");
    refused(admitWasm(wat(SCALAR_WAT), { mul: { params: ["f32", "f32"], result: "f32" } }), "wasm-signature-mismatch");
  });

  test("wasm-signature-unsupported: too many params (default 8, or a lowered limit)", () => {
    const nine = Array(9).fill("i32");
    const bin = wat(`(module (func (export "many") (param ${nine.join(" ")})))`);
    refused(admitWasm(bin, { many: { params: nine } }), "wasm-signature-unsupported");
    refused(admitWasm(wat(SCALAR_WAT), { add: { params: ["i32", "i32"], result: "i32" } }, { maxParams: 1 }), "wasm-signature-unsupported");
  });

  test("wasm-signature-unsupported: multi-value result, v128, externref", () => {
    const multi = wat(`(module (func (export "two") (result i32 i32) i32.const 1 i32.const 2))`);
    refused(admitWasm(multi, { two: { params: [], result: "i32" } }), "wasm-signature-unsupported");
    const simd = wat(`(module (func (export "v") (param v128)))`, { simd: true });
    refused(admitWasm(simd, { v: { params: ["i32"] } }), "wasm-signature-unsupported");
    const ref = wat(`(module (func (export "r") (param externref)))`, { reference_types: true });
    refused(admitWasm(ref, { r: { params: ["i32"] } }), "wasm-signature-unsupported");
  });

  test("wasm-start-function", () => {
    refused(admitWasm(wat(`(module (func $init) (start $init) (func (export "f")))`), { f: { params: [] } }), "wasm-start-function");
  });

  test("wasm-bytes-convention-missing: no alloc, no memory export, wrong alloc signature", () => {
    const sum = `(func (export "sum") (param i32 i32) (result i32) i32.const 0)`;
    const decl = { sum: { params: ["bytes" as const], result: "i32" as const } };
    expect(refused(admitWasm(wat(`(module (memory (export "memory") 1 2) ${sum})`), decl), "wasm-bytes-convention-missing")).toContain("alloc");
    refused(admitWasm(wat(`(module (memory 1 2) (func (export "alloc") (param i32) (result i32) i32.const 0) ${sum})`), decl), "wasm-bytes-convention-missing");
    refused(admitWasm(wat(`(module (memory (export "memory") 1 2) (func (export "alloc") (param i64) (result i32) i32.const 0) ${sum})`), decl), "wasm-bytes-convention-missing");
    // the same module without a bytes declaration needs no convention
    expect(admitWasm(wat(`(module ${sum})`), { sum: { params: ["i32", "i32"], result: "i32" } }).ok).toBe(true);
  });
});

test("never throws on hostile input", () => {
  const bin = wat(SCALAR_WAT);
  for (let i = 0; i < 200; i++) {
    const copy = bin.slice();
    copy[8 + (i % (copy.length - 8))] ^= 0xff;
    const r = admitWasm(copy, SCALAR_DECL);
    expect(typeof r.ok).toBe("boolean");
  }
  expect(admitWasm(bin, { add: null as unknown as WasmExportDeclaration }).ok).toBe(false);
});

describe("features: only ADMITTED_WASM_FEATURES pass, the rest are refused by name", () => {
  const f: Record<string, WasmExportDeclaration> = { f: { params: [] } };
  const validate = (bin: Uint8Array): boolean => (globalThis as any).WebAssembly.validate(bin);
  const feature = (src: string, features: Record<string, boolean>) => {
    const r = admitWasm(wat(src, features), f);
    refused(r, "wasm-feature-refused");
    return r as Extract<WasmAdmitResult, { ok: false }>;
  };

  test("exception handling (a tag, try/catch, throw) is refused as exception-handling", () => {
    const r = feature(`(module (tag $e (param i32)) (func (export "f") (try (do (throw $e (i32.const 1))) (catch $e drop))))`, { exceptions: true });
    expect(r.feature).toBe("exception-handling");
    expect(r.message).toContain("exception-handling");
    // WebAssembly.validate of this engine accepts it: only the feature list refuses it
    expect(validate(wat(`(module (tag $e (param i32)) (func (export "f") (try (do (throw $e (i32.const 1))) (catch $e drop))))`, { exceptions: true }))).toBe(true);
  });

  test("tail calls (return_call, return_call_indirect) are refused as tail-call", () => {
    const direct = `(module (func $g) (func (export "f") (return_call $g)))`;
    expect(validate(wat(direct, { tail_call: true }))).toBe(true);
    expect(feature(direct, { tail_call: true }).feature).toBe("tail-call");
    const indirect = `(module (type $t (func)) (table 1 funcref) (func (export "f") (return_call_indirect (type $t) (i32.const 0))))`;
    expect(feature(indirect, { tail_call: true }).message).toMatch(/tail-call feature \(function 0 \(instruction 0x13\)\)/);
  });

  test("SIMD inside a function, and atomics on an unshared memory, are refused as simd and threads", () => {
    expect(feature(`(module (func (export "f") (drop (v128.const i32x4 1 2 3 4))))`, { simd: true }).feature).toBe("simd");
    expect(feature(`(module (memory 1 1) (func (export "f") (drop (i32.atomic.load (i32.const 0)))))`, { threads: true }).feature).toBe("threads");
  });

  test("the admitted features pass: sign-extension, saturating conversions, bulk memory, multi-value blocks, reference types, a mutable global export", () => {
    const src = `(module
      (memory (export "memory") 1 1) (data $d "abc") (table $t 2 funcref) (elem declare func $g)
      (global (export "counter") (mut i32) (i32.const 0))
      (func $g)
      (func (export "f")
        (drop (i32.extend8_s (i32.const 255)))
        (drop (i32.trunc_sat_f64_s (f64.const 1e99)))
        (memory.init $d (i32.const 0) (i32.const 0) (i32.const 3)) (data.drop $d)
        (memory.copy (i32.const 4) (i32.const 0) (i32.const 3)) (memory.fill (i32.const 8) (i32.const 7) (i32.const 2))
        (block (result i32 i32) (i32.const 1) (i32.const 2)) (drop) (drop)
        (table.set $t (i32.const 0) (ref.func $g)) (drop (ref.is_null (table.get $t (i32.const 1))))
        (drop (table.size $t)) (drop (select (result funcref) (ref.null func) (ref.func $g) (i32.const 1)))))`;
    const r = admitWasm(wat(src, { bulk_memory: true, reference_types: true }), f);
    expect(r).toMatchObject({ ok: true });
  });

  test("docs/wasm-features.md's table and the README's sentence list exactly ADMITTED_WASM_FEATURES", async () => {
    const { readFileSync } = await import("node:fs");
    const { ADMITTED_WASM_FEATURES } = await import("../src/wasm/features.js");
    const doc = readFileSync(new URL("../docs/wasm-features.md", import.meta.url), "utf8");
    const listed = [...doc.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(ADMITTED_WASM_FEATURES));
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const sentence = readme.slice(readme.indexOf("## Host and WASM admission"), readme.indexOf("## Codes"));
    for (const feature of Object.keys(ADMITTED_WASM_FEATURES).filter((f) => f !== "mvp")) expect(sentence).toContain(`\`${feature}\``);
  });

  test("the shipped checksum pack's binary passes", async () => {
    const { readFileSync } = await import("node:fs");
    const bin = new Uint8Array(readFileSync(new URL("../../packs/checksum/wasm/checksum.wasm", import.meta.url)));
    const manifest = JSON.parse(readFileSync(new URL("../../packs/checksum/package.json", import.meta.url), "utf8"));
    const declared = Object.values(manifest.capsule.modules as Record<string, { exports?: Record<string, WasmExportDeclaration> }>).find((m) => m.exports)!.exports!;
    expect(admitWasm(bin, declared)).toMatchObject({ ok: true });
  });
});
