// checkProgram's import checks, against the catalog the runtime enforces: an import no admitted module provides, one
// the run's allow list leaves out, a named import the module does not export — each once, at the user's line, with
// no TypeScript echo of the same problem — and modules that extra declarations provide.

import { describe, expect, test } from "vitest";
import { checkProgram } from "../src/index.js";
import { CATALOG, CHECK_ROOTS } from "./check-helpers.js";

const summary = (r: { diagnostics: Array<{ code: string; line: number; column: number }> }) => r.diagnostics.map((d) => [d.code, d.line, d.column]);

describe("checkProgram imports", () => {
  test("an unresolved import is reported at its specifier, with a suggestion for a near miss", async () => {
    const result = await checkProgram('const a = 1;\nimport { greet } from "@fx/gret";\nreturn greet(a);\n', { catalog: CATALOG, roots: CHECK_ROOTS });
    expect(summary(result)).toEqual([["check-import-unresolved", 2, 23]]);
    const [d] = result.diagnostics;
    expect(d!.message).toBe('"@fx/gret" is not a module this run can import: no installed pack provides it');
    expect(d!.details).toEqual({ specifier: "@fx/gret", suggestion: "@fx/greet" });
    expect(d!.hint).toMatch(/^did you mean "@fx\/greet"\?/);
    expect(d!.frame).toContain('> 2 | import { greet } from "@fx/gret";\n    |                       ^^^^^^^^^^');
  });

  test("import() is refused as at run time, once, whatever it names", async () => {
    const result = await checkProgram('const a = 1;\nconst m = await import("@fx/plain");\nreturn m.slug(String(a));\n', { catalog: CATALOG });
    expect(summary(result)).toEqual([["check-dynamic-import", 2, 17]]);
    expect(result.diagnostics[0]!.hint).toContain("import modules statically");
  });

  test("a refused or pending module says why it is not in the catalog", async () => {
    const result = await checkProgram('import "@fx/broken";\nimport { crc } from "@fx/hashing";\nreturn crc;\n', { catalog: CATALOG });
    expect(summary(result)).toEqual([["check-import-unresolved", 1, 8], ["check-import-unresolved", 2, 21]]);
    expect(result.diagnostics[0]!.message).toContain("the compiler refused it (npm-module-builtin-import): needs node:fs");
    expect(result.diagnostics[1]!.message).toContain("it is a wasm module still awaiting admission");
  });

  test("without a catalog every import is unresolved", async () => {
    expect(summary(await checkProgram('import { slug } from "@fx/plain";\nreturn slug("A b");\n'))).toEqual([["check-import-unresolved", 1, 22]]);
  });

  test("an installed module outside the run's allow list is not allowed", async () => {
    const result = await checkProgram('import { greet } from "@fx/greet";\nimport { thing } from "@fx/other";\nreturn greet(thing);\n', {
      catalog: CATALOG, roots: CHECK_ROOTS, allow: ["@fx/greet"],
    });
    expect(summary(result)).toEqual([["check-import-not-allowed", 2, 23]]);
    expect(result.diagnostics[0]!.message).toBe('"@fx/other" is installed, but this run may not import it (allowed: @fx/greet)');
  });

  test("a named import the module does not export is reported once, at the name, with the exports it has", async () => {
    for (const roots of [CHECK_ROOTS, []]) {
      const result = await checkProgram('import { greet, greeet } from "@fx/greet";\nimport { slug, slugify } from "@fx/plain";\nreturn [greet("a"), greeet, slug, slugify];\n', {
        catalog: CATALOG, roots,
      });
      expect(summary(result), `roots: ${roots.length}`).toEqual([["check-export-missing", 1, 17], ["check-export-missing", 2, 16]]);
      expect(result.diagnostics[0]!.message).toBe('"@fx/greet" has no export "greeet" (it exports greet, version)');
      expect(result.diagnostics[1]!.hint).toBe("import one of the module's exports: slug, words");
    }
  });

  test("a default import of a module without one is reported; renamed imports are checked by the exported name", async () => {
    const result = await checkProgram('import plain from "@fx/plain";\nimport { words as w, nope as n } from "@fx/plain";\nreturn [plain, w, n];\n', { catalog: CATALOG });
    expect(summary(result)).toEqual([["check-export-missing", 1, 8], ["check-export-missing", 2, 22]]);
    expect(result.diagnostics[0]!.message).toBe('"@fx/plain" has no default export (it exports slug, words)');
    expect(result.diagnostics[1]!.details).toMatchObject({ name: "nope" });
  });

  test("a type-only import is not looked up in the catalog (it is erased before the run), only in the declarations", async () => {
    const shapes = 'declare module "types:shapes" {\n  export interface Shape { sides: number }\n}\n';
    const result = await checkProgram('import type { Shape } from "types:shapes";\nconst s: Shape = { sides: 3 };\nreturn s;\n', { catalog: CATALOG, declarations: [shapes] });
    expect(result.diagnostics).toEqual([]);
    const missing = await checkProgram('import type { Shape } from "types:nowhere";\nreturn 1;\n', { catalog: CATALOG });
    expect(summary(missing)).toEqual([["check-type", 1, 28]]);
  });

  test("a pack's declarations type its imports; a pack without types imports as any", async () => {
    const result = await checkProgram('import { greet } from "@fx/greet";\nimport { slug } from "@fx/plain";\nconst n: number = greet("a");\nreturn slug(n).whatever;\n', {
      catalog: CATALOG, roots: CHECK_ROOTS,
    });
    expect(summary(result)).toEqual([["check-type", 3, 7]]);
  });

  test("modules given by extra declarations are importable, typed, and checked against their exports", async () => {
    const tools = {
      name: "tools.d.ts",
      text: 'declare module "tools:search" {\n  export function search(query: string): Promise<Array<{ url: string }>>;\n}\n',
      modules: { "tools:search": ["search"] },
    };
    const ok = await checkProgram('import { search } from "tools:search";\nconst hits = await search("capsule");\nreturn hits.map((h) => h.url);\n', { declarations: [tools] });
    expect(ok.diagnostics).toEqual([]);
    const bad = await checkProgram('import { search, fetchPage } from "tools:search";\nreturn search(42);\n', { declarations: [tools], catalog: CATALOG, allow: [] });
    expect(summary(bad)).toEqual([["check-export-missing", 1, 18], ["check-type", 2, 15]]);
  });
});
