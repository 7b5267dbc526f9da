// Deeply nested values cross whole, in every direction: the codecs rebuild tagged values (undefined, Dates, Maps…)
// without recursion on both sides (src/codec.ts, guest/codec.js). A recursive rebuild overflowed the host's stack on a
// guest value ~5,000 deep (E_INTERNAL with the host's RangeError) and the guest's on a host answer ~2,000 deep
// (blamed on the guest as E_STACK_OVERFLOW). What the host's own encoder cannot take is refused by name.
import { describe, expect, it } from "vitest";
import { decodeValue, encodeValue } from "../src/codec.js";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const limits = { cpuMs: 30_000, wallMs: 120_000 };
const nest = (depth: number, leaf: string) => `let a = [${leaf}]; for (let i = 0; i < ${depth}; i++) a = [a];`;

/** Depth of nested one-element arrays and what is at the bottom. */
function bottom(value: unknown): [number, unknown] {
  let depth = 0;
  while (Array.isArray(value)) {
    value = value[0];
    depth++;
  }
  return [depth, value];
}

describe("deeply nested values", () => {
  it("returns a guest value 8,000 deep with a tagged leaf", async () => {
    const value = await valueOf(sandbox, { source: nest(8000, "new Date(5)") + " return a", limits });
    const [depth, leaf] = bottom(value);
    expect(depth).toBe(8001);
    expect(leaf).toEqual(new Date(5));
  });

  it("passes a host function an argument 8,000 deep with undefined at the bottom", async () => {
    const seen = await valueOf(sandbox, {
      source: nest(8000, "undefined") + " return await h.look(a)",
      hostFunctions: { h: { look: (a: unknown) => { const [depth, leaf] = bottom(a); return { depth, undefinedLeaf: leaf === undefined }; } } },
      limits,
    });
    expect(seen).toEqual({ depth: 8001, undefinedLeaf: true });
  });

  it("gives the guest a host answer 2,000 deep with a Date at the bottom", async () => {
    const deep = () => { let a: unknown = [new Date(7)]; for (let i = 0; i < 2000; i++) a = [a]; return a; };
    const seen = await valueOf(sandbox, {
      source: "let a = await h.deep(); let d = 0; while (Array.isArray(a)) { a = a[0]; d++; } return [d, a instanceof Date && a.getTime()]",
      hostFunctions: { h: { deep } },
      limits,
    });
    expect(seen).toEqual([2001, 7]);
  });

  it("rebuilds Maps of Maps nested 20,000 deep on the host", () => {
    let json = '{"\\u0000":"u"}';
    for (let i = 0; i < 20_000; i++) json = `{"\\u0000":"m","v":[[${i},${json}]]}`;
    let map = decodeValue({ json: `{"v":${json}}`, tagged: true, side: [] });
    let depth = 0;
    while (map instanceof Map) {
      map = map.get(20_000 - 1 - depth);
      depth++;
    }
    expect(depth).toBe(20_000);
    expect(map).toBeUndefined();
  });

  it("refuses by name a host value too deep for the host's encoder", () => {
    let a: unknown = [new Date(0)];
    for (let i = 0; i < 50_000; i++) a = [a];
    expect(encodeValue(a)).toEqual({ ok: false, message: "the value is nested too deeply to encode; pass flatter data" });
  });
});
