// Strings holding U+0000 cross whole, wherever the host reads a guest string: the engine hands strings out as C
// strings, which end at the first NUL ("a\0b" was read as "a"), so a returned string, a console line and an error's
// message lost everything after it (src/fast-string.ts readGuestString), a host function's error message lost it on
// the way in (crossing.ts newGuestError), and a module whose source held a raw NUL did not parse. Small and big (past the sidecar's 64 Ki), with non-ASCII, astral characters and lone surrogates
// beside the NUL.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const BIG = 70_000; // past the 64 Ki characters from which strings travel in the sidecar
const echo = { h: { echo: (x: unknown) => x, look: (s: string) => [s.length, s.indexOf("\u0000"), s.slice(-4)] } };

const cases: Array<[string, string, string]> = [
  ["a NUL between letters", '"a\\u0000b"', "a\u0000b"],
  ["only NULs", '"\\u0000\\u0000"', "\u0000\u0000"],
  ["a NUL first, then non-ASCII and an astral character", '"\\u0000é😀z"', "\u0000é😀z"],
  ["a NUL beside a lone surrogate", '"\\ud800\\u0000x"', "\ud800\u0000x"],
  ["a big string with a NUL near its end", `"e".repeat(${BIG}) + "\\u0000end"`, `${"e".repeat(BIG)}\u0000end`],
];

describe("strings holding U+0000", () => {
  it.each(cases)("return %s whole, alone and inside a value", async (_, expr, expected) => {
    expect(await valueOf(sandbox, `return ${expr}`)).toBe(expected);
    expect(await valueOf(sandbox, `return { s: ${expr}, list: [${expr}] }`)).toEqual({ s: expected, list: [expected] });
  });

  it.each(cases)("reach a host function and come back from it whole: %s", async (_, expr, expected) => {
    expect(await valueOf(sandbox, { source: `return await h.echo(${expr})`, hostFunctions: echo })).toBe(expected);
    expect(await valueOf(sandbox, { source: `return await h.look(${expr})`, hostFunctions: echo })).toEqual([expected.length, expected.indexOf("\u0000"), expected.slice(-4)]);
  });

  it("load in a module whose source holds a raw NUL, in a string, a template and a comment", async () => {
    const source = 'export const s = "m\u0000n"; export const t = `t\u0000${1}`; // c\u0000omment\nexport const after = 42;';
    const resolver = { resolve: (specifier: string) => (specifier === "@t/nul" ? { specifier, source } : undefined) };
    const value = await valueOf(sandbox, { source: 'import { s, t, after } from "@t/nul"; return [s, t, after]', resolver });
    expect(value).toEqual(["m\u0000n", "t\u00001", 42]);
  });

  it("are written to the console whole", async () => {
    const result = await sandbox.run({ source: `console.log("a\\u0000b"); console.warn("x".repeat(${BIG}) + "\\u0000!"); return 1` });
    expect(result.logs.map((line) => line.message)).toEqual(["a\u0000b", `${"x".repeat(BIG)}\u0000!`]);
  });

  // "\ud800\u0000x" is one the engine's C string reads as three characters, as many as the string has: the lone
  // surrogate's three bytes make up for the tail cut at the NUL, so its length alone cannot tell the read was wrong.
  it.each(cases)("reach the console and an error's message whole: %s", async (_, expr, expected) => {
    const result = await sandbox.run({ source: `console.log(${expr}); throw new Error(${expr})` });
    expect(result.logs.map((line) => line.message)).toEqual([expected]);
    expect(result.ok ? undefined : result.error.message).toContain(expected.slice(0, 200));
  });

  it("keep an error's message and name whole, and a thrown string", async () => {
    const thrown = await errorOf(sandbox, 'const e = new TypeError("before\\u0000after"); e.name = "My\\u0000Error"; throw e');
    expect(thrown.message).toContain("before\u0000after");
    expect(thrown.name).toBe("My\u0000Error");
    expect((await errorOf(sandbox, 'throw "left\\u0000right"')).message).toContain("left\u0000right");
  });

  it("keep a host function's error message and name whole in the guest", async () => {
    const fails = {
      h: {
        fail: () => {
          throw Object.assign(new Error("host\u0000said"), { name: "Host\u0000Error" });
        },
        plain: () => {
          throw new RangeError("no NUL here");
        },
      },
    };
    const seen = await valueOf(sandbox, { source: "const out = []; for (const f of [h.fail, h.plain]) { try { await f() } catch (e) { out.push([e.name, e.message, e instanceof Error]) } } return out", hostFunctions: fails });
    expect(seen).toEqual([["Host\u0000Error", "host\u0000said", true], ["RangeError", "no NUL here", true]]);
  });
});
