import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempDir, tempHome, spawnAsync, withoutCompileNotice } from "./helpers.js";

// Cold compiles of every shipped pack are slow on a loaded 2-core machine: allow far more than the default.
describe("capsule pack new", { timeout: 120_000 }, () => {
  const home = tempHome();
  const workspace = tempDir();
  const packDir = join(workspace, "@acme", "Slug Tools");

  it("scaffolds a pack named from its folder (@scope from an @scope parent)", async () => {
    mkdirSync(join(workspace, "@acme"));
    const out = await capsule(["pack", "new", packDir, "--home", home]);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("created pack @acme/slug-tools");
    for (const file of ["package.json", "src/index.js", "SKILL.md", "index.d.ts", "tests/slug-tools.test.mjs"]) {
      expect(existsSync(join(packDir, file)), file).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(join(packDir, "package.json"), "utf8"));
    expect(pkg.name).toBe("@acme/slug-tools");
    // Editors validate the capsule field against the published schema.
    expect(pkg.$schema).toBe("https://unpkg.com/@capsule/compiler/schema/capsule-manifest.schema.json");
    expect(pkg.capsule).toEqual({ skill: "SKILL.md", types: "index.d.ts", modules: { ".": { kind: "guest", source: "src/index.js" } } });
    const skill = readFileSync(join(packDir, "SKILL.md"), "utf8");
    expect(skill).toMatch(/^# @acme\/slug-tools\n\n\S.+\n/);
    expect(skill).toContain("## Exports");
    expect(skill).toContain("## Gotchas");
    expect(readFileSync(join(packDir, "index.d.ts"), "utf8")).toContain(`declare module "@acme/slug-tools"`);
  });

  it("passes `capsule pack check` exactly as generated", async () => {
    const out = await capsule(["pack", "check", packDir, "--home", home]);
    expect(out.stdout).toMatch(/admitted @acme\/slug-tools {2}sha256 [0-9a-f]{12} {2}exports: default, slugify/);
    expect(out.stdout).not.toContain("note:");
    expect(out.status).toBe(0);
  });

  it("ships tests that pass under node --test", async () => {
    const out = await spawnAsync(process.execPath, ["--test", join(packDir, "tests", "slug-tools.test.mjs")], {});
    expect(out.stdout).toContain("# fail 0");
    expect(out.status).toBe(0);
  });

  it("gives guests a working slugify (imported through --packs)", async () => {
    const program = join(workspace, "use.js");
    writeFileSync(program, `import { slugify } from "@acme/slug-tools";\nreturn [slugify("Crème Brûlée: a recipe!"), slugify("one two three", { maxLength: 8 })];`);
    const out = await capsule(["run", program, "--home", home, "--packs", workspace, "--allow", "@acme/slug-tools", "--value"]);
    expect(withoutCompileNotice(out.stderr)).toBe("");
    expect(JSON.parse(out.stdout)).toEqual(["creme-brulee-a-recipe", "one-two"]);
  });

  it("takes --name", async () => {
    const dir = join(workspace, "named");
    expect((await capsule(["pack", "new", dir, "--name", "@me/text-kit", "--home", home])).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name).toBe("@me/text-kit");
    expect(existsSync(join(dir, "tests", "text-kit.test.mjs"))).toBe(true);
  });

  it("refuses a non-empty folder with exit 2 and changes nothing", async () => {
    const before = readFileSync(join(packDir, "package.json"), "utf8");
    const out = await capsule(["pack", "new", packDir, "--home", home]);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("is not empty");
    expect(readFileSync(join(packDir, "package.json"), "utf8")).toBe(before);
  });

  it.each([
    ["an invalid npm name", ["--name", "Bad Name"]],
    ["a reserved name", ["--name", "@x/constructor"]],
  ])("refuses %s with exit 2", async (_label, extra) => {
    const dir = join(workspace, `bad-${extra[1]!.replace(/\W/g, "")}`);
    expect((await capsule(["pack", "new", dir, ...extra, "--home", home])).status).toBe(2);
    expect(existsSync(join(dir, "package.json"))).toBe(false);
  });

  it("refuses a path that is a file with exit 2", async () => {
    const file = join(workspace, "a-file");
    writeFileSync(file, "");
    expect((await capsule(["pack", "new", file, "--home", home])).status).toBe(2);
  });
});
