// Owns the WebAssembly features a pack's binary may use: an explicit list (ADMITTED_WASM_FEATURES) and a static
// walk over every section, type, const expression and function body that names the first feature outside it.
// Refuses (reports, for admit.ts to turn into `wasm-feature-refused`) exception handling, tail calls, SIMD,
// threads/atomics, GC, typed function references, multi-memory, memory64/table64, extended constant expressions
// and any instruction or form this reader does not know — a feature nobody listed is a feature refused.
// The binary has already passed WebAssembly.validate, so its structure is sound; the walk only classifies.

import { ParseError, Reader } from "./binary.js";

/** The features a binary may use, beyond the MVP (WebAssembly 1.0): the W3C 2.0 core features, SIMD excepted. */
export const ADMITTED_WASM_FEATURES = {
  mvp: "WebAssembly 1.0: i32/i64/f32/f64, one memory, one funcref table, blocks, calls, call_indirect",
  "mutable-globals": "exporting a mutable global",
  "sign-extension": "i32.extend8_s, i64.extend32_s and the other sign-extension operators",
  "saturating-float-to-int": "i32.trunc_sat_f64_s and the other non-trapping conversions (0xFC 0–7)",
  "multi-value": "blocks and functions with several results inside the module (exports still return at most one value)",
  "bulk-memory": "memory.copy, memory.fill, memory.init, data.drop, passive segments, the data count section",
  "reference-types": "funcref/externref values inside the module, several tables, table.get/set/grow/size/fill/copy/init",
} as const;

/** Features refused by name (the wabt / proposal names); anything unknown is refused as "unknown". */
export type RefusedWasmFeature =
  | "exception-handling" | "tail-call" | "simd" | "threads" | "gc" | "function-references" | "multi-memory"
  | "memory64" | "extended-const" | "unknown";

export interface FeatureFinding {
  feature: RefusedWasmFeature;
  /** Where it was found: "function 3 (instruction 0x12)", "type section", … */
  where: string;
}

class Refused extends Error {
  constructor(readonly finding: FeatureFinding) {
    super(finding.feature);
  }
}

const refuse = (feature: RefusedWasmFeature, where: string): never => {
  throw new Refused({ feature, where });
};

const hex = (b: number) => `0x${b.toString(16).padStart(2, "0")}`;
const peek = (r: Reader): number => {
  if (r.pos >= r.end) throw new ParseError("unexpected end of binary");
  return r.buf[r.pos]!;
};

/** A heap type after ref.null / in (ref null ht): funcref/externref are reference-types; the rest is GC or typed refs. */
function heapType(r: Reader, where: string): void {
  const b = peek(r);
  if ((b & 0xc0) === 0x40) {
    r.byte();
    if (b === 0x70 || b === 0x6f) return;
    return refuse(b === 0x69 || b === 0x74 ? "exception-handling" : "gc", where);
  }
  r.s(33);
  refuse("function-references", where); // a concrete type index
}

function valtype(r: Reader, where: string): void {
  const b = r.byte();
  if (b >= 0x7c && b <= 0x7f) return; // i32 i64 f32 f64
  if (b === 0x70 || b === 0x6f) return; // funcref externref (reference-types)
  if (b === 0x7b) refuse("simd", where);
  if (b === 0x69) refuse("exception-handling", where); // exnref
  if (b === 0x63 || b === 0x64) refuse("function-references", where);
  if (b >= 0x65 && b <= 0x74) refuse("gc", where);
  refuse("unknown", `${where} (value type ${hex(b)})`);
}

function blockType(r: Reader, where: string): void {
  const b = peek(r);
  if (b === 0x40) return void r.byte();
  if ((b & 0xc0) === 0x40) return valtype(r, where);
  r.s(33); // a type index: multi-value
}

function memarg(r: Reader, where: string): void {
  const align = r.u();
  if (align & 0x40) refuse("multi-memory", where);
  r.u(64);
}

function memoryIndex(r: Reader, where: string): void {
  if (r.u() !== 0) refuse("multi-memory", where);
}

const EXCEPTIONS = new Set([0x06, 0x07, 0x08, 0x09, 0x0a, 0x18, 0x19, 0x1f]);
const TAIL_CALLS = new Set([0x12, 0x13, 0x15]);
const FUNCTION_REFERENCES = new Set([0x14, 0xd4, 0xd5, 0xd6]);
const NO_IMMEDIATE = (op: number) =>
  op === 0x00 || op === 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x1a || op === 0x1b || op === 0xd1 || (op >= 0x45 && op <= 0xc4);
const EXTENDED_CONST = new Set([0x6a, 0x6b, 0x6c, 0x7c, 0x7d, 0x7e]);

/** One instruction; `constant` marks a const expression (where arithmetic is the extended-const proposal). */
function instruction(r: Reader, where: string, constant: boolean): number {
  const op = r.byte();
  const at = `${where} (instruction ${hex(op)})`;
  if (constant && EXTENDED_CONST.has(op)) refuse("extended-const", at);
  if (NO_IMMEDIATE(op)) return op;
  if (EXCEPTIONS.has(op)) refuse("exception-handling", at);
  if (TAIL_CALLS.has(op)) refuse("tail-call", at);
  if (FUNCTION_REFERENCES.has(op)) refuse("function-references", at);
  if (op === 0xd3) refuse("gc", at);
  switch (op) {
    case 0x02: case 0x03: case 0x04: blockType(r, at); return op;
    case 0x0c: case 0x0d: case 0x10: case 0x20: case 0x21: case 0x22: case 0x23: case 0x24: case 0x25: case 0x26: case 0xd2:
      r.u(); return op;
    case 0x0e: for (let n = r.u(); n >= 0; n--) r.u(); return op; // vec(label) + default
    case 0x11: r.u(); r.u(); return op; // typeidx, tableidx
    case 0x1c: for (let n = r.u(); n > 0; n--) valtype(r, at); return op; // select t*
    case 0x3f: case 0x40: memoryIndex(r, at); return op;
    case 0x41: r.s(32); return op;
    case 0x42: r.s(64); return op;
    case 0x43: r.pos += 4; return op;
    case 0x44: r.pos += 8; return op;
    case 0xd0: heapType(r, at); return op;
    case 0xfb: return refuse("gc", at);
    case 0xfd: return refuse("simd", at);
    case 0xfe: return refuse("threads", at);
    case 0xfc: {
      const sub = r.u();
      const subAt = `${where} (instruction 0xfc ${sub})`;
      if (sub <= 7) return op; // saturating float-to-int
      switch (sub) {
        case 8: r.u(); memoryIndex(r, subAt); return op; // memory.init
        case 9: case 13: case 15: case 16: case 17: r.u(); return op; // data.drop elem.drop table.grow/size/fill
        case 10: memoryIndex(r, subAt); memoryIndex(r, subAt); return op; // memory.copy
        case 11: memoryIndex(r, subAt); return op; // memory.fill
        case 12: case 14: r.u(); r.u(); return op; // table.init table.copy
        default: return refuse("unknown", subAt);
      }
    }
    default:
      if (op >= 0x28 && op <= 0x3e) return memarg(r, at), op;
      return refuse("unknown", at);
  }
}

function constExpr(r: Reader, where: string): void {
  while (instruction(r, where, true) !== 0x0b);
}

function limits(r: Reader, where: string, what: "memory" | "table"): void {
  const flags = r.u();
  if (flags & 0x04) refuse("memory64", where);
  if (flags & 0x02 && what === "table") refuse("unknown", where);
  if (flags & 0x08) refuse("unknown", `${where} (custom page sizes)`);
  r.u(64);
  if (flags & 0x01) r.u(64);
}

function typeSection(s: Reader): void {
  for (let n = s.u(), i = 0; i < n; i++) {
    const form = s.byte();
    if (form !== 0x60) refuse("gc", `type ${i} (form ${hex(form)})`);
    for (let j = s.u(); j > 0; j--) valtype(s, `type ${i}`);
    for (let j = s.u(); j > 0; j--) valtype(s, `type ${i}`);
  }
}

function elementSection(s: Reader): void {
  for (let n = s.u(), i = 0; i < n; i++) {
    const where = `element segment ${i}`;
    const flags = s.u();
    if (flags > 7) refuse("unknown", where);
    if (flags === 2 || flags === 6) s.u(); // table index
    if ((flags & 0x01) === 0) constExpr(s, where); // active: offset
    const expressions = (flags & 0x04) !== 0;
    if (flags & 0x03) {
      if (expressions) valtype(s, where);
      else if (s.byte() !== 0x00) refuse("unknown", where); // elemkind funcref
    }
    for (let m = s.u(); m > 0; m--) (expressions ? constExpr(s, where) : s.u());
  }
}

function dataSection(s: Reader): void {
  for (let n = s.u(), i = 0; i < n; i++) {
    const where = `data segment ${i}`;
    const flags = s.u();
    if (flags > 2) refuse("unknown", where);
    if (flags === 2) memoryIndex(s, where);
    if (flags !== 1) constExpr(s, where);
    s.pos += s.u();
  }
}

function codeSection(s: Reader, firstFunction: number): void {
  for (let n = s.u(), i = 0; i < n; i++) {
    const size = s.u();
    const body = new Reader(s.buf, s.pos, s.pos + size);
    const where = `function ${firstFunction + i}`;
    for (let groups = body.u(); groups > 0; groups--) {
      body.u();
      valtype(body, `${where} locals`);
    }
    while (body.pos < body.end) instruction(body, where, false);
    s.pos += size;
  }
}

function walk(buf: Uint8Array): void {
  const r = new Reader(buf, 8);
  let memories = 0;
  let importedFunctions = 0;
  while (r.pos < buf.length) {
    const id = r.byte();
    const size = r.u();
    const s = new Reader(buf, r.pos, r.pos + size);
    switch (id) {
      case 1: typeSection(s); break;
      case 2: // imports are refused by admit.ts before this runs; count functions for honest indices anyway
        for (let n = s.u(); n > 0; n--) {
          s.name(); s.name();
          const kind = s.byte();
          if (kind === 0) { importedFunctions++; s.u(); } else break;
        }
        break;
      case 4: for (let n = s.u(), i = 0; i < n; i++) { valtype(s, `table ${i}`); limits(s, `table ${i}`, "table"); } break;
      case 5: for (let n = s.u(); n > 0; n--) { if (++memories > 1) refuse("multi-memory", "memory section"); limits(s, "memory section", "memory"); } break;
      case 6: for (let n = s.u(), i = 0; i < n; i++) { valtype(s, `global ${i}`); s.byte(); constExpr(s, `global ${i}`); } break;
      case 7: for (let n = s.u(); n > 0; n--) { const name = s.name(); if (s.byte() === 4) refuse("exception-handling", `export "${name}" (a tag)`); s.u(); } break;
      case 9: elementSection(s); break;
      case 10: codeSection(s, importedFunctions); break;
      case 11: dataSection(s); break;
      case 0: case 3: case 8: case 12: break; // custom, function, start, data count (bulk-memory)
      case 13: refuse("exception-handling", "tag section"); break;
      default: refuse("unknown", `section ${id}`);
    }
    r.pos += size;
  }
}

/** The first feature outside ADMITTED_WASM_FEATURES the binary uses, or null. Throws ParseError on a binary it cannot follow. */
export function refusedFeature(buf: Uint8Array): FeatureFinding | null {
  try {
    walk(buf);
    return null;
  } catch (e) {
    if (e instanceof Refused) return e.finding;
    throw e;
  }
}
