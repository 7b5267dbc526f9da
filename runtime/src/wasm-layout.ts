// Owns reading the engine binary's memory layout: where its shadow stack ends (the initial value of the first
// mutable i32 global, emscripten's __stack_pointer) and where its initialized data ends (the data section).
// Refuses to guess: anything it cannot read plainly comes back undefined, and callers then restore all memory.

export interface WasmLayout {
  /** Highest address of the shadow stack (the stack grows down from here). */
  stackHigh: number;
  /** End of the highest initialized data segment. */
  dataEnd: number;
  /**
   * Where the zero-initialized data (BSS, right after dataEnd) ends at the latest, if it is under 64 KiB: the stack sits
   * between the static data and stackHigh, and its size is a whole number of 64 KiB pages minus at most one page, so
   * stackHigh less the whole pages between dataEnd and stackHigh, plus one page. (This build: data ends at 87,227, the
   * stack's top is 5,333,088 = 5 MiB above 90,208, so BSS is ~3 KB; the bound is 155,744.)
   */
  staticEnd: number;
}

const PAGE = 64 * 1024;

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new Error("truncated");
    return this.bytes[this.offset++];
  }
  u32(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      result |= (b & 0x7f) << shift;
      if (!(b & 0x80)) return result >>> 0;
      shift += 7;
    }
  }
  i32(): number {
    let result = 0;
    let shift = 0;
    let b: number;
    do {
      b = this.byte();
      result |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    return shift < 32 && b & 0x40 ? result | (-1 << shift) : result;
  }
  /** An init expression that is a single i32.const; undefined for anything else. */
  constExpr(): number | undefined {
    const op = this.byte();
    const value = op === 0x41 ? this.i32() : undefined;
    if (op !== 0x41) while (this.byte() !== 0x0b);
    else if (this.byte() !== 0x0b) return undefined;
    return value;
  }
}

export function readWasmLayout(binary: Uint8Array): WasmLayout | undefined {
  try {
    const r = new Reader(binary);
    r.offset = 8; // magic and version
    let stackHigh: number | undefined;
    let dataEnd = 0;
    while (r.offset < binary.length) {
      const id = r.byte();
      const size = r.u32();
      const end = r.offset + size;
      if (id === 6) {
        const count = r.u32();
        for (let i = 0; i < count && stackHigh === undefined; i++) {
          const type = r.byte();
          const mutable = r.byte() === 1;
          const init = r.constExpr();
          if (type === 0x7f && mutable && init !== undefined) stackHigh = init;
        }
      } else if (id === 11) {
        const count = r.u32();
        for (let i = 0; i < count; i++) {
          const flags = r.u32();
          if (flags === 1) {
            r.offset += r.u32(); // passive segment: no address
            continue;
          }
          if (flags === 2) r.u32();
          const start = r.constExpr();
          const length = r.u32();
          r.offset += length;
          if (start === undefined) return undefined;
          dataEnd = Math.max(dataEnd, start + length);
        }
      }
      r.offset = end;
    }
    return stackHigh === undefined ? undefined : { stackHigh, dataEnd, staticEnd: stackHigh - Math.floor((stackHigh - dataEnd) / PAGE) * PAGE + PAGE };
  } catch {
    return undefined;
  }
}
