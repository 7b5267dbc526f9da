// The scope-aware scan of bundled output: free references to forbidden globals are refusals, guarded
// feature tests are warnings, shadowed names and property names are not references, globalThis.X counts
// as X, and import() needs a literal. Code that does not run at module load is only a warning
// (forbidden-global-deferred), branches dead in a guest and code inside a catching try are guarded, and
// eval/Function count only where they generate code.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { FORBIDDEN_GLOBALS, scanSource, type ScanFinding } from "../src/index.js";
import { STANDARD_GLOBALS } from "@capsule/runtime";
import { GUEST_GLOBAL_TYPEOF } from "../src/forbidden-globals.js";
import { FIXTURES } from "./helpers.js";

function scanFixture(name: string): ScanFinding[] {
  const r = scanSource(readFileSync(path.join(FIXTURES, "scan", name), "utf8"));
  if (!r.ok) throw new Error(r.message);
  return r.findings;
}
const brief = (fs: ScanFinding[]) => fs.map((f) => [f.code, f.name ?? null, f.line]);

describe("not references", () => {
  test("local bindings shadowing forbidden names", () => {
    expect(scanFixture("shadowed.js")).toEqual([]);
  });

  test("member properties, object keys, class members and labels", () => {
    expect(scanFixture("members.js")).toEqual([]);
  });

  test("a local binding named globalThis is not the global object", () => {
    expect(scanFixture("shadowed-global-object.js")).toEqual([]);
  });
});

describe("refused references", () => {
  test("each unguarded reference, with name, line and column", () => {
    const fs = scanFixture("unguarded.js");
    expect(brief(fs)).toEqual([
      ["npm-module-forbidden-global", "process", 1],
      ["npm-module-forbidden-global", "Buffer", 2],
      // inside a function nothing calls at load: a warning since rules v2 (the probe catches load-time use)
      ["forbidden-global-deferred", "setTimeout", 3],
      // code generation stays refused inside a function
      ["npm-module-forbidden-global", "eval", 4],
      ["npm-module-forbidden-global", "Function", 5],
      ["npm-module-forbidden-global", "process", 6],
      ["npm-module-forbidden-global", "process", 7],
      ["npm-module-forbidden-global", "window", 8],
      ["npm-module-forbidden-global", "window", 8],
    ]);
    expect(fs[0]).toMatchObject({ line: 1, column: 20 });
    expect(fs[2]).toMatchObject({ line: 3, column: 35 });
  });

  test("the list covers the agreed globals", () => {
    for (const name of ["process", "Buffer", "require", "module", "exports", "global", "eval", "Function", "setTimeout", "setInterval",
      "setImmediate", "clearTimeout", "clearInterval", "queueMicrotask", "fetch", "XMLHttpRequest", "WebSocket", "window", "document",
      "navigator", "location", "self", "importScripts", "WebAssembly", "SharedArrayBuffer", "Atomics", "crypto", "__dirname", "__filename"]) {
      expect(FORBIDDEN_GLOBALS).toContain(name);
      const r = scanSource(`export const x = ${name};`);
      // eval and Function only passed along (exported, not called) are a warning: the read generates no code
      const code = name === "eval" || name === "Function" ? "forbidden-global-deferred" : "npm-module-forbidden-global";
      expect(r.ok && r.findings.map((f) => [f.code, f.name]), name).toEqual([[code, name]]);
    }
  });

  test("ordinary globals pass", () => {
    const r = scanSource("export const x = [JSON, Math, Date, Promise, Symbol, Map, TextEncoder, console, globalThis.JSON];");
    expect(r.ok && r.findings).toEqual([]);
  });
});

describe("guarded feature tests are warnings", () => {
  test("typeof operands, && / || right operands and ?: / if branches under a typeof test of the same name", () => {
    expect(brief(scanFixture("guarded.js"))).toEqual([
      ["forbidden-global-guarded", "process", 1],
      ["forbidden-global-guarded", "process", 1],
      ["forbidden-global-guarded", "process", 1],
      ["forbidden-global-guarded", "window", 2],
      ["forbidden-global-guarded", "window", 2],
      ["forbidden-global-guarded", "self", 2],
      ["forbidden-global-guarded", "self", 2],
      ["forbidden-global-guarded", "setTimeout", 3],
      ["forbidden-global-guarded", "setTimeout", 3],
      // the else branch runs when setTimeout is missing; a different name is not guarded by it
      ["npm-module-forbidden-global", "queueMicrotask", 3],
      ["forbidden-global-guarded", "Buffer", 4],
      ["forbidden-global-guarded", "Buffer", 4],
      ["forbidden-global-guarded", "fetch", 5],
      ["forbidden-global-guarded", "fetch", 5],
    ]);
  });

  test("a test for one name does not guard another, and a guard outside the expression does not count", () => {
    const r = scanSource(`export const a = typeof window !== "undefined" && process.env;\nexport const b = process;`);
    expect(r.ok && brief(r.findings)).toEqual([
      ["forbidden-global-guarded", "window", 1],
      ["npm-module-forbidden-global", "process", 1],
      ["npm-module-forbidden-global", "process", 2],
    ]);
  });

  test("a truthiness test of a bare global is not a guard (it throws when the global is missing)", () => {
    const r = scanSource(`export const a = process && process.env;`);
    expect(r.ok && r.findings.map((f) => f.code)).toEqual(["npm-module-forbidden-global", "npm-module-forbidden-global"]);
  });
});

describe("globalThis.X", () => {
  test("is treated as X: refused unless it is a feature test", () => {
    expect(scanFixture("global-this.js").map((f) => [f.code, f.name, f.via ?? null, f.line])).toEqual([
      ["npm-module-forbidden-global", "eval", "globalThis", 1],
      ["forbidden-global-deferred", "Function", "globalThis", 2], // exported, not called: an escape
      ["forbidden-global-guarded", "process", "globalThis", 3],
      ["forbidden-global-guarded", "process", "globalThis", 4],
      ["forbidden-global-guarded", "crypto", null, 5],
      ["global-dynamic-access", "globalThis[…]", "globalThis", 6],
      ["forbidden-global-guarded", "fetch", "globalThis", 8],
      ["forbidden-global-guarded", "fetch", "globalThis", 8],
      ["npm-module-forbidden-global", "WebAssembly", "globalThis", 9],
    ]);
  });
});

const withReason = (fs: ScanFinding[]) => fs.map((f) => [f.code, f.name ?? null, f.line, f.reason ?? null]);

describe("code that does not run at module load", () => {
  test("functions nothing calls at load are deferred; IIFEs, callbacks passed to calls, functions and classes called at load are not", () => {
    expect(withReason(scanFixture("deferred.js"))).toEqual([
      ["forbidden-global-deferred", "setTimeout", 2, null],
      ["forbidden-global-deferred", "crypto", 3, null],
      ["forbidden-global-deferred", "setInterval", 4, null],
      ["npm-module-forbidden-global", "navigator", 5, null], // init() is called at load (line 6)
      ["npm-module-forbidden-global", "document", 7, null], // immediately invoked
      ["npm-module-forbidden-global", "window", 8, null], // passed to a call that may call it now
      ["forbidden-global-deferred", "self", 10, null], // an event listener is only called later
      ["npm-module-forbidden-global", "clearTimeout", 11, null], // the constructor runs: new Engine() at load
      ["forbidden-global-deferred", "clearInterval", 13, null], // never constructed here
      ["forbidden-global-guarded", "global", 14, "caught"], // at load, but inside a try whose catch handles it
    ]);
  });

  test("esbuild's CommonJS wrapper: a file runs when its require_x() runs; module and exports are objects", () => {
    expect(withReason(scanFixture("cjs-wrapper.js"))).toEqual([
      ["forbidden-global-guarded", "self", 4, "dead-branch"],
      ["forbidden-global-guarded", "self", 4, "dead-branch"],
      ["forbidden-global-guarded", "process", 6, "caught"], // required only inside try/catch
      ["forbidden-global-deferred", "Buffer", 7, null], // required only inside a function
      ["npm-module-forbidden-global", "navigator", 8, null], // required at load
    ]);
  });
});

describe("branches dead in a guest", () => {
  test("the standard globals the scan assumes are ones every guest has, with that typeof", () => {
    for (const [name, type] of Object.entries(GUEST_GLOBAL_TYPEOF)) {
      expect(STANDARD_GLOBALS, name).toContain(name);
      expect(typeof (globalThis as Record<string, unknown>)[name], name).toBe(type);
      // Function is the one both present and forbidden (it exists; it refuses to generate code)
      if (name !== "Function") expect(FORBIDDEN_GLOBALS as readonly string[], name).not.toContain(name);
    }
  });

  test("the alternate of a typeof globalThis / standard-global test (also esbuild's minified `< \"u\"`), never an unknown one", () => {
    expect(withReason(scanFixture("dead-branches.js"))).toEqual([
      ["forbidden-global-guarded", "self", 2, null],
      ["forbidden-global-guarded", "self", 2, null],
      ["forbidden-global-guarded", "global", 2, "dead-branch"],
      ["forbidden-global-guarded", "window", 3, "dead-branch"],
      ["forbidden-global-guarded", "global", 4, "dead-branch"],
      ["forbidden-global-guarded", "self", 5, "dead-branch"],
      ["forbidden-global-guarded", "window", 6, "dead-branch"],
      ["npm-module-forbidden-global", "self", 7, null], // `typeof foo` is unknown
      ["npm-module-forbidden-global", "global", 8, null], // runs: the left of || is false in a guest
    ]);
  });
});

describe("code generation (eval, Function)", () => {
  test("reading Function, instanceof and comparisons are not findings; calls, aliases, .call and escapes are", () => {
    expect(withReason(scanFixture("codegen.js"))).toEqual([
      ["npm-module-forbidden-global", "Function", 6, null], // new F(body) through `const F = Function`
      ["npm-module-forbidden-global", "Function", 7, null], // Function.call(null, "…")
      ["npm-module-forbidden-global", "eval", 8, null], // (0, eval)(s)
      ["npm-module-forbidden-global", "Function", 9, null], // passed on: Reflect.construct(Function, …)
      ["forbidden-global-guarded", "eval", 10, null], // the guest has no eval: a typeof test guards it
      ["npm-module-forbidden-global", "Function", 11, null], // the guest has Function: a typeof test does not
      ["npm-module-forbidden-global", "Function", 12, null], // Function.prototype.constructor is Function
    ]);
  });

  test("a feature test in a catching try is a warning, and then deferred code generation is only a warning (zod)", () => {
    expect(withReason(scanFixture("codegen-feature-test.js"))).toEqual([
      ["forbidden-global-guarded", "Function", 5, "codegen-feature-test"],
      ["forbidden-global-deferred", "Function", 13, "codegen-feature-tested"],
    ]);
  });

  test("without a feature test, code generation in a function stays refused; a catch that rethrows is no feature test (ajv)", () => {
    expect(withReason(scanFixture("codegen-no-feature-test.js"))).toEqual([
      ["npm-module-forbidden-global", "Function", 4, null],
      ["npm-module-forbidden-global", "Function", 12, null],
    ]);
  });

  test("code generation at load stays refused even with a feature test in the bundle (marked so a probe that loads may overrule it)", () => {
    const src = readFileSync(path.join(FIXTURES, "scan", "codegen-feature-test.js"), "utf8") + `export const atLoad = Function("return this")();
`;
    const r = scanSource(src);
    expect(r.ok && withReason(r.findings).at(-1)).toEqual(["npm-module-forbidden-global", "Function", 15, "codegen-feature-tested"]);
  });

  test("a direct eval() does not hide other bindings from the scope analysis", () => {
    const r = scanSource(`const F = Function;
export const make = (b) => new F(b);
export const e = (s) => eval(s);`);
    expect(r.ok && brief(r.findings)).toEqual([
      ["npm-module-forbidden-global", "Function", 2],
      ["npm-module-forbidden-global", "eval", 3],
    ]);
  });
});

describe("dynamic import", () => {
  test("only a non-literal argument is refused", () => {
    expect(brief(scanFixture("dynamic-import.js"))).toEqual([
      ["npm-module-dynamic-import", null, 3],
      ["npm-module-dynamic-import", null, 4],
      ["npm-module-dynamic-import", null, 5],
    ]);
  });
});

test("unparsable source is a result, not a throw", () => {
  const r = scanSource("export const = ;");
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.line).toBe(1);
});

test("deeply nested output is a result either way, never a throw", () => {
  const shallow = scanSource(`export const x = ${"[".repeat(100)}process${"]".repeat(100)};`);
  expect(shallow.ok && shallow.findings.map((f) => f.name)).toEqual(["process"]);
  // acorn and eslint-scope recurse: 200k levels overflow them, which must come back as { ok: false }
  const deep = scanSource(`export const x = ${"[".repeat(200_000)}1${"]".repeat(200_000)};`);
  expect(deep).toMatchObject({ ok: false, message: expect.any(String) });
});
