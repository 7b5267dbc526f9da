// Owns the call contract of a WASM export as the host checks it before anything is sent to a worker: the declaration
// shape ({ params, result } over i32, i64, f32, f64 and bytes) and the arguments against it. Refuses a malformed
// declaration, wrong arity, an i32 that is not an integer in the signed range (never wrapped), an i64 that is not a
// bigint in range, a number that is not a number and bytes that are not a Uint8Array. Environment-neutral.
//
// Bytes convention (shared with admission, see compiler/src/wasm/CONVENTION.md): each `bytes` argument is copied to
// `alloc(len)` in the instance and passed as TWO i32 params (ptr, len); a `bytes` result is an i64 (ptr << 32) | len.

import { HostModuleError } from "../errors.js";

export type WasmType = "i32" | "i64" | "f32" | "f64";
export interface WasmExportDeclaration {
  params: Array<WasmType | "bytes">;
  result?: WasmType | "bytes";
}

const WASM_TYPES = new Set(["i32", "i64", "f32", "f64"]);
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const MAX_BYTES = 0x7fff_ffff;

export function checkDeclaration(declaration: WasmExportDeclaration): void {
  const ok =
    declaration !== null &&
    typeof declaration === "object" &&
    Array.isArray(declaration.params) &&
    declaration.params.every((p) => p === "bytes" || WASM_TYPES.has(p)) &&
    (declaration.result === undefined || declaration.result === "bytes" || WASM_TYPES.has(declaration.result));
  if (!ok) throw new HostModuleError("wasm-declaration-invalid", "the export declaration must be { params: (i32|i64|f32|f64|bytes)[], result?: i32|i64|f32|f64|bytes }");
}

/**
 * Checks args against the declaration; returns the args to send (bytes copied into fresh, transferable buffers).
 * `owned`: the caller gives its bytes away (they were decoded for this call alone, and it never reads them again),
 * so a Uint8Array that spans its whole ArrayBuffer is transferred as it is, not copied (a 1 MiB copy into a fresh
 * buffer measured ~0.4-0.8 ms here, mostly its page faults).
 */
export function checkArgs(exportName: string, declaration: WasmExportDeclaration, args: unknown[], owned = false): { args: unknown[]; transfer: ArrayBuffer[] } {
  if (!Array.isArray(args)) throw new HostModuleError("wasm-argument-invalid", `${exportName}: args must be an array`);
  const { params } = declaration;
  if (args.length !== params.length) {
    throw new HostModuleError("wasm-argument-invalid", `${exportName}: takes ${params.length} argument(s), got ${args.length}`);
  }
  const out: unknown[] = [];
  const transfer: ArrayBuffer[] = [];
  params.forEach((type, i) => {
    const value = args[i];
    const where = `${exportName}: parameter ${i} (${type})`;
    switch (type) {
      case "i32":
        if (typeof value !== "number" || !Number.isInteger(value)) throw new HostModuleError("wasm-argument-invalid", `${where} must be an integer number`);
        if (value < -0x8000_0000 || value > 0x7fff_ffff) throw new HostModuleError("wasm-argument-invalid", `${where} is out of the signed 32-bit range`);
        out.push(value);
        break;
      case "f32":
      case "f64":
        if (typeof value !== "number") throw new HostModuleError("wasm-argument-invalid", `${where} must be a number`);
        out.push(value);
        break;
      case "i64":
        if (typeof value !== "bigint") throw new HostModuleError("wasm-argument-invalid", `${where} must be a bigint (i64 crosses as bigint)`);
        if (value < I64_MIN || value > I64_MAX) throw new HostModuleError("wasm-argument-invalid", `${where} is out of the signed 64-bit range`);
        out.push(value);
        break;
      case "bytes": {
        if (!(value instanceof Uint8Array)) throw new HostModuleError("wasm-argument-invalid", `${where} must be a Uint8Array`);
        if (value.length > MAX_BYTES) throw new HostModuleError("wasm-argument-invalid", `${where} is longer than ${MAX_BYTES} bytes`);
        const whole = owned && value.byteOffset === 0 && value.buffer instanceof ArrayBuffer && value.byteLength === value.buffer.byteLength && !transfer.includes(value.buffer);
        const copy = whole ? value : value.slice(); // own buffer: never clones the caller's whole backing buffer, safe to transfer
        transfer.push(copy.buffer as ArrayBuffer);
        out.push(copy);
        break;
      }
    }
  });
  return { args: out, transfer };
}
