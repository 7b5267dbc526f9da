// Host answers in QuickJS's binary object format (binary-writer.ts, binary-reader.ts): for every plain JSON value the
// guest gets what the JSON path gives it, the JSON length the limits count is exact, and anything the JSON path
// would not send as plain JSON is refused (so it keeps its tags and replacer).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuickJSContext } from "quickjs-emscripten-core";
import { worthBinary, writeBinary } from "../src/binary-writer.js";
import { readBinary, readsBinary } from "../src/binary-reader.js";
import { rawEngine } from "./raw-engine.js";
import { useSandbox, valueOf } from "./helpers.js";

let engine: Awaited<ReturnType<typeof rawEngine>>;
let ctx: QuickJSContext;
beforeAll(async () => {
  engine = await rawEngine();
  ctx = engine.ctx;
});
afterAll(() => engine.done());

/** The guest's JSON of what it read from the binary form of `value`. */
function roundTrip(value: unknown): string {
  const written = writeBinary(value, Number.POSITIVE_INFINITY);
  if (!written) throw new Error(`refused: ${JSON.stringify(value)}`);
  expect(written.jsonLength).toBe(JSON.stringify({ v: value }).length);
  const read = readBinary(ctx, written.bytes);
  if ("error" in read) throw new Error(String(ctx.dump(read.error)));
  ctx.setProp(ctx.global, "got", read.value);
  read.value.dispose();
  // Escaped once more: the library reads a lone surrogate out of the engine as U+FFFD.
  return JSON.parse(ctx.getString(ctx.unwrapResult(ctx.evalCode("JSON.stringify(JSON.stringify(got) + '|' + Object.keys(got ?? {}).join())"))));
}
const expected = (value: unknown) => `${JSON.stringify(value)}|${Object.keys(value ?? {}).join()}`;

/** A deterministic generator of plain JSON values of every kind the writer takes. */
function* values(seed: number, count: number): Generator<unknown> {
  let s = seed;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const strings = ["", "a", "é", "€uro", "\ud83d\ude00", "\ud800", "x\udc00y", "\u0000\u0001\u001f", '"\\/\b\f\n\r\t', "ÿ", "\u0100", "__proto__", "constructor", "\u0000", "0", "01", "4294967295", "-1", "1e3"];
  const numbers = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 0.1, -2.5e-308, 1e21, 1e-7, Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53, 123456789.125];
  const make = (depth: number): unknown => {
    const r = next();
    if (depth > 3 || r < 0.3) {
      const k = next();
      if (k < 0.35) return strings[Math.floor(next() * strings.length)];
      if (k < 0.7) return numbers[Math.floor(next() * numbers.length)];
      if (k < 0.8) return next() < 0.5;
      return k < 0.9 ? null : Math.floor(next() * 1e6) - 5e5;
    }
    const n = Math.floor(next() * 6);
    if (r < 0.6) return Array.from({ length: n }, () => make(depth + 1));
    const o: Record<string, unknown> = next() < 0.2 ? Object.create(null) : {};
    // Any key but "\u0000", the codec's tag key, which takes the JSON path's tagged form.
    const keys = strings.filter((k) => k !== "\u0000");
    // Defined, not assigned: assigning "__proto__" would set the prototype (a value the JSON path tags).
    for (let i = 0; i < n; i++) Object.defineProperty(o, next() < 0.5 ? keys[Math.floor(next() * keys.length)]! : String(Math.floor(next() * 20)), { value: make(depth + 1), enumerable: true, writable: true, configurable: true });
    return o;
  };
  for (let i = 0; i < count; i++) yield make(0);
}

describe("binary host answers", () => {
  it("the pinned engine passes the probe", () => {
    expect(readsBinary(ctx)).toBe(true);
  });

  it("give the guest what the JSON path gives it, for every kind of plain JSON value, with the exact JSON length", () => {
    for (const value of values(7, 400)) expect(roundTrip(value)).toBe(expected(value));
    const big = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `row ${i} é€`, score: i * 1.5, ok: i % 2 === 0, none: null }));
    expect(roundTrip(big)).toBe(expected(big));
    expect(roundTrip({ rows: big, count: 3000 })).toBe(expected({ rows: big, count: 3000 }));
    // An atom table larger than the room the writer leaves for it in front of the body (the copying path).
    const wideKeys = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key number ${i} of a table that is long`, i]));
    expect(roundTrip([wideKeys, wideKeys])).toBe(expected([wideKeys, wideKeys]));
  });

  it("keep an own __proto__ key as a key, and integer keys in JSON's order", () => {
    const o = JSON.parse('{"b":1,"__proto__":{"x":1},"2":2,"1":1}');
    expect(roundTrip(o)).toBe(expected(o));
    expect(ctx.dump(ctx.unwrapResult(ctx.evalCode("Object.getPrototypeOf(got) === Object.prototype && Object.hasOwn(got, '__proto__')")))).toBe(true);
  });

  it("refuse what the JSON path sends with its replacer or refuses, so it keeps its exact form", () => {
    class Row { constructor(public id: number) {} }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused = [undefined, -0, NaN, Infinity, 1n, [1, undefined], [1, , 3], { a: undefined }, { f() {} }, { toJSON: () => 1 }, { "\u0000": "u" },
      new Date(0), new Uint8Array(2), new Map(), new Row(1), [new Row(2)], Symbol("s"), "x".repeat(64 * 1024), cyclic];
    for (const value of refused) expect(writeBinary(value, Number.POSITIVE_INFINITY), String(typeof value)).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 2000; i++) deep = [deep];
    expect(writeBinary(deep, Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it("refuse a value whose JSON is longer than the bound, and one with more values than allowed", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ i }));
    const length = JSON.stringify({ v: rows }).length;
    expect(writeBinary(rows, length)?.jsonLength).toBe(length);
    expect(writeBinary(rows, length - 1)).toBeUndefined();
    expect(writeBinary(rows, Number.POSITIVE_INFINITY, { nodes: 150 })).toBeUndefined();
  });

  it("are worth it only for big arrays", () => {
    expect(worthBinary(Array.from({ length: 64 }, () => 1))).toBe(true);
    expect(worthBinary({ rows: Array.from({ length: 64 }, () => 1) })).toBe(true);
    expect(worthBinary([1, 2, 3])).toBe(false);
    expect(worthBinary({ a: 1 })).toBe(false);
    expect(worthBinary("x".repeat(100_000))).toBe(false);
    // Never looked into: typed arrays, class instances, keys past the first 32.
    expect(worthBinary(new Uint8Array(1 << 20))).toBe(false);
    expect(worthBinary(new (class { rows = Array.from({ length: 64 }, () => 1); })())).toBe(false);
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) wide[`k${i}`] = i;
    wide.rows = Array.from({ length: 64 }, () => 1);
    expect(worthBinary(wide)).toBe(false);
  });
});

describe("binary host answers in a run", () => {
  const sandbox = useSandbox({ maxWorkers: 1 });
  const rows = Array.from({ length: 300 }, (_, i) => JSON.parse(`{"id":${i},"name":"r\u00e9 ${i} \ud83d\ude00 \ud800","__proto__":{"x":${i}},"2":${-i},"1":${i / 3},"ok":${i % 2 === 0},"none":null}`));
  const answer = { rows, count: rows.length, nested: [[rows.slice(0, 3)]] };
  const source = "const got = await data.get(); return { got, plain: Object.getPrototypeOf(got.rows[1]) === Object.prototype && Object.hasOwn(got.rows[1], '__proto__'), keys: Object.keys(got.rows[1]).join() }";

  it("give the guest what the JSON path does (a traced run takes it), own __proto__ keys and key order included", async () => {
    const run = (traced: boolean) => valueOf<{ got: unknown; plain: boolean; keys: string }>(sandbox, { source, hostFunctions: { data: { get: () => answer } }, ...(traced ? { onEvent: () => {} } : {}) });
    const [binary, json] = [await run(false), await run(true)];
    expect(binary).toEqual(json);
    expect(binary.got).toEqual(answer);
    expect(binary).toMatchObject({ plain: true, keys: "1,2,id,name,__proto__,ok,none" });
  });

  it("are held to limits.hostDataBytes by their exact JSON length", async () => {
    const size = JSON.stringify({ v: answer }).length;
    const within = await sandbox.run({ source: "return (await data.get()).count", hostFunctions: { data: { get: () => answer } }, limits: { hostDataBytes: size } });
    expect(within).toMatchObject({ ok: true, value: 300 });
    const over = await sandbox.run({ source: "return (await data.get()).count", hostFunctions: { data: { get: () => answer } }, limits: { hostDataBytes: size - 1 } });
    expect(over).toMatchObject({ ok: false, error: { code: "E_HOST_DATA_TOO_LARGE" } });
  });

  it("take the JSON path when nested deeper than the guest's stack reads them in the binary form", async () => {
    // The engine's reader recurses on the C stack: 500 levels overflowed a 64 KiB stack that JSON.parse took them in.
    const deep = (levels: number) => {
      let v: Record<string, unknown> = { end: levels };
      for (let i = 0; i < levels; i++) v = { a: v };
      return { v, pad: Array.from({ length: 64 }, (_, i) => i) };
    };
    const depthOf = "let d = 0, v = (await data.get()).v; while (v.a) { v = v.a; d++ } return [d, v.end]";
    for (const [stackBytes, levels] of [[64 * 1024, 500], [128 * 1024, 990]] as const) {
      for (const traced of [false, true]) {
        const value = await valueOf(sandbox, { source: depthOf, hostFunctions: { data: { get: () => deep(levels) } }, limits: { stackBytes }, ...(traced ? { onEvent: () => {} } : {}) });
        expect(value).toEqual([levels, levels]);
      }
    }
  });

  it("give the guest what an array's own toJSON returns, as the JSON path does", async () => {
    const list = Object.assign(Array.from({ length: 100 }, (_, i) => i), { toJSON: () => "replaced" });
    for (const traced of [false, true]) {
      expect(await valueOf(sandbox, { source: "return await data.get()", hostFunctions: { data: { get: () => ({ list }) } }, ...(traced ? { onEvent: () => {} } : {}) })).toEqual({ list: "replaced" });
      expect(await valueOf(sandbox, { source: "return await data.get()", hostFunctions: { data: { get: () => list } }, ...(traced ? { onEvent: () => {} } : {}) })).toBe("replaced");
    }
  });

  it("end a run whose guest memory they outgrow with E_MEMORY, as the JSON path does, caught or not", async () => {
    const big = Array.from({ length: 120_000 }, (_, i) => ({ id: i, name: `row ${i}`, tags: ["a", "b"] }));
    for (const body of ["return (await data.get()).length", "try { return (await data.get()).length } catch (e) { return String(e) }"]) {
      for (const traced of [false, true]) {
        const result = await sandbox.run({ source: body, hostFunctions: { data: { get: () => big } }, limits: { memoryBytes: 8 * 1024 * 1024, hostDataBytes: 64 * 1024 * 1024 }, ...(traced ? { onEvent: () => {} } : {}) });
        expect(result).toMatchObject({ ok: false, error: { code: "E_MEMORY" } });
      }
    }
    expect(await valueOf(sandbox, "return 1")).toBe(1);
  });
});
