import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, FIXTURE_ROOT, tempDir, tempHome, withoutCompileNotice, spawnAsync } from "./helpers.js";

// Cold compiles of every shipped pack are slow on a loaded 2-core machine: allow far more than the default.
describe("capsule run with packs", { timeout: 120_000 }, () => {
  const home = tempHome();
  const dir = tempDir();
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const useYaml = file("yaml.js", `import { load } from "@capsule/yaml";\nreturn load("a: 1\\nlist: [x, y]");`);

  it("imports @capsule/yaml when it is allowed", async () => {
    const out = await capsule(["run", useYaml, "--home", home, "--allow", "@capsule/yaml", "--value"]);
    expect(withoutCompileNotice(out.stderr)).toBe("");
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ a: 1, list: ["x", "y"] });
  });

  it("allows every admitted module without --allow", async () => {
    const out = await capsule(["run", useYaml, "--home", home, "--json"]);
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, value: { a: 1 } });
  });

  it("refuses an installed module that --allow does not name (E_IMPORT_NOT_ALLOWED)", async () => {
    const out = await capsule(["run", useYaml, "--home", home, "--allow", "@capsule/markdown", "--json"]);
    expect(out.status).toBe(1);
    expect(JSON.parse(out.stdout).error.code).toBe("E_IMPORT_NOT_ALLOWED");
    const human = await capsule(["run", useYaml, "--home", home, "--allow", "@capsule/markdown"]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain("error E_IMPORT_NOT_ALLOWED");
  });

  it("refuses an unknown module (E_IMPORT_UNRESOLVED)", async () => {
    const out = await capsule(["run", file("unknown.js", `import x from "@nobody/nothing";\nreturn x;`), "--home", home, "--json"]);
    expect(out.status).toBe(1);
    expect(JSON.parse(out.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
  });

  it("says why when the import was refused by the compiler", async () => {
    const out = await capsule(["run", file("refused.js", `import { home } from "@cli-fixture/refused";\nreturn home();`), "--home", home, "--packs", FIXTURE_ROOT]);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("error E_IMPORT_UNRESOLVED");
    expect(out.stderr).toContain("note: @cli-fixture/refused was refused by the compiler (npm-module-forbidden-global)");
  });

  it("warns about an --allow naming no admitted module", async () => {
    const out = await capsule(["run", useYaml, "--home", home, "--allow", "@capsule/yaml", "--allow", "@nobody/nothing"]);
    expect(out.status).toBe(0);
    expect(out.stderr).toContain("--allow @nobody/nothing: no admitted module has that name");
  });

  it("does not compile at all when the program has no import", async () => {
    const fresh = tempHome();
    const out = await capsule(["run", file("plain.js", "return 6 * 7"), "--home", fresh, "--allow", "@capsule/yaml", "--value"]);
    expect(out.status).toBe(0);
    expect(out.stdout).toBe("42\n");
    expect(existsSync(join(fresh, "catalog.json"))).toBe(false);
    expect(existsSync(join(fresh, "cache"))).toBe(false);
  });

  it("maps a library's own name to its pack with --import, and names that mapping when it is missing", async () => {
    const source = `import yaml from "js-yaml";\nreturn yaml.load("a: 1").a;`;
    const mapped = await capsule(["run", "-", "--home", home, "--import", "js-yaml=@capsule/yaml", "--value"], { input: source });
    expect([mapped.status, mapped.stdout]).toEqual([0, "1\n"]);
    const unmapped = await capsule(["run", "-", "--home", home, "--json"], { input: source });
    expect(JSON.parse(unmapped.stdout).error).toMatchObject({ code: "E_IMPORT_UNRESOLVED", message: expect.stringContaining("--import js-yaml=@capsule/yaml") });
  });

  it("reads imports from standard input too", async () => {
    const out = await capsule(["run", "-", "--home", home, "--value"], { input: `import yaml from "@capsule/yaml";\nreturn yaml.dump({ a: [1, 2] });` });
    expect(out.status).toBe(0);
    expect(out.stdout).toBe("a:\n  - 1\n  - 2\n\n");
  });
});
