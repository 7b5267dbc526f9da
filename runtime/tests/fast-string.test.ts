// Strings copied between the host and the engine by fast-string.ts: the same text the library's own calls give, and
// a guest string read exactly (U+0000 and lone surrogates included), short or long.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStringFast, newStringFast, readGuestString } from "../src/fast-string.js";
import { rawEngine } from "./raw-engine.js";

let engine: Awaited<ReturnType<typeof rawEngine>>;
beforeAll(async () => (engine = await rawEngine()));
afterAll(() => engine.done());

const long = (unit: string) => unit.repeat(Math.ceil((1 << 20) / unit.length));
const texts = ["", "a", "plain ascii", "é ÿ", "€uro", "\ud83d\ude00 smile", long("row,é,€,\ud83d\ude00\n"), long("x")];

describe("fast strings", () => {
  it("read what getString() reads, for short and long text of every width", () => {
    const { ctx } = engine;
    for (const text of texts) {
      const handle = newStringFast(ctx, text);
      expect(getStringFast(ctx, handle)).toBe(ctx.getString(handle));
      expect(getStringFast(ctx, handle)).toBe(text);
      handle.dispose();
    }
  });

  it("read a guest string exactly, U+0000 and lone surrogates included, short or long", () => {
    const { ctx } = engine;
    for (const text of ["a\u0000b", "\ud800", "x\udc00y\u0000", long("a\u0000\ud800é"), ...texts]) {
      const made = ctx.unwrapResult(ctx.evalCode(`JSON.parse(${JSON.stringify(JSON.stringify(text))})`));
      expect(readGuestString(ctx, made)).toBe(text);
      made.dispose();
    }
  });
});
