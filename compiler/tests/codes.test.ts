// The compiler's code table (src/codes.ts): every row has a meaning and a hint, the cacheable refusals are the
// ones a pure function of the recorded inputs decides, and README.md's "Codes" table lists every code.

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ALL_CODES, COMPILER_CODES, CompilerError, computeCacheKey, type CodeRow } from "../src/index.js";
import { CACHEABLE_REFUSALS } from "../src/codes.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("codes", () => {
  test("every code has a meaning and a hint", () => {
    for (const code of ALL_CODES) {
      const row: CodeRow = COMPILER_CODES[code];
      expect(row.meaning.length, code).toBeGreaterThan(10);
      const hint = typeof row.hint === "string" ? row.hint : row.hint({ code });
      expect(hint.length, code).toBeGreaterThan(20);
    }
  });

  test("the cacheable refusals are flagged on their rows", () => {
    expect([...CACHEABLE_REFUSALS].sort()).toEqual([
      "guest-module-file-too-large", "guest-module-import-outside-pack", "npm-module-builtin-import",
      "npm-module-dynamic-import", "npm-module-forbidden-global", "npm-module-too-large",
    ]);
  });

  test("README.md's Codes table has a row for every code", () => {
    const missing = ALL_CODES.filter((code) => !readme.includes(`| \`${code}\``));
    expect(missing).toEqual([]);
  });

  test("a caller-facing throw is a CompilerError with a code from the table", () => {
    const parts = { compilerVersion: "0", bundlerVersion: "0", options: { n: Number.NaN }, specifier: "x", inputs: [], packageJsons: [] };
    let thrown: unknown;
    try {
      computeCacheKey({ ...parts, declaration: { kind: "guest", source: "a.js" } });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CompilerError);
    expect(thrown).toMatchObject({ name: "CompilerError", code: "options-invalid", message: "canonicalJson: non-finite number" });
  });
});
