// `capsule pack new <dir> --npm <library>` with real CLI processes over fixtures/npm-project (a checked-in
// node_modules of three hand-written libraries: case-kit ships its own types, tiny-sum's come from @types/tiny-sum,
// no-types-lib has none): the scaffold's files, that it passes `capsule pack check` as generated, that guests can
// import it and that TypeScript guests get the library's types.
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, capsuleAsync, tempDir, tempHome, withoutCompileNotice } from "./helpers.js";

describe("capsule pack new --npm", { timeout: 240_000 }, () => {
  const home = tempHome();
  const workspace = tempDir();
  const project = join(workspace, "project");
  cpSync(join(FIXTURES, "npm-project"), project, { recursive: true });
  const packs = join(project, "packs");
  const elsewhere = join(workspace, "elsewhere");
  const run = (args: string[]) => capsuleAsync([...args, "--home", home], { cwd: project });
  const read = (...parts: string[]) => readFileSync(join(...parts), "utf8");

  it("wraps a library with its own types: package.json, SKILL.md from its description and README, its .d.ts, nothing else", async () => {
    const out = await run(["pack", "new", join(packs, "case-wrap"), "--npm", "case-kit"]);
    expect(out.stderr).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("created pack case-wrap in packs/case-wrap, wrapping case-kit");
    expect(out.stdout).toContain("exports: SEPARATORS, camelCase, default, snakeCase");
    const dir = join(packs, "case-wrap");
    // No example source, tests or node_modules: the library is found where it is installed.
    expect(readdirSync(dir).sort()).toEqual([".gitignore", "SKILL.md", "index.d.ts", "package.json"]);
    const pkg = JSON.parse(read(dir, "package.json"));
    expect(pkg).toMatchObject({ name: "case-wrap", description: "Change the case of words: camelCase, snake_case and kebab-case", dependencies: { "case-kit": "1.2.0" } });
    expect(pkg.capsule).toEqual({ skill: "SKILL.md", types: "index.d.ts", modules: { ".": { kind: "guest", npm: "case-kit" } } });
    const types = read(dir, "index.d.ts");
    expect(types).toContain("case-kit's own types (index.d.ts)");
    expect(types).toContain('declare module "case-wrap" {\n  /** camelCase of `text`: "Hello big world" → "helloBigWorld". */\n  export function camelCase(text: string): string;');
    expect(types).not.toMatch(/declare (function|const)|<reference/);
    const skill = read(dir, "SKILL.md");
    expect(skill).toMatch(/^# case-wrap\n\nChange the case of words: camelCase, snake_case and kebab-case\n\nA tiny library that splits text into words and joins them again in the case you ask for\. See the docs for more\.\n/);
    expect(skill).not.toContain("shields.io");
    expect(skill).toContain("## Exports\n\n- `SEPARATORS`\n- `camelCase`\n- `snakeCase`\n- `default`");
    expect(skill).toContain('import { SEPARATORS, camelCase, snakeCase } from "case-wrap";');
  });

  it("takes an @types package's declarations, and links a library seen only from the working directory", async () => {
    mkdirSync(elsewhere);
    const dir = join(elsewhere, "sum-wrap");
    const out = await run(["pack", "new", dir, "--npm", "tiny-sum"]);
    expect(out.status, out.stderr).toBe(0);
    expect(lstatSync(join(dir, "node_modules", "tiny-sum")).isSymbolicLink()).toBe(true);
    const types = read(dir, "index.d.ts");
    expect(types).toContain("@types/tiny-sum@0.3.0 (index.d.ts)");
    expect(types).toContain('declare module "sum-wrap" {\n  export function sum(values: number[]): number;\n  export function mean(values: number[]): number;\n}');
    expect(read(dir, "SKILL.md")).toMatch(/^# sum-wrap\n\nSum and mean of a list of numbers\n/);
  });

  it("derives the declaration from the probed exports when the library has no types", async () => {
    const dir = join(packs, "@me", "greeter");
    const out = await run(["pack", "new", dir, "--npm", "no-types-lib"]);
    expect(out.status, out.stderr).toBe(0);
    expect(read(dir, "index.d.ts")).toContain('declare module "@me/greeter" {\n  export const greet: any;\n  export const version: any;\n  const defaultExport: any;\n  export default defaultExport;\n}');
    expect(read(dir, "SKILL.md")).toMatch(/^# @me\/greeter\n\nThe npm library no-types-lib, for Capsule guests\.\n/);
  });

  it.each([
    ["case-wrap", ["packs", "case-wrap"], "SEPARATORS, camelCase, default, snakeCase"],
    ["sum-wrap", ["..", "elsewhere", "sum-wrap"], "default, mean, sum"],
    ["@me/greeter", ["packs", "@me", "greeter"], "default, greet, version"],
  ])("%s passes `capsule pack check` exactly as generated", async (name, parts, exports) => {
    const out = await run(["pack", "check", join(project, ...parts)]);
    expect(out.stdout).toMatch(new RegExp(`admitted ${name.replace("/", "\\/")} {2}sha256 [0-9a-f]{12} {2}exports: ${exports}`));
    expect(out.stdout).not.toContain("note:");
    expect(out.status).toBe(0);
  });

  it("gives guests the library, and TypeScript guests its types", async () => {
    const program = join(workspace, "use.ts");
    writeFileSync(program, `import { camelCase } from "case-wrap";\nimport { mean } from "sum-wrap";\nimport { greet } from "@me/greeter";\nreturn [camelCase("Hello big world"), mean([1, 2, 3]), greet("ada")];\n`);
    const roots = ["--packs", packs, "--packs", elsewhere];
    const out = await run(["run", program, ...roots, "--allow", "case-wrap", "--allow", "sum-wrap", "--allow", "@me/greeter", "--value"]);
    expect(withoutCompileNotice(out.stderr)).toBe("");
    expect(JSON.parse(out.stdout)).toEqual(["helloBigWorld", 2, "hello, ada"]);
    const wrong = join(workspace, "wrong.ts");
    writeFileSync(wrong, `import { camelCase } from "case-wrap";\nconst n: number = camelCase("x");\nreturn n;\n`);
    const checked = await run(["check", wrong, ...roots]);
    expect(checked.stdout).toContain("error check-type: Type 'string' is not assignable to type 'number'.");
    expect(checked.status).toBe(1);
  });

  it("refuses a library that is not installed (library-not-installed, exit 2) and writes nothing", async () => {
    const dir = join(packs, "missing");
    const out = await run(["pack", "new", dir, "--npm", "not-installed-anywhere"]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('library-not-installed: "not-installed-anywhere" is not installed');
    expect(existsSync(dir)).toBe(false);
  });

  it("refuses a --npm value that is not a package name, with exit 2", async () => {
    const out = await run(["pack", "new", join(packs, "bad"), "--npm", "../../etc"]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("is not an npm package name");
    expect(existsSync(join(packs, "bad"))).toBe(false);
  });
});
