// checkArgs's `owned` (args.ts): bytes the caller gives away are transferred as they are, and only then; anything
// the caller may still read, or that is a view into a larger buffer, is copied into a buffer of its own.
import { describe, expect, it } from "vitest";
import { checkArgs } from "../src/wasm/args.js";

const B2 = { params: ["bytes" as const, "bytes" as const], result: "i32" as const };

describe("checkArgs with owned bytes", () => {
  it("transfers a whole-buffer Uint8Array as it is when owned, and copies it otherwise", () => {
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([4, 5]);
    const owned = checkArgs("f", B2, [a, b], true);
    expect(owned.args[0]).toBe(a);
    expect(owned.args[1]).toBe(b);
    expect(owned.transfer).toEqual([a.buffer, b.buffer]);
    const kept = checkArgs("f", B2, [a, b]);
    expect(kept.args[0]).not.toBe(a);
    expect(kept.args[0]).toEqual(a);
    expect(kept.transfer).not.toContain(a.buffer);
  });

  it("copies a view into a larger buffer, and the second of two views of one buffer, even when owned", () => {
    const buffer = new Uint8Array([1, 2, 3, 4]);
    const part = buffer.subarray(1, 3);
    const out = checkArgs("f", B2, [part, buffer], true);
    expect(out.args[0]).not.toBe(part);
    expect(out.args[0]).toEqual(new Uint8Array([2, 3]));
    expect((out.args[0] as Uint8Array).buffer.byteLength).toBe(2);
    const twice = checkArgs("f", B2, [buffer, buffer], true);
    expect(twice.args[0]).toBe(buffer);
    expect(twice.args[1]).not.toBe(buffer);
    expect(new Set(twice.transfer).size).toBe(2);
  });
});
