import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("guest source is the body of an async function", () => {
  it("returns the value of a top-level return", async () => {
    expect(await valueOf(sandbox, "return 1 + 1")).toBe(2);
  });

  it("supports top-level await", async () => {
    expect(await valueOf(sandbox, "const x = await Promise.resolve(20); return x + 1")).toBe(21);
  });

  it("returns undefined when nothing is returned", async () => {
    const result = await sandbox.run({ source: "const a = 1;" });
    expect(result.ok && result.value).toBeUndefined();
    expect(result.ok).toBe(true);
  });

  it("runs promise chains, async functions, generators and classes", async () => {
    const value = await valueOf(sandbox, `
      class Counter { #n = 0; inc() { return ++this.#n; } }
      const c = new Counter(); c.inc(); c.inc();
      function* gen() { yield 1; yield 2; }
      const sum = [...gen()].reduce((a, b) => a + b, 0);
      const chained = await Promise.all([1, 2, 3].map(async (n) => n * 2));
      const settled = await Promise.allSettled([Promise.reject(new Error("x")), 1]);
      return { count: c.inc(), sum, chained, settled: settled.map((s) => s.status) };
    `);
    expect(value).toEqual({ count: 3, sum: 3, chained: [2, 4, 6], settled: ["rejected", "fulfilled"] });
  });

  it("returns standard values with their types", async () => {
    const value = await valueOf<Record<string, unknown>>(sandbox, `return {
      map: new Map([["a", 1]]), set: new Set([1, 2]), date: new Date(Date.UTC(2024, 0, 2)),
      bytes: new Uint8Array([1, 2, 255]), floats: new Float64Array([1.5]), big: 12345678901234567890n,
      nan: NaN, inf: -Infinity, negZero: -0, undef: undefined, nested: [undefined, null, { re: /a+b/gi }],
      err: new RangeError("bad"),
    }`);
    expect(value.map).toEqual(new Map([["a", 1]]));
    expect(value.set).toEqual(new Set([1, 2]));
    expect(value.date).toEqual(new Date(Date.UTC(2024, 0, 2)));
    expect(value.bytes).toBeInstanceOf(Uint8Array);
    expect([...(value.bytes as Uint8Array)]).toEqual([1, 2, 255]);
    expect(value.floats).toBeInstanceOf(Float64Array);
    expect(value.big).toBe(12345678901234567890n);
    expect(value.nan).toBeNaN();
    expect(value.inf).toBe(-Infinity);
    expect(Object.is(value.negZero, -0)).toBe(true);
    expect("undef" in value && value.undef === undefined).toBe(true);
    expect(value.nested).toEqual([undefined, null, { re: /a+b/gi }]);
    expect(value.err).toBeInstanceOf(Error);
    expect((value.err as Error).name).toBe("RangeError");
  });

  it("drops functions and symbols by JSON's rule", async () => {
    expect(await valueOf(sandbox, "return { f() {}, s: Symbol('x'), list: [() => 1, 2], keep: 1 }")).toEqual({ list: [null, 2], keep: 1 });
  });

  it("refuses a cyclic result with a named error instead of looping", async () => {
    const error = await errorOf(sandbox, "const a = { b: {} }; a.b.a = a; return a");
    expect(error.code).toBe("E_RESULT_UNSERIALIZABLE");
    expect(error.message).toMatch(/cycle/);
  });

  it("keeps an object whose key collides with the codec's tag", async () => {
    expect(await valueOf(sandbox, 'return { "\\u0000": "u", x: 1 }')).toEqual({ "\u0000": "u", x: 1 });
  });
});

describe("errors", () => {
  it("reports an uncaught guest error with name, message and guest-only stack", async () => {
    const error = await errorOf(sandbox, { source: "function explode() {\n  throw new TypeError('bad input');\n}\nexplode();", filename: "job.js" });
    expect(error.code).toBe("E_GUEST_ERROR");
    expect(error.name).toBe("TypeError");
    expect(error.message).toBe("bad input");
    expect(error.guestStack).toContain("explode (job.js:2:");
    expect(error.guestStack).not.toMatch(/capsule:|\/work\/|node_modules|\.ts:/);
  });

  it("reports the user's own line and column for a syntax error", async () => {
    const error = await errorOf(sandbox, "const a = 1;\nconst b = ;\nreturn a");
    expect(error.code).toBe("E_SYNTAX");
    expect(error.name).toBe("SyntaxError");
    expect(error.message).toContain("main.js:2:11");
  });

  it("reports line 1 columns without the wrapper's offset", async () => {
    const error = await errorOf(sandbox, "return )");
    expect(error.code).toBe("E_SYNTAX");
    expect(error.message).toContain("main.js:1:8");
  });

  it("reports a thrown non-error value", async () => {
    const error = await errorOf(sandbox, "throw 'plain string'");
    expect(error).toMatchObject({ code: "E_GUEST_ERROR", message: "plain string" });
  });

  it("reports a rejected top-level await", async () => {
    const error = await errorOf(sandbox, "await Promise.reject(new SyntaxError('late'))");
    expect(error).toMatchObject({ code: "E_GUEST_ERROR", name: "SyntaxError", message: "late" });
  });

  it("fails fast when the guest awaits a promise nothing can settle", async () => {
    const error = await errorOf(sandbox, "await new Promise(() => {}); return 1");
    expect(error.code).toBe("E_NEVER_SETTLES");
  });

  it("refuses a source longer than MAX_SOURCE_LENGTH, and takes one at the limit", async () => {
    const { MAX_SOURCE_LENGTH } = await import("../src/limits.js");
    const over = await errorOf(sandbox, "return 1;" + " ".repeat(MAX_SOURCE_LENGTH - 8));
    expect(over.code).toBe("E_BAD_REQUEST");
    expect(over.message).toContain(String(MAX_SOURCE_LENGTH));
    expect(await valueOf(sandbox, { source: "return 1;" + " ".repeat(MAX_SOURCE_LENGTH - 9), limits: { cpuMs: 20_000, wallMs: 30_000 } })).toBe(1);
  });

  it("refuses a malformed request with E_BAD_REQUEST", async () => {
    expect((await errorOf(sandbox, { source: 42 as unknown as string })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "1", filename: "../etc/passwd" })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "1", seed: -1 })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "1", now: "not a date" })).code).toBe("E_BAD_REQUEST");
  });
});

describe("fresh state per run", () => {
  it("never shows one run's globals, prototypes or module state to the next", async () => {
    await valueOf(sandbox, "globalThis.leak = 1; Array.prototype.leaked = true; Object.prototype.polluted = 1; JSON.parse = () => 'hijacked'; return 1");
    for (let i = 0; i < 4; i++) {
      expect(await valueOf(sandbox, "return [typeof leak, typeof [].leaked, typeof ({}).polluted, JSON.parse('2')]")).toEqual(["undefined", "undefined", "undefined", 2]);
    }
  });
});
