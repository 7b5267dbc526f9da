// Owns the bytes convention as data: the names of the two exports it requires and the shape admitWasm returns
// when a declared export uses bytes. Refuses nothing; admit.ts checks a binary against it, and the host runner
// (host-modules' WASM pool) implements exactly this (also in ./CONVENTION.md):
//
// ───────────────────────────── THE BYTES CONVENTION (version 1) ─────────────────────────────
// A declared export may use the pseudo-type "bytes" for any param and/or its result.
//
//  Required exports (checked by admit.ts, else wasm-bytes-convention-missing), when ANY declared export uses bytes:
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
