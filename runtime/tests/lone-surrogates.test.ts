// Strings cross exactly, lone surrogates included, in every direction and at every size: the engine's strings are read
// and written as UTF-8, where a lone surrogate became three U+FFFD (a returned "\ud800" arrived as "���"). A string
// that could not cross that way goes through JSON, whose escapes are exact (guest/codec.js and src/codec.ts send only
// well-formed big strings in the sidecar; guest-run.ts takes the codec for a primitive that reads with U+FFFD).
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const BIG = 70_000; // past the 64 Ki characters from which strings travel in the sidecar
const echo = { h: { echo: (x: unknown) => x, look: (s: string) => [s.length, s.charCodeAt(s.length - 1)] } };

describe("lone surrogates", () => {
  it.each([
    ["a lone high surrogate", '"\\ud800"', "\ud800"],
    ["a lone low surrogate inside text", '"x\\udc00y"', "x\udc00y"],
    ["a big string ending in one", `"a".repeat(${BIG}) + "\\ud83d"`, `${"a".repeat(BIG)}\ud83d`],
    ["a genuine U+FFFD", '"\\ufffd ok"', "\ufffd ok"],
    ["a surrogate pair", '"\\ud83d\\ude00"', "\ud83d\ude00"],
  ])("return %s exactly, alone and in an array", async (_, expr, expected) => {
    expect(await valueOf(sandbox, `return ${expr}`)).toBe(expected);
    expect(await valueOf(sandbox, `return [${expr}]`)).toEqual([expected]);
  });

  it("reach a host function and come back from it exactly, big or small", async () => {
    const [small, big] = await valueOf<[string, string]>(sandbox, { source: `return [await h.echo("\\udfff"), await h.echo("b".repeat(${BIG}) + "\\ud800")]`, hostFunctions: echo });
    expect(small).toBe("\udfff");
    expect(big).toBe(`${"b".repeat(BIG)}\ud800`);
    expect(await valueOf(sandbox, { source: `return await h.look("c".repeat(${BIG}) + "\\udc01")`, hostFunctions: echo })).toEqual([BIG + 1, 0xdc01]);
  });

  it("arrive from the host exactly, big or small", async () => {
    const give = { h: { small: () => "\ud800!", big: () => `${"d".repeat(BIG)}\udfff` } };
    const seen = await valueOf(sandbox, { source: "const a = await h.small(), b = await h.big(); return [a.charCodeAt(0), a.length, b.length, b.charCodeAt(b.length - 1)]", hostFunctions: give });
    expect(seen).toEqual([0xd800, 2, BIG + 1, 0xdfff]);
  });

  it("are written to the console and kept in an error's message exactly", async () => {
    const logged = await sandbox.run({ source: 'console.log("a\\ud800b", "\\udc00"); console.log("\\ud83d\\ude00 \\ufffd"); return 1' });
    expect(logged.logs.map((line) => line.message)).toEqual(["a\ud800b \udc00", "\ud83d\ude00 \ufffd"]);
    const thrown = await sandbox.run({ source: 'throw new RangeError("x\\udfffy")' });
    expect(!thrown.ok && thrown.error.message).toContain("x\udfffy");
  });
});
