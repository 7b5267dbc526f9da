// Which packs' declarations a program is checked against: only the packs it references (imports, type-only imports,
// `import("…")` types), each pack's .d.ts its own file. One pack whose .d.ts does not parse failed the check of every
// program in the home, naming the merged "modules.d.ts"; now it fails only programs that use that pack, naming its file.

import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkProgram, type Catalog, type CatalogModule } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";

const module = (specifier: string, exports: string[]): CatalogModule => ({
  specifier, pack: specifier, version: "1.0.0", kind: "guest", sha256: "0".repeat(64), exports, size: 1, summary: "", sourcePath: "/nowhere.js",
});

function home(): { roots: string[]; catalog: Catalog } {
  const root = tmp();
  const pack = (name: string, dts: string) =>
    writeTree(path.join(root, name), {
      "package.json": JSON.stringify({ name: `@t/${name}`, version: "1.0.0", capsule: { types: "types/index.d.ts", modules: { ".": { kind: "guest", source: "index.js" } } } }),
      "index.js": "export const a = 1;\n",
      "types/index.d.ts": dts,
    });
  pack("broken", "declare module @t/broken { export const a: number; }\n");
  pack("good", 'declare module "@t/good" { export const a: number; export interface Shape { side: number } }\n');
  return { roots: [root], catalog: { version: 1, modules: [module("@t/broken", ["a"]), module("@t/good", ["a"])], pending: [], refused: [] } };
}

describe("pack declarations in a check", () => {
  test("a pack whose .d.ts does not parse does not fail a program that does not use it", async () => {
    const { roots, catalog } = home();
    const result = await checkProgram('import { a } from "@t/good";\nconst n: number = a;\nreturn n;\n', { catalog, roots });
    expect(result.diagnostics).toEqual([]);
    expect((await checkProgram("return 1;\n", { catalog, roots })).diagnostics).toEqual([]);
  });

  test("a program that imports it is told which pack's file is broken", async () => {
    const { roots, catalog } = home();
    const result = await checkProgram('import { a } from "@t/broken";\nreturn a;\n', { catalog, roots });
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]).toMatchObject({ code: "check-declarations-invalid", file: "@t/broken/types/index.d.ts" });
    expect(result.diagnostics[0]!.message).toMatch(/^@t\/broken\/types\/index\.d\.ts: /);
  });

  test("a pack referenced only as a type, or through import(\"…\") in a type, is still declared", async () => {
    const { roots, catalog } = home();
    const typeOnly = await checkProgram('import type { Shape } from "@t/good";\nconst s: Shape = { side: "x" };\nreturn s;\n', { catalog, roots, allow: ["@t/good"] });
    expect(typeOnly.diagnostics.map((d) => d.code)).toEqual(["check-type"]);
    const importType = await checkProgram('const s: import("@t/good").Shape = { side: 2 };\nreturn s.side;\n', { catalog, roots });
    expect(importType.diagnostics).toEqual([]);
    const wrong = await checkProgram('const s: import("@t/good").Shape = { sid: 2 };\nreturn s;\n', { catalog, roots });
    expect(wrong.diagnostics.map((d) => d.code)).toEqual(["check-type"]);
  });
});
