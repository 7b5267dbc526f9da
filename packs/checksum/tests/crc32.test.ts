// crc32 is slicing-by-8 with a byte-at-a-time tail: every length around the 8-byte steps, and unaligned starts,
// must give zlib's answer (the bytes are placed where alloc says, as the host does).
import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";

const mod = new WebAssembly.Module(readFileSync(new URL("../wasm/checksum.wasm", import.meta.url)));
type Exports = { alloc(n: number): number; crc32(p: number, n: number): number; memory: WebAssembly.Memory };

function wasmCrc(bytes: Uint8Array, skew = 0): number {
  const e = new WebAssembly.Instance(mod, {}).exports as unknown as Exports;
  const ptr = e.alloc(bytes.length + skew) + skew;
  new Uint8Array(e.memory.buffer, ptr, bytes.length).set(bytes);
  return e.crc32(ptr, bytes.length) >>> 0;
}

describe("@capsule/checksum crc32", () => {
  it("matches zlib for every length 0..70 and unaligned starts", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255;
    for (let n = 0; n <= 70; n++) {
      const bytes = Uint8Array.from({ length: n }, random);
      for (const skew of [0, 1, 3]) expect(wasmCrc(bytes, skew)).toBe(crc32(bytes));
    }
  });

  it("matches zlib over 1 MiB and 1 MiB + 5", () => {
    for (const n of [1 << 20, (1 << 20) + 5]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + (i >> 9)) & 255);
      expect(wasmCrc(bytes)).toBe(crc32(bytes));
    }
  });
});
