// Owns admitting a wasm module declared by a pack: the binary is checked statically (never instantiated)
// against the declaration of its exports and the wasm limits (./limits.ts), and every refusal is data with a stable code.
//
// ───────────────────────────── THE BYTES CONVENTION (version 1) ─────────────────────────────
// A declared export may use the pseudo-type "bytes" for any param and/or its result. The host runner
// implements exactly this (also in ./CONVENTION.md):
//
//  Required exports (checked here, else wasm-bytes-convention-missing), when ANY declared export uses bytes:
//    - "memory" (BYTES_MEMORY_EXPORT): a memory export (the module's own, 32-bit, non-shared memory).
//    - "alloc"  (BYTES_ALLOC_EXPORT):  a function export with the exact core signature (i32 size) -> i32 ptr.
//
//  A "bytes" PARAM stands for TWO consecutive core params (i32 ptr, i32 len) at its position, so a declared
//  ["bytes", "i32"] has the core signature (i32, i32, i32). For each bytes argument, in param order, the host:
//    1. calls alloc(len) (also when len is 0) and treats the i32 result as an unsigned u32 ptr;
//    2. re-reads memory.buffer (alloc may have grown memory), refuses the call (a trap-like error) unless
//       ptr + len <= memory.buffer.byteLength, and copies the argument bytes to [ptr, ptr + len);
//    3. passes (ptr, len) as the two core params.
//  The host never frees; the module owns the memory it handed out (it may reuse or reset it on the next call).
//
//  A "bytes" RESULT means the core function returns ONE i64 packing (ptr << 32) | len, both unsigned u32:
//    r = BigInt.asUintN(64, result); ptr = Number(r >> 32n); len = Number(r & 0xffffffffn).
//  After the call the host re-reads memory.buffer, refuses the result unless ptr + len <= byteLength, and copies
//  [ptr, ptr + len) out before making any further call into the instance. len 0 is the empty result (ptr ignored).
//
//  Scalars map 1:1: declared i32/i64/f32/f64 are the same core types (i64 crosses the JS boundary as BigInt).
//  maxParams counts CORE params (a bytes param counts 2). At most one core result.
// ──────────────────────────────────────────────────────────────────────────────────────────────

// The declaration types are the WASM pool's own: one definition for admission, dispatch and the pool.
import type { WasmExportDeclaration, WasmType } from "@capsule/host-modules/wasm-pool";
export type { WasmExportDeclaration, WasmType };
import { resolveWasmLimits, WASM_LIMIT_CEILINGS, type WasmLimits } from "./limits.js";

export const BYTES_ALLOC_EXPORT = "alloc";
export const BYTES_MEMORY_EXPORT = "memory";
/** The bytes convention as data (returned by admitWasm when a declared export uses bytes). */
export const BYTES_CONVENTION = Object.freeze({
  version: 1,
  allocExport: BYTES_ALLOC_EXPORT, // (i32 size) -> i32 ptr
  memoryExport: BYTES_MEMORY_EXPORT,
  param: "(i32 ptr, i32 len) pair; host copies input to alloc(len)",
  result: "i64 = (ptr << 32) | len, unsigned; host copies [ptr, ptr+len) out of memory",
} as const);
export type BytesConvention = typeof BYTES_CONVENTION;

export type WasmAdmitCode =
  | "wasm-invalid-binary" | "wasm-too-large" | "wasm-has-imports" | "wasm-shared-memory" | "wasm-memory-unbounded"
  | "wasm-memory-too-large" | "wasm-export-missing" | "wasm-export-not-function" | "wasm-signature-mismatch"
  | "wasm-signature-unsupported" | "wasm-start-function" | "wasm-bytes-convention-missing";

export type WasmAdmitResult =
  | {
      ok: true;
      exports: Record<string, WasmExportDeclaration>;
      memoryPages: { initial: number; maximum: number } | null;
      /** BYTES_CONVENTION when any declared export uses bytes, else null. */
      bytesConvention: BytesConvention | null;
    }
  | { ok: false; code: WasmAdmitCode; message: string };

// ── binary reader ──

class ParseError extends Error {}

class Reader {
  pos: number;
  constructor(readonly buf: Uint8Array, start = 0, readonly end = buf.length) { this.pos = start; }
  byte(): number {
    if (this.pos >= this.end) throw new ParseError("unexpected end of binary");
    return this.buf[this.pos++];
  }
  /** Unsigned LEB128 up to 64 bits (as a number; precision loss above 2^53 is irrelevant to admission). */
  u(maxBits = 32): number {
    let result = 0, mul = 1;
    for (let i = 0; i < Math.ceil(maxBits / 7); i++) {
      const b = this.byte();
      result += (b & 0x7f) * mul;
      if ((b & 0x80) === 0) return result;
      mul *= 128;
    }
    throw new ParseError("LEB128 too long");
  }
  /** Signed LEB128 (only consumed, e.g. s33 heap types). */
  s(maxBits = 33): void {
    for (let i = 0; i < Math.ceil(maxBits / 7); i++) if ((this.byte() & 0x80) === 0) return;
    throw new ParseError("LEB128 too long");
  }
  name(): string {
    const len = this.u();
    if (this.pos + len > this.end) throw new ParseError("name runs past its section");
    const s = new TextDecoder().decode(this.buf.subarray(this.pos, this.pos + len));
    this.pos += len;
    return s;
  }
}

type CoreType = WasmType | "v128" | "funcref" | "externref" | "ref";
const VALTYPES: Record<number, CoreType> = { 0x7f: "i32", 0x7e: "i64", 0x7d: "f32", 0x7c: "f64", 0x7b: "v128", 0x70: "funcref", 0x6f: "externref" };

function valtype(r: Reader): CoreType {
  const b = r.byte();
  if (b === 0x63 || b === 0x64) { r.s(33); return "ref"; }
  const t = VALTYPES[b];
  if (t) return t;
  if (b >= 0x65 && b <= 0x74) return "ref"; // abstract heap type shorthands (GC / exceptions proposals)
  throw new ParseError(`unknown value type 0x${b.toString(16)}`);
}

interface FuncType { params: CoreType[]; results: CoreType[] }
interface Memory { initial: number; maximum: number | null; shared: boolean; memory64: boolean }
interface Export { name: string; kind: number; index: number }
interface Parsed {
  types: Array<FuncType | null>; // null: a non-function type (GC proposal)
  firstImport: { module: string; field: string; kind: number } | null;
  importCount: number;
  funcTypeIndices: number[];
  memories: Memory[];
  exports: Map<string, Export>;
  hasStart: boolean;
}

function parse(buf: Uint8Array): Parsed {
  const r = new Reader(buf);
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  for (const m of magic) if (r.byte() !== m) throw new ParseError("not a wasm 1.0 module (bad magic or version)");
  const p: Parsed = { types: [], firstImport: null, importCount: 0, funcTypeIndices: [], memories: [], exports: new Map(), hasStart: false };
  while (r.pos < buf.length) {
    const id = r.byte();
    const size = r.u();
    const end = r.pos + size;
    if (end > buf.length) throw new ParseError(`section ${id} runs past the end of the binary`);
    const s = new Reader(buf, r.pos, end);
    switch (id) {
      case 1: { // type
        const n = s.u();
        for (let i = 0; i < n; i++) {
          const form = s.byte();
          if (form !== 0x60) { p.types.push(null); s.pos = end; break; } // rec/sub forms: stop reading, mark unknown
          const params: CoreType[] = [];
          for (let j = s.u(); j > 0; j--) params.push(valtype(s));
          const results: CoreType[] = [];
          for (let j = s.u(); j > 0; j--) results.push(valtype(s));
          p.types.push({ params, results });
        }
        break;
      }
      case 2: { // import: only the first entry is read (any import is a refusal)
        p.importCount = s.u();
        if (p.importCount > 0) {
          const module = s.name(), field = s.name(), kind = s.byte();
          p.firstImport = { module, field, kind };
        }
        break;
      }
      case 3: { // function
        for (let n = s.u(); n > 0; n--) p.funcTypeIndices.push(s.u());
        break;
      }
      case 5: { // memory
        for (let n = s.u(); n > 0; n--) {
          const flags = s.u();
          const memory64 = (flags & 0x04) !== 0;
          const bits = memory64 ? 64 : 32;
          const initial = s.u(bits);
          const maximum = flags & 0x01 ? s.u(bits) : null;
          p.memories.push({ initial, maximum, shared: (flags & 0x02) !== 0, memory64 });
        }
        break;
      }
      case 7: { // export
        for (let n = s.u(); n > 0; n--) {
          const name = s.name(), kind = s.byte(), index = s.u();
          p.exports.set(name, { name, kind, index });
        }
        break;
      }
      case 8: p.hasStart = true; break;
      default: break; // custom 0 and sections admission does not need (table, global, element, code, data, …)
    }
    r.pos = end;
  }
  return p;
}

// ── admission ──

const KIND_NAMES: Record<number, string> = { 0: "function", 1: "table", 2: "memory", 3: "global", 4: "tag" };
const SCALARS = new Set<string>(["i32", "i64", "f32", "f64"]);

const fail = (code: WasmAdmitCode, message: string): WasmAdmitResult => ({ ok: false, code, message });
const sig = (params: readonly string[], results: readonly string[]) => `(${params.join(", ")}) -> ${results.length ? results.join(", ") : "()"}`;

function funcTypeOf(p: Parsed, funcIndex: number): FuncType | null {
  // Function index space = imported functions first, then defined ones; imports are refused before this runs.
  const defined = funcIndex - (p.firstImport ? p.importCount : 0);
  const ti = p.funcTypeIndices[defined];
  return ti === undefined ? null : p.types[ti] ?? null;
}

/**
 * Admit a wasm binary against its declared exports. Checks, in order: size, WebAssembly.validate, imports,
 * start function, memories, each declared export (exists, is a function, supported signature, matches the
 * declaration under the bytes convention), then the bytes convention's required exports. Never throws.
 */
export function admitWasm(
  binary: Uint8Array,
  declared: Record<string, WasmExportDeclaration>,
  limits?: Partial<WasmLimits>,
): WasmAdmitResult {
  try {
    return admit(binary, declared, resolveWasmLimits(limits));
  } catch (e) {
    if (e instanceof ParseError) return fail("wasm-invalid-binary", `the wasm binary could not be read: ${e.message}. Rebuild it with a standard toolchain.`);
    return fail("wasm-invalid-binary", `the wasm binary could not be admitted: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function admit(binary: Uint8Array, declared: Record<string, WasmExportDeclaration>, limits: WasmLimits): WasmAdmitResult {
  if (!(binary instanceof Uint8Array)) return fail("wasm-invalid-binary", "the wasm binary must be a Uint8Array");
  if (binary.length > limits.maxBinaryBytes) {
    return fail("wasm-too-large", `the wasm binary is ${binary.length} bytes, over the limit of ${limits.maxBinaryBytes} bytes; shrink it (e.g. strip custom sections, optimize with wasm-opt -Oz) or raise maxBinaryBytes (ceiling ${WASM_LIMIT_CEILINGS.maxBinaryBytes})`);
  }
  const wasm = (globalThis as unknown as { WebAssembly?: { validate(b: Uint8Array): boolean } }).WebAssembly;
  if (!wasm || !wasm.validate(binary)) {
    return fail("wasm-invalid-binary", "the binary is not a valid WebAssembly module (WebAssembly.validate failed); rebuild it and check it with wasm-validate, using only features this engine supports");
  }
  const p = parse(binary);

  if (p.importCount > 0 && p.firstImport) {
    const { module, field, kind } = p.firstImport;
    return fail("wasm-has-imports", `the module imports ${KIND_NAMES[kind] ?? "something"} "${module}.${field}"${p.importCount > 1 ? ` (and ${p.importCount - 1} more import(s))` : ""}; wasm modules must be self-contained: define it inside the module (or link it in) and remove every import`);
  }
  if (p.hasStart) {
    return fail("wasm-start-function", "the module has a start function, which would run code at instantiation; remove the start section and do the initialization inside the exported functions");
  }

  for (const [i, m] of p.memories.entries()) {
    const which = p.memories.length > 1 ? `memory ${i}` : "the module's memory";
    if (m.memory64) return fail("wasm-signature-unsupported", `${which} is a 64-bit memory (memory64), which is not supported; use a 32-bit memory`);
    if (m.shared) return fail("wasm-shared-memory", `${which} is shared (threads); shared memory is not allowed: build without threads/atomics and declare a non-shared memory`);
    if (m.maximum === null) return fail("wasm-memory-unbounded", `${which} declares no maximum (initial ${m.initial} pages); declare a maximum of at most ${limits.maxMemoryPages} pages (e.g. -Wl,--max-memory=${limits.maxMemoryPages * 65536})`);
    if (m.maximum > limits.maxMemoryPages) return fail("wasm-memory-too-large", `${which} declares a maximum of ${m.maximum} pages (${m.maximum * 64} KiB), over the limit of ${limits.maxMemoryPages} pages; lower the maximum to at most ${limits.maxMemoryPages} pages`);
  }

  let usesBytes = false;
  const admitted: Record<string, WasmExportDeclaration> = {};
  for (const [name, decl] of Object.entries(declared)) {
    const ex = p.exports.get(name);
    if (!ex) {
      const fns = [...p.exports.values()].filter((e) => e.kind === 0).map((e) => `"${e.name}"`);
      return fail("wasm-export-missing", `the module has no export named "${name}"; export it from the module or fix the declaration (function exports: ${fns.length ? fns.join(", ") : "none"})`);
    }
    if (ex.kind !== 0) return fail("wasm-export-not-function", `export "${name}" is a ${KIND_NAMES[ex.kind] ?? `kind ${ex.kind}`}, not a function; only functions can be declared`);
    const ft = funcTypeOf(p, ex.index);
    if (!ft) return fail("wasm-signature-unsupported", `export "${name}" has a type this admission cannot read (not a plain function type)`);

    const params = Array.isArray(decl?.params) ? decl.params : null;
    const result = decl?.result;
    const badDecl = params === null ? "params" : [...params, ...(result === undefined ? [] : [result])].find((t) => !SCALARS.has(t) && t !== "bytes");
    if (badDecl !== undefined) return fail("wasm-signature-unsupported", `the declaration of "${name}" uses ${params === null ? "no params array" : `type "${String(badDecl)}"`}; declared types are i32, i64, f32, f64 or bytes`);

    const odd = [...ft.params, ...ft.results].find((t) => !SCALARS.has(t));
    if (odd) return fail("wasm-signature-unsupported", `export "${name}" has the signature ${sig(ft.params, ft.results)}, which uses ${odd}; only i32, i64, f32 and f64 cross the boundary (use the bytes convention for data)`);
    if (ft.results.length > 1) return fail("wasm-signature-unsupported", `export "${name}" returns ${ft.results.length} values ${sig(ft.params, ft.results)}; multi-value results are not supported, return at most one value (use a bytes result for more)`);
    if (ft.params.length > limits.maxParams) return fail("wasm-signature-unsupported", `export "${name}" takes ${ft.params.length} core params, over the limit of ${limits.maxParams}; pass fewer params (e.g. pack them into bytes)`);

    const expParams: string[] = params!.flatMap((t) => (t === "bytes" ? ["i32", "i32"] : [t]));
    const expResults: string[] = result === undefined ? [] : [result === "bytes" ? "i64" : result];
    if (params!.includes("bytes") || result === "bytes") usesBytes = true;
    const same = expParams.length === ft.params.length && expParams.every((t, i) => t === ft.params[i])
      && expResults.length === ft.results.length && expResults.every((t, i) => t === ft.results[i]);
    if (!same) {
      const shown = `(${params!.join(", ")}) -> ${result ?? "()"}`;
      return fail("wasm-signature-mismatch", `export "${name}" is declared ${shown}, i.e. core ${sig(expParams, expResults)}, but the module's function is ${sig(ft.params, ft.results)}; fix the declaration or the function (a bytes param is (i32 ptr, i32 len), a bytes result is i64 (ptr << 32) | len)`);
    }
    admitted[name] = { params: [...params!], ...(result === undefined ? {} : { result }) };
  }

  if (usesBytes) {
    const mem = p.exports.get(BYTES_MEMORY_EXPORT);
    const alloc = p.exports.get(BYTES_ALLOC_EXPORT);
    const allocType = alloc && alloc.kind === 0 ? funcTypeOf(p, alloc.index) : null;
    const problems: string[] = [];
    if (!mem || mem.kind !== 2) problems.push(mem ? `export "${BYTES_MEMORY_EXPORT}" is a ${KIND_NAMES[mem.kind] ?? "non-memory"}, not a memory` : `no memory exported as "${BYTES_MEMORY_EXPORT}"`);
    if (!alloc) problems.push(`no function exported as "${BYTES_ALLOC_EXPORT}"`);
    else if (alloc.kind !== 0) problems.push(`export "${BYTES_ALLOC_EXPORT}" is a ${KIND_NAMES[alloc.kind] ?? "non-function"}, not a function`);
    else if (!allocType || sig(allocType.params, allocType.results) !== "(i32) -> i32") problems.push(`"${BYTES_ALLOC_EXPORT}" is ${allocType ? sig(allocType.params, allocType.results) : "of an unreadable type"}, not (i32) -> i32`);
    if (problems.length) return fail("wasm-bytes-convention-missing", `a declared export uses bytes, which needs a memory exported as "${BYTES_MEMORY_EXPORT}" and a function "${BYTES_ALLOC_EXPORT}(i32 size) -> i32 ptr": ${problems.join("; ")}`);
  }

  const m0 = p.memories[0];
  return {
    ok: true,
    exports: admitted,
    memoryPages: m0 ? { initial: m0.initial, maximum: m0.maximum ?? 0 } : null,
    bytesConvention: usesBytes ? BYTES_CONVENTION : null,
  };
}
