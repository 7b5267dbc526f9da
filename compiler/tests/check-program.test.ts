// checkProgram as a whole: a clean program passes, top-level await and return are the program's own, syntax errors
// and missing sandbox globals are reported at the user's line and column with a code frame, and JavaScript is
// checked with TypeScript's JavaScript rules.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkProgram } from "../src/index.js";
import { CATALOG, CHECK_FIXTURES, CHECK_ROOTS, SHOP } from "./check-helpers.js";

describe("checkProgram", () => {
  test("a clean 50-line program with pack imports, host calls, await and return passes", async () => {
    const source = readFileSync(path.join(CHECK_FIXTURES, "programs", "report-50.ts"), "utf8");
    const result = await checkProgram(source, { catalog: CATALOG, roots: CHECK_ROOTS, hostFunctions: SHOP });
    expect(result.diagnostics).toEqual([]);
    expect(result).toMatchObject({ ok: true, language: "typescript" });
  }, 60_000);

  test("top-level await and return are accepted, in JavaScript and TypeScript, with or without imports", async () => {
    for (const source of [
      "const x = await Promise.resolve(1);\nif (x > 0) return x;\nreturn 0;\n",
      "const x: number = await Promise.resolve(1);\nreturn x;\n",
      'return (await import_me());\nasync function import_me() { return 1; }\nimport { slug } from "@fx/plain";\n',
      "for await (const v of [Promise.resolve(1)]) console.log(v);\nreturn;\n",
    ]) {
      const result = await checkProgram(source, { catalog: CATALOG });
      expect(result.diagnostics, source).toEqual([]);
    }
  });

  test("a syntax error is reported at the user's line and column with a code frame, and nothing else is", async () => {
    const source = 'import { greet } from "@fx/greet";\nconst a = 1;\nconst b = ;\nreturn setTimeout(a);\n';
    const result = await checkProgram(source, { catalog: CATALOG, roots: CHECK_ROOTS });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "check-syntax", line: 3, column: 11, message: "Expression expected.", tsCode: 1109 });
    expect(result.diagnostics[0]!.frame).toBe(
      ["  1 | import { greet } from \"@fx/greet\";", "  2 | const a = 1;", "> 3 | const b = ;", "    |           ^", "  4 | return setTimeout(a);"].join("\n"),
    );
    expect(result.diagnostics[0]!.hint).toContain("top-level await and return are fine");
  });

  test("a syntax error on the first line and one at the end of the source map to the user's positions", async () => {
    expect((await checkProgram("const = 1;\n")).diagnostics[0]).toMatchObject({ code: "check-syntax", line: 1, column: 7 });
    const unclosed = await checkProgram("const a = 1;\nif (a) {\n  return a;\n");
    expect(unclosed.diagnostics[0]).toMatchObject({ code: "check-syntax" });
    expect(unclosed.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
  });

  test("setTimeout, require, process and the other missing globals are flagged with what to do instead", async () => {
    const source = "const t = setTimeout(() => 1, 10);\nconst env = process.env.HOME;\nconst fs = require(\"fs\");\nconst r = await fetch(\"http://x\");\nreturn [t, env, fs, r, new WeakRef({}), eval(\"1\"), Buffer.from(\"x\")];\n";
    for (const language of ["javascript", "typescript"] as const) {
      const result = await checkProgram(language === "typescript" ? `const typed: number = 1;\n${source}` : source);
      expect(result.language).toBe(language);
      const shift = language === "typescript" ? 1 : 0;
      const missing = result.diagnostics.filter((d) => d.code === "check-global-missing");
      expect(missing.map((d) => [d.details?.name, d.line - shift])).toEqual([
        ["setTimeout", 1], ["process", 2], ["require", 3], ["fetch", 4], ["WeakRef", 5], ["eval", 5], ["Buffer", 5],
      ]);
      expect(missing[0]!.message).toBe("`setTimeout` does not exist in the sandbox; there are no timers: await host functions (`await null` yields a turn)");
      expect(missing[2]!.message).toContain("import packs with a static `import` declaration");
      expect(missing[2]!.frame).toContain("^^^^^^^");
      expect(result.diagnostics.every((d) => !d.message.includes("@types/node")), "no advice to install Node's types").toBe(true);
    }
  });

  test("what the guest does have type-checks: console, TextEncoder/TextDecoder, atob/btoa, Intl, iterator helpers, Set methods", async () => {
    const source = [
      'console.log("x"); console.table([1]); console.assert(true, "ok");',
      'const bytes = new TextEncoder().encode("héllo");',
      'const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: false });',
      'const b64 = btoa("abc") + atob("YWJj");',
      'const n = new Intl.NumberFormat("de-DE").format(1.5) + new Intl.ListFormat("en").format(["a", "b"]);',
      "const it = [1, 2, 3].values().map((x) => x * 2).toArray();",
      "const s = new Set([1]).union(new Set([2]));",
      "const g = Object.groupBy([1, 2], (x) => (x > 1 ? \"big\" : \"small\"));",
      "const p = await Promise.try(() => 1);",
      "return { text, b64, n, it, s, g, p, f: new Float16Array(2), e: RegExp.escape(\"a.b\"), sum: Math.sumPrecise([1, 2]) };",
    ].join("\n");
    const result = await checkProgram(source);
    expect(result.diagnostics).toEqual([]);
  });

  test("what the guest lacks of the standard library is a type error: Intl.Segmenter, Array.fromAsync, SharedArrayBuffer", async () => {
    const result = await checkProgram("const a = new Intl.Segmenter();\nconst b = await Array.fromAsync([]);\nconst c = new SharedArrayBuffer(8);\nreturn [a, b, c];\n");
    expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["check-type", 1], ["check-type", 2], ["check-global-missing", 3]]);
  });

  test("a type error in TypeScript is reported at its expression, with TypeScript's words and code", async () => {
    const result = await checkProgram("const n: number = 1;\nconst s: string = n;\nreturn s.toUpperCase();\n");
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: "check-type", line: 2, column: 7, tsCode: 2322, message: "Type 'number' is not assignable to type 'string'." });
    expect(result.diagnostics[0]!.frame.split("\n")[1]).toBe("> 2 | const s: string = n;");
  });

  test("plain JavaScript is checked with TypeScript's JavaScript rules (expando objects, no annotations needed)", async () => {
    const result = await checkProgram("const o = {};\no.a = 1;\nconst f = (x) => x * 2;\nreturn f(o.a);\n");
    expect(result).toMatchObject({ ok: true, language: "javascript" });
    const wrong = await checkProgram('const s = "abc";\nreturn s.toUpperCas();\n');
    expect(wrong.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([["check-type", 2, 10]]);
  });

  test("an unknown name that is not a sandbox global stays TypeScript's own error", async () => {
    const result = await checkProgram("return conosle.log(1);\n");
    expect(result.diagnostics[0]).toMatchObject({ code: "check-type", tsCode: 2552 });
    expect(result.diagnostics[0]!.message).toContain("Did you mean 'console'?");
  });

  test("a tab-indented line keeps its carets under the span", async () => {
    const result = await checkProgram("if (true) {\n\tconst n: number = \"x\";\n}\nreturn 1;\n");
    expect(result.diagnostics[0]!.frame).toContain("> 2 | \tconst n: number = \"x\";\n    | \t      ^");
  });
});
