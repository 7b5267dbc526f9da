// Owns reading the parts of a wasm binary that admission judges (type, import, function, memory, export and start
// sections), statically: the binary is never compiled or instantiated here. Refuses (throws ParseError for) a
// binary it cannot follow; WebAssembly.validate has already accepted it by then, so that is rare.

import type { WasmType } from "@capsule/host-modules/wasm-pool";

/** A binary this reader cannot follow; admitWasm turns it into wasm-invalid-binary. */
export class ParseError extends Error {}

export class Reader {
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

/** The sections admission needs (types, imports, functions, memories, exports, start); throws ParseError. */
export function parse(buf: Uint8Array): Parsed {
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

/** The type of a function by its index (imports are refused before this is asked, so all are defined). */
export function funcTypeOf(p: Parsed, funcIndex: number): FuncType | null {
  // Function index space = imported functions first, then defined ones; imports are refused before this runs.
  const defined = funcIndex - (p.firstImport ? p.importCount : 0);
  const ti = p.funcTypeIndices[defined];
  return ti === undefined ? null : p.types[ti] ?? null;
}
