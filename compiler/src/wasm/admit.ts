// Owns admitting a wasm module declared by a pack: the binary is checked statically (never instantiated, see
// binary.ts) against the declaration of its exports, the wasm limits (limits.ts) and the bytes convention
// (convention.ts), and every refusal is data with a stable code from the compiler's table; admitWasm never throws.

// The declaration types are the WASM pool's own: one definition for admission, dispatch and the pool.
import type { WasmExportDeclaration, WasmType } from "@capsule/host-modules/wasm-pool";
import { funcTypeOf, parse, ParseError } from "./binary.js";
import { ADMITTED_WASM_FEATURES, refusedFeature, type RefusedWasmFeature } from "./features.js";
import { BYTES_ALLOC_EXPORT, BYTES_CONVENTION, BYTES_MEMORY_EXPORT, type BytesConvention } from "./convention.js";
import { resolveWasmLimits, WASM_LIMIT_CEILINGS, type WasmLimits } from "./limits.js";

export type { WasmExportDeclaration, WasmType };

/** The refusals of admitWasm; each is a row of the compiler's code table (codes.ts), so a Diagnostic can carry it. */
export type WasmAdmitCode =
  | "wasm-invalid-binary" | "wasm-too-large" | "wasm-has-imports" | "wasm-shared-memory" | "wasm-memory-unbounded"
  | "wasm-memory-too-large" | "wasm-export-missing" | "wasm-export-reserved" | "wasm-export-not-function" | "wasm-signature-mismatch"
  | "wasm-signature-unsupported" | "wasm-start-function" | "wasm-bytes-convention-missing" | "wasm-feature-refused";

export type WasmAdmitResult =
  | {
      ok: true;
      exports: Record<string, WasmExportDeclaration>;
      memoryPages: { initial: number; maximum: number } | null;
      /** BYTES_CONVENTION when any declared export uses bytes, else null. */
      bytesConvention: BytesConvention | null;
    }
  | { ok: false; code: WasmAdmitCode; message: string; feature?: RefusedWasmFeature };

const KIND_NAMES: Record<number, string> = { 0: "function", 1: "table", 2: "memory", 3: "global", 4: "tag" };
const SCALARS = new Set<string>(["i32", "i64", "f32", "f64"]);

/** How to build without each refused feature, where a common flag exists. */
const FEATURE_FLAGS: Partial<Record<RefusedWasmFeature, string>> = {
  "exception-handling": "clang -fno-exceptions / Rust panic=abort, or wasm-opt --disable-exception-handling",
  "tail-call": "clang -mno-tail-call, or wasm-opt --disable-tail-call",
  simd: "clang -mno-simd128 / Rust without +simd128, or wasm-opt --disable-simd",
  threads: "build without -pthread / +atomics",
};

const fail = (code: WasmAdmitCode, message: string): WasmAdmitResult => ({ ok: false, code, message });
const sig = (params: readonly string[], results: readonly string[]) => `(${params.join(", ")}) -> ${results.length ? results.join(", ") : "()"}`;

/**
 * Admit a wasm binary against its declared exports. Checks, in order: size, WebAssembly.validate, imports,
 * start function, memories, each declared export (exists, is a function, supported signature, matches the
 * declaration under the bytes convention), the bytes convention's required exports, then every feature the binary
 * uses against ADMITTED_WASM_FEATURES (features.ts). Never throws.
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
  const RESERVED_EXPORTS = new Set(["__proto__", "constructor", "prototype", "then", "default", "toString", "valueOf", "hasOwnProperty"]);
  // Own keys only (an object without a prototype): "__proto__" set the object's prototype instead of adding a key.
  const admitted: Record<string, WasmExportDeclaration> = Object.create(null);
  for (const [name, decl] of Object.entries(declared)) {
    // A facade exports each name and a frozen default of them all: "then" made that default a thenable (await on it
    // never settled), "default" was declared but unreachable, and the others name what every object has.
    if (RESERVED_EXPORTS.has(name)) return fail("wasm-export-reserved", `export "${name}" cannot be offered by a facade (reserved: ${[...RESERVED_EXPORTS].join(", ")}); export it under another name`);
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

  const used = refusedFeature(binary);
  if (used) {
    const tool = FEATURE_FLAGS[used.feature];
    return {
      ok: false,
      code: "wasm-feature-refused",
      feature: used.feature,
      message: `the module uses ${used.feature === "unknown" ? "an unknown instruction or form" : `the ${used.feature} feature`} (${used.where}), which is not an admitted WebAssembly feature (admitted: ${Object.keys(ADMITTED_WASM_FEATURES).join(", ")}); rebuild without it${tool ? ` (${tool})` : ""}`,
    };
  }

  const m0 = p.memories[0];
  return {
    ok: true,
    exports: admitted,
    memoryPages: m0 ? { initial: m0.initial, maximum: m0.maximum ?? 0 } : null,
    bytesConvention: usesBytes ? BYTES_CONVENTION : null,
  };
}
