// The declaration-file rules of `pack new --npm` (pack-new-npm.ts), without processes: which library .d.ts files
// are inlined into `declare module "<pack>"` and how, which are refused (then the declaration is derived), and the
// README paragraph SKILL.md takes.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { derivedDeclarations, inlineDeclarations, readmeParagraph } from "../src/pack-new-npm.js";
import { tempDir } from "./helpers.js";

describe("inlineDeclarations", () => {
  it("drops declare modifiers, triple-slash directives and empty export lists, and indents the body", () => {
    const text = '/// <reference types="node" />\nexport declare function f(a: string): number;\ndeclare const x: number;\nexport default x;\nexport {};\n';
    expect(inlineDeclarations(text)).toBe("  export function f(a: string): number;\n  const x: number;\n  export default x;");
  });

  it.each([
    ["imports a relative file", 'import { A } from "./types";\nexport declare const a: A;'],
    ["re-exports a relative file", 'export * from "../lib/index";'],
    ["imports a relative type", 'export declare const a: import("./types").A;'],
    ["augments the global scope", "declare global { interface Window { x: 1 } }\nexport {};"],
    ["declares modules of its own", 'declare module "other" { export const a: 1; }'],
  ])("refuses a file that %s (it cannot stand alone inside the pack's module)", (_label, text) => {
    expect(inlineDeclarations(text)).toBeUndefined();
  });

  it("keeps imports of other packages, which an ambient module may have", () => {
    expect(inlineDeclarations('import type { Big } from "big.js";\nexport declare function f(): Big;')).toBe('  import type { Big } from "big.js";\n  export function f(): Big;');
  });
});

describe("derivedDeclarations", () => {
  it("declares each probed identifier export as any, default included, and skips names that are not identifiers", () => {
    expect(derivedDeclarations(["a", "default", "not-an-identifier", "b"])).toBe("  export const a: any;\n  export const b: any;\n  const defaultExport: any;\n  export default defaultExport;");
  });
});

describe("readmeParagraph", () => {
  it("takes the first paragraph of prose, without headings, badges, HTML, code, links' targets or control characters", async () => {
    const dir = join(tempDir(), "lib");
    mkdirSync(dir);
    writeFileSync(join(dir, "README.md"), '<p align="center"><img src="x.png"></p>\n\n# lib\n\n[![ci](https://x/badge.svg)](https://x)\n\n```sh\nnpm i lib\n```\n\nDoes **one** thing\u0007 well,\nsee [docs](https://x/docs).\n\nSecond paragraph.\n');
    expect(await readmeParagraph(dir)).toBe("Does one thing well, see docs.");
  });

  it("is empty without a README", async () => {
    expect(await readmeParagraph(tempDir())).toBe("");
  });
});
