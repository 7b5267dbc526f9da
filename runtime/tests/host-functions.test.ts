import { describe, expect, it } from "vitest";
import { defaultPolicy, sideEffecting } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("host functions as namespaced globals", () => {
  it("exposes namespaces whose calls return promises of copies", async () => {
    const calls: unknown[] = [];
    const value = await valueOf(sandbox, {
      source: "const p = users.find(7); const isPromise = p instanceof Promise; const u = await p; u.name = 'changed'; return { isPromise, u, again: await users.find(7) }",
      hostFunctions: { users: { find: async (id: number) => { calls.push(id); return { id, name: `user ${id}` }; } } },
    });
    expect(value).toEqual({ isPromise: true, u: { id: 7, name: "changed" }, again: { id: 7, name: "user 7" } });
    expect(calls).toEqual([7, 7]);
  });

  it("calls synchronous host functions too, with the namespace as this", async () => {
    const ns = { base() { return 10; }, add(this: { base(): number }, n: number) { return this.base() + n; } };
    expect(await valueOf(sandbox, { source: "return await calc.add(5)", hostFunctions: { calc: ns } })).toBe(15);
  });

  it("moves bytes both ways as real Uint8Arrays", async () => {
    let received: unknown;
    const value = await valueOf<Uint8Array>(sandbox, {
      source: "const out = await bytes.reverse(new Uint8Array([1, 2, 3, 250])); return [out instanceof Uint8Array, Array.from(out)]",
      hostFunctions: { bytes: { reverse: (b: Uint8Array) => { received = b; return Uint8Array.from(b).reverse(); } } },
    });
    expect(received).toBeInstanceOf(Uint8Array);
    expect([...(received as Uint8Array)]).toEqual([1, 2, 3, 250]);
    expect(value).toEqual([true, [250, 3, 2, 1]]);
  });

  it("carries Date, undefined, NaN, Infinity, -0, bigint, Map, Set and big strings both ways", async () => {
    const big = "x".repeat(200_000);
    let seen: unknown[] = [];
    const value = await valueOf<unknown[]>(sandbox, {
      source: "const big = 'x'.repeat(200000); const back = await echo.all([new Date(5), undefined, NaN, Infinity, -0, 10n, new Map([[1, 2]]), new Set(['a']), big]); return back.map((v) => Object.prototype.toString.call(v) + ':' + (typeof v === 'string' ? v.length : String(v)))",
      hostFunctions: { echo: { all: (list: unknown[]) => { seen = list; return list; } } },
    });
    expect(seen[0]).toEqual(new Date(5));
    expect(seen[1]).toBeUndefined();
    expect(seen[2]).toBeNaN();
    expect(seen[3]).toBe(Infinity);
    expect(Object.is(seen[4], -0)).toBe(true);
    expect(seen[5]).toBe(10n);
    expect(seen[6]).toEqual(new Map([[1, 2]]));
    expect(seen[7]).toEqual(new Set(["a"]));
    expect(seen[8]).toBe(big);
    expect(value).toEqual([
      "[object Date]:Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)".replace(/ \(.*\)$/, "").length ? expect.stringMatching(/^\[object Date\]:Thu Jan 01 1970 00:00:00 GMT\+0000/) : "",
      "[object Undefined]:undefined", "[object Number]:NaN", "[object Number]:Infinity", "[object Number]:0",
      "[object BigInt]:10", "[object Map]:[object Map]", "[object Set]:[object Set]", "[object String]:200000",
    ]);
  });

  it("carries strings back after they grew the engine's memory (no stale views of old memory)", async () => {
    const text = "y".repeat(7_000_000);
    const value = await valueOf(sandbox, {
      source: "const t = await h.get(); return [t.length, await h.len(t)]",
      limits: { memoryBytes: 256 * 1024 * 1024, hostDataBytes: 32 * 1024 * 1024 },
      hostFunctions: { h: { get: () => text, len: (x: string) => [typeof x, x.length] } },
    });
    expect(value).toEqual([7_000_000, ["string", 7_000_000]]);
  });

  it("refuses a cyclic argument in the guest without calling the host", async () => {
    let called = false;
    const error = await errorOf(sandbox, { source: "const a = {}; a.a = a; await svc.take(a)", hostFunctions: { svc: { take: () => { called = true; } } } });
    expect(called).toBe(false);
    expect(error.code).toBe("E_GUEST_ERROR");
    expect(error.message).toMatch(/circular/i);
  });

  it("drops functions passed as arguments by JSON's rule", async () => {
    let seen: unknown;
    await valueOf(sandbox, { source: "await svc.take({ f() {}, keep: 1, list: [() => 1] })", hostFunctions: { svc: { take: (v: unknown) => { seen = v; } } } });
    expect(seen).toEqual({ keep: 1, list: [null] });
  });
});

describe("host errors reach the guest as plain errors", () => {
  it("with name and message only: no host stack, no host path", async () => {
    const value = await valueOf<Record<string, unknown>>(sandbox, {
      source: "try { await db.query('x') } catch (e) { return { isError: e instanceof Error, name: e.name, message: e.message, stack: String(e.stack) } }",
      hostFunctions: { db: { query: async () => { const e = new TypeError(`cannot open ${import.meta.url.replace("file://", "")}`); throw e; } } },
    });
    expect(value.isError).toBe(true);
    expect(value.name).toBe("TypeError");
    expect(value.message).toMatch(/^cannot open <host>$/);
    expect(String(value.stack)).not.toMatch(/node:|\/work\/|\.ts/);
  });

  it("with the code their message is led by as e.code: the host's own, or the runtime's (E_POLICY_DENIED)", async () => {
    const source = "const codes = []; for (const f of [s.coded, s.plain, s.denied]) { try { await f() } catch (e) { codes.push(e.code ?? null) } } return codes";
    const hostFunctions = { s: { coded: () => { throw Object.assign(new Error("no funds"), { code: "E_NO_FUNDS" }); }, plain: () => { throw new Error("E_ but not a code"); }, denied: sideEffecting(() => 1) } };
    expect(await valueOf(sandbox, { source, hostFunctions, policy: defaultPolicy() })).toEqual(["E_NO_FUNDS", null, "E_POLICY_DENIED"]);
  });

  it("turns a thrown non-error into an Error", async () => {
    expect(await valueOf(sandbox, { source: "try { await s.f() } catch (e) { return [e instanceof Error, e.message] }", hostFunctions: { s: { f: () => { throw "nope"; } } } })).toEqual([true, "nope"]);
  });

  it("an uncaught host error fails the run as a guest error", async () => {
    const error = await errorOf(sandbox, { source: "await s.f()", hostFunctions: { s: { f: () => { throw new RangeError("out of range"); } } } });
    expect(error).toMatchObject({ code: "E_GUEST_ERROR", name: "RangeError", message: "out of range" });
  });

  it("refuses a host result that cannot cross", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const error = await errorOf(sandbox, { source: "await s.f()", hostFunctions: { s: { f: () => cyclic } } });
    expect(error.name).toBe("TypeError");
    expect(error.message).toMatch(/cannot cross to the guest.*cycle/);
  });
});

describe("namespace names", () => {
  const bad: Array<[string, Record<string, Record<string, unknown>>]> = [
    ["not an identifier", { "my-ns": { f: () => 1 } }],
    ["a reserved word", { class: { f: () => 1 } }],
    ["the reserved prefix", { __capsule_x: { f: () => 1 } }],
    ["a standard global", { JSON: { f: () => 1 } }],
    ["the console", { console: { f: () => 1 } }],
    ["a refused global", { process: { f: () => 1 } }],
    ["an unsafe function name", { ns: { __proto__x: () => 1, constructor: () => 1 } }],
    ["a non-function", { ns: { f: 42 } }],
    ["a function named with the reserved prefix", { ns: { __capsule: () => 1 } }],
  ];
  it.each(bad)("refuses %s with E_BAD_NAMESPACE", async (_label, hostFunctions) => {
    const error = await errorOf(sandbox, { source: "return 1", hostFunctions: hostFunctions as never });
    expect(error.code).toBe("E_BAD_NAMESPACE");
    expect(error.message.length).toBeGreaterThan(20);
  });

  it("does not let a guest overwrite a namespace's functions", async () => {
    const value = await valueOf(sandbox, { source: "'use strict'; try { users.find = () => 'forged'; } catch {} return await users.find()", hostFunctions: { users: { find: () => "real" } } });
    expect(value).toBe("real");
  });
});
