// What a guest returns or passes to the host is encoded by the guest codec (guest/codec.js), and some guest values
// try to make that encode lie or loop:
// - a Map, a Set, or an object owning a "\u0000" key that holds itself: each crossed as a fresh tag at every meeting,
//   so JSON.stringify never saw the cycle and walked it until the CPU or stack limit (seconds of CPU, then
//   E_CPU_TIME or E_STACK_OVERFLOW). Each container now has one tag per encode, and the cycle is refused as any is;
// - a Proxy or getter that hides its "\u0000" key when the codec looks and shows it when JSON.stringify reads it,
//   which forged a tag (two fields sharing one buffer, a Date or BigInt from made-up data, an E_INTERNAL on the host).
//   The key is now checked where JSON.stringify reads it, and such a value cannot cross.
// Both hold with the codec's hooks and with the builtins frozen (brandTag), as a result and as a host call's argument.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
// A generous CPU limit: the loop this file guards against then ends at the stack limit, not the CPU one.
const limits = { cpuMs: 30_000, wallMs: 60_000 };
const FREEZE = "for (const c of [Date, Map, Set, Error, RegExp, ArrayBuffer, DataView, Object.getPrototypeOf(Uint8Array), Object, Array]) Object.freeze(c.prototype);";

const cycles: Array<[string, string]> = [
  ["a Map that holds itself", "const v = new Map(); v.set(1, v);"],
  ["a Set that holds itself", "const v = new Set(); v.add(v);"],
  ["a Map that holds itself as a key", "const v = new Map(); v.set(v, 1);"],
  ["an object that reaches itself through a Map", "const v = {}; v.m = new Map([['k', v]]);"],
  ["an object owning a \"\\u0000\" key that holds itself", "const v = { '\\u0000': 'm' }; v.self = v;"],
];

describe("a container that holds itself", () => {
  for (const [mode, prefix] of [["with the codec's hooks", ""], ["with the builtins frozen", FREEZE]]) {
    it.each(cycles)(`is refused as a cycle when returned, ${mode}: %s`, async (_, make) => {
      const error = await errorOf(sandbox, { source: `${prefix} ${make} return v`, limits });
      expect(error.code).toBe("E_RESULT_UNSERIALIZABLE");
      expect(error.message).toMatch(/cycle/);
    });

    it.each(cycles)(`is a catchable TypeError as a host call's argument, ${mode}: %s`, async (_, make) => {
      const seen: unknown[] = [];
      const value = await valueOf(sandbox, { source: `${prefix} ${make} try { await h.take(v); return 'sent' } catch (e) { return [e.name, /circular|cycle/.test(e.message)] }`, hostFunctions: { h: { take: (v: unknown) => void seen.push(v) } }, limits });
      expect(value).toEqual(["TypeError", true]);
      expect(seen).toEqual([]);
    });
  }

  it("still crosses a Map met twice, not in a cycle, as two equal copies", async () => {
    const value = await valueOf<{ x: Map<string, number>; y: Map<string, number> }>(sandbox, "const m = new Map([['a', 1]]); return { x: m, y: m, list: [m, m] }");
    expect(value.x).toEqual(new Map([["a", 1]]));
    expect(value.y).toEqual(new Map([["a", 1]]));
    expect(value.x).not.toBe(value.y);
  });
});

/** Guest objects whose "\u0000" key is missing when first read and present when JSON.stringify reads it. */
const forgeries: Array<[string, string]> = [
  ["a Proxy", `let n = 0; const v = new Proxy({}, {
      get(t, k) { if (k === "\\u0000") return n++ === 0 ? undefined : "b"; if (k === "k") return "Uint8Array"; if (k === "i") return 0; return undefined; },
      ownKeys() { return ["\\u0000", "k", "i"]; },
      getOwnPropertyDescriptor() { return { value: undefined, enumerable: true, configurable: true, writable: true }; } });`],
  ["a getter", `let n = 0; const v = { get "\\u0000"() { return n++ === 0 ? undefined : "i"; }, v: "zz" };`],
];

describe("an object whose \"\\u0000\" key appears while it is encoded", () => {
  for (const [mode, prefix] of [["with the codec's hooks", ""], ["with the builtins frozen", FREEZE]]) {
    it.each(forgeries)(`cannot cross as a result, ${mode}: %s`, async (_, make) => {
      const error = await errorOf(sandbox, `${prefix} ${make} return { a: v, pad: new Uint8Array(2) }`);
      expect(error.code).toBe("E_RESULT_UNSERIALIZABLE");
      expect(error.message).toMatch(/changed while it was encoded/);
    });

    it.each(forgeries)(`cannot cross as an argument, ${mode}: %s`, async (_, make) => {
      const seen: unknown[] = [];
      const value = await valueOf(sandbox, { source: `${prefix} ${make} try { await h.take([v, new Date(1)]); return 'sent' } catch (e) { return e.name }`, hostFunctions: { h: { take: (v: unknown) => void seen.push(v) } } });
      expect(value).toBe("TypeError");
      expect(seen).toEqual([]);
    });
  }

  it("drops an own \"\\u0000\" key whose value is undefined, as JSON drops undefined", async () => {
    expect(await valueOf(sandbox, "return { '\\u0000': undefined, x: 1, d: new Date(2) }")).toEqual({ x: 1, d: new Date(2) });
  });
});
