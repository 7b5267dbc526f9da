// A run's value crosses as JSON.stringify(value) would say it, plus what JSON cannot say (guest/codec.js): every
// scalar kind exactly, the edge numbers and strings included; and a toJSON the guest put on Object.prototype applies
// to the guest's own objects only, never to the codec's internal wrapper (which would replace the whole value).
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });

describe("scalar results cross exactly", () => {
  const cases: Array<[string, unknown]> = [
    ["return 7", 7],
    ["return -0", -0],
    ["return 0", 0],
    ["return 2 ** 53 + 2", 2 ** 53 + 2],
    ["return 1.5e-300", 1.5e-300],
    ["return NaN", NaN],
    ["return -Infinity", -Infinity],
    ["return ''", ""],
    ["return 'a\\u0000b'", "a\u0000b"],
    ["return '\\ud800 lone'", "\ud800 lone"],
    ["return 'x'.repeat(70000)", "x".repeat(70000)],
    ["return true", true],
    ["return null", null],
    ["return 10n ** 20n", 10n ** 20n],
  ];
  for (const [source, expected] of cases) {
    it(`${source.slice(0, 30)}`, async () => {
      expect(await valueOf(sandbox, { source })).toBe(expected);
    });
  }

  it("a run that returns nothing, or undefined, has the value undefined", async () => {
    for (const source of ["const a = 1", "return undefined", "return void 0"]) {
      const result = await sandbox.run({ source });
      expect(result.ok).toBe(true);
      expect(result.ok && result.value).toBeUndefined();
    }
  });
});

describe("a toJSON on Object.prototype applies as in JSON.stringify(value)", () => {
  // The guest's toJSON replaces any object that has a "v" key, as the codec's old wrapper { v: value } had.
  const poison = "Object.defineProperty(Object.prototype, 'toJSON', { value: function () { return 'v' in this ? { v: 'seen' } : this }, configurable: true });";
  const cases: Array<[string, unknown]> = [
    ["return 5", 5],
    ["return 'text'", "text"],
    ["return undefined", undefined],
    ["return [1, 2]", [1, 2]],
    ["return { a: 1, list: [{ b: 2 }] }", { a: 1, list: [{ b: 2 }] }],
    ["return new Map([[1, 2]])", new Map([[1, 2]])],
    // The guest's own object with a "v" key is the guest's: JSON.stringify would call its toJSON too.
    ["return { v: 1 }", { v: "seen" }],
  ];
  for (const [tail, expected] of cases) {
    it(tail, async () => {
      expect(await valueOf(sandbox, { source: `${poison} ${tail}` })).toEqual(expected);
    });
  }
});

describe("an encode nested in another keeps each one's tags", () => {
  // A getter read while a host call's arguments are encoded calls another host function: its arguments are encoded
  // inside the first encode. The codec's hooks are made once and work on the encode in progress (guest/codec.js).
  it("a getter that calls a host function mid-encode: both calls and the run's value cross whole", async () => {
    const seen: unknown[] = [];
    const value = await valueOf(sandbox, {
      source: `const arg = { a: new Date(0), get g() { h.record(new Date(5), new Map([["k", 1n]])); return "got"; }, m: new Map([[1, new Uint8Array([7])]]) };
        const back = await h.take(arg);
        return { back, after: new Set([new Date(9)]) };`,
      hostFunctions: { h: { take: (arg: unknown) => (seen.push(["take", arg]), arg), record: (...args: unknown[]) => void seen.push(["record", ...args]) } },
    });
    expect(seen).toEqual([
      ["record", new Date(5), new Map([["k", 1n]])],
      ["take", { a: new Date(0), g: "got", m: new Map([[1, new Uint8Array([7])]]) }],
    ]);
    expect(value).toEqual({ back: { a: new Date(0), g: "got", m: new Map([[1, new Uint8Array([7])]]) }, after: new Set([new Date(9)]) });
  });
});

describe("the codec's own bookkeeping ignores what the guest put on Array.prototype", () => {
  // The engine's own JSON.stringify fills internal arrays through such setters (a guest can observe that, and only
  // hurt itself); the codec's saved toJSON descriptors must not go through them, or the restore would delete the
  // builtin Date.prototype.toJSON.
  it("index setters on Array.prototype do not lose Date.prototype.toJSON or the value's tags", async () => {
    const value = await valueOf(sandbox, {
      source: `for (let i = 0; i < 8; i++) Object.defineProperty(Array.prototype, i, { set() {}, configurable: true });
        const back = await h.take({ d: new Date(0), m: new Map([[1, 2]]) });
        for (let i = 0; i < 8; i++) delete Array.prototype[i];
        return [typeof Date.prototype.toJSON, back.d instanceof Date, back.m instanceof Map];`,
      hostFunctions: { h: { take: (arg: unknown) => arg } },
    });
    expect(value).toEqual(["function", true, true]);
  });
});

describe("a built-in prototype frozen while a value is encoded", () => {
  // A getter read mid-encode freezes Date.prototype, where the codec's toJSON hook sits: that hook cannot be taken off
  // again. Every other prototype is still restored, and the call fails with a TypeError that says why.
  it("fails that encode with a clear TypeError and restores every other prototype", async () => {
    const value = await valueOf(sandbox, {
      source: `let error;
        try { await h.take({ get x() { Object.freeze(Date.prototype); return 1; }, m: new Map([[1, 2]]) }); } catch (e) { error = e; }
        const later = await h.take({ m: new Map([[3, 4]]), s: new Set([5]) });
        return [error instanceof TypeError, String(error && error.message), Object.getOwnPropertyNames(Map.prototype).includes("toJSON"), Object.getOwnPropertyNames(Set.prototype).includes("toJSON"), later.m.get(3), later.s.has(5)];`,
      hostFunctions: { h: { take: (arg: unknown) => arg } },
    });
    expect(value).toEqual([true, expect.stringMatching(/^Date\.prototype was frozen, sealed or made non-extensible while a value was being encoded/), false, false, 4, true]);
  });
});
