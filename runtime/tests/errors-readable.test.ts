// Errors a person or a model can act on: callees named as written, missing globals with what to do instead,
// strict-mode and function-body hints, syntax errors inside the file, thrown non-Errors shown as data, and a
// program that does not parse runs no statement.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox } from "./helpers.js";

const sandbox = useSandbox();

describe("readable errors", () => {
  it.each([
    ["const o = {};\nreturn o.compute(2)", "o.compute is not a function"],
    ["const list = [1];\nreturn list[0].map((x) => x)", "list[0].map is not a function"],
    ["const make = () => 1;\nreturn new make()", "make is not a constructor"],
    ["let user;\nreturn user.name", "cannot read property 'name' of user, which is undefined"],
  ])("names the expression as written: %s", async (source, message) => {
    expect((await errorOf(sandbox, source)).message).toBe(message);
  });

  it.each(["setTimeout", "require", "fetch", "process", "Buffer", "crypto", "performance"])("says what to do instead of the missing global %s", async (name) => {
    const error = await errorOf(sandbox, `${name}()`);
    expect(error.name).toBe("ReferenceError");
    expect(error.message).toMatch(new RegExp(`^${name} is not defined: .{20,}`));
  });

  it("says a Node built-in import is one", async () => {
    const error = await errorOf(sandbox, "import fs from 'node:fs'; return 1");
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).toContain("is a Node built-in");
  });

  it("explains strict mode and the function body", async () => {
    expect((await errorOf(sandbox, "undeclared = 5")).message).toContain("strict code");
    expect((await errorOf(sandbox, "with ({}) {}")).message).toContain("strict code");
    expect((await errorOf(sandbox, "export const a = 1")).message).toContain("return its value instead of exporting it");
  });

  it("points a syntax error inside the file, even at its end", async () => {
    const error = await errorOf(sandbox, { source: "const a = 1;\nreturn (", filename: "two.js" });
    expect(error.code).toBe("E_SYNTAX");
    expect(error.message).toMatch(/\(two\.js:2:\d+\)$/);
  });

  it("shows a thrown non-Error as data", async () => {
    expect((await errorOf(sandbox, "throw { code: 42, why: ['x'] }")).message).toBe('the program threw a value that is not an Error: {"code":42,"why":["x"]}');
    expect((await errorOf(sandbox, "throw 7")).message).toBe("the program threw 7");
  });

  it("runs no statement of a program that does not parse", async () => {
    let calls = 0;
    const error = await errorOf(sandbox, { source: "await app.hit(); const r = /[a&&&b]/v; return r", hostFunctions: { app: { hit: () => calls++ } } });
    expect(error.code).toBe("E_SYNTAX");
    expect(calls).toBe(0);
  });
});
