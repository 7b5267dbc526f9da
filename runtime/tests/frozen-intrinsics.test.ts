// A guest that freezes, seals or makes non-extensible the builtin prototypes (as SES-style hardening does) still
// returns values and calls the host: the guest codec cannot install its toJSON hooks then, and checks each value's
// own brand instead (guest/codec.js brandTag). Before, every result and argument that was not a list of primitives
// failed ("cannot encode: the guest froze a builtin prototype"), even `{ a: 1 }`.
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const PROTOTYPES = "[Date, Map, Set, Error, RegExp, ArrayBuffer, DataView, Object.getPrototypeOf(Uint8Array), Object, Array]";
const VALUE = `{ a: 1, u: undefined, z: -0, n: NaN, b: 10n, d: new Date(5), bad: new Date(NaN), m: new Map([[1, new Set([2])]]),
  u8: new Uint8Array([1, 2]), f: new Float32Array([1.5]), dv: new DataView(new Uint8Array([7, 8]).buffer), ab: new ArrayBuffer(3),
  e: new TypeError("t"), r: /x/gi, big: "y".repeat(70000), forged: { "\\u0000": "d", v: 1 }, list: [undefined, new Date(6)] }`;

/** The value every case must give back, as the host sees it. */
function expectWhole(v: Record<string, unknown>) {
  expect(v).toMatchObject({ a: 1, n: NaN, b: 10n, d: new Date(5), m: new Map([[1, new Set([2])]]), r: /x/gi });
  // An Error crosses as its name and message (an Error whose name is "TypeError").
  expect([(v.e as Error).name, (v.e as Error).message]).toEqual(["TypeError", "t"]);
  expect("u" in v && v.u === undefined).toBe(true);
  expect(Object.is(v.z, -0)).toBe(true);
  expect(Number.isNaN((v.bad as Date).getTime())).toBe(true);
  expect(v.u8).toEqual(new Uint8Array([1, 2]));
  expect(v.f).toEqual(new Float32Array([1.5]));
  expect(v.dv).toBeInstanceOf(DataView);
  expect(new Uint8Array((v.dv as DataView).buffer)).toEqual(new Uint8Array([7, 8]));
  expect(v.ab).toBeInstanceOf(ArrayBuffer);
  expect((v.big as string).length).toBe(70000);
  expect(v.forged).toEqual({ "\u0000": "d", v: 1 });
  expect(v.list).toEqual([undefined, new Date(6)]);
}

describe("values cross whole when the guest hardened its builtins", () => {
  it.each([
    ["every prototype frozen", `for (const c of ${PROTOTYPES}) Object.freeze(c.prototype);`],
    ["Date.prototype frozen", "Object.freeze(Date.prototype);"],
    ["Map.prototype sealed", "Object.seal(Map.prototype);"],
    ["Error.prototype not extensible", "Object.preventExtensions(Error.prototype);"],
    ["toJSON defined non-configurable on RegExp.prototype", "Object.defineProperty(RegExp.prototype, 'toJSON', { value: undefined, configurable: false });"],
  ])("returns them with %s", async (_, harden) => {
    expectWhole(await valueOf(sandbox, { source: `${harden} return ${VALUE}` }));
  });

  it("passes them to a host function and takes its answer back", async () => {
    const seen: unknown[] = [];
    const back = await valueOf<Record<string, unknown>>(sandbox, {
      source: `for (const c of ${PROTOTYPES}) Object.freeze(c.prototype); const v = await h.echo(${VALUE}); return v`,
      hostFunctions: { h: { echo: (x: unknown) => (seen.push(x), x) } },
    });
    expectWhole(seen[0] as Record<string, unknown>);
    expectWhole(back);
  });

  it("still refuses a forged brand, as the hooks do", async () => {
    const result = await sandbox.run({ source: "Object.freeze(Map.prototype); return { x: { [Symbol.toStringTag]: 'Map' } }" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("E_RESULT_UNSERIALIZABLE");
  });
});
