// Options before the subcommand (src/global-options.ts): --version, and --home / --packs given to the program reach
// the subcommand that runs — `capsule --home x run …` — with the subcommand's own winning or coming after.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleAsync, FIXTURE_ROOT, tempHome } from "./helpers.js";

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

describe("global options", () => {
  it("capsule --version prints the package's version and exits 0", async () => {
    for (const flag of ["--version", "-V"]) {
      const out = await capsuleAsync([flag]);
      expect([out.status, out.stdout]).toEqual([0, `${version}\n`]);
    }
  });

  it("--home before the subcommand is the subcommand's home; the subcommand's own --home wins", async () => {
    const first = tempHome();
    const second = tempHome();
    const ran = await capsuleAsync(["--home", first, "run", "-", "--value"], { input: 'import yaml from "@capsule/yaml"; return yaml.load("a: 1").a' });
    expect([ran.status, ran.stdout]).toEqual([0, "1\n"]);
    expect(existsSync(join(first, "catalog.json"))).toBe(true);
    const own = await capsuleAsync(["--home", first, "packs", "compile", "--home", second]);
    expect(own.status, own.stderr).toBe(0);
    expect(existsSync(join(second, "catalog.json"))).toBe(true);
  }, 120_000);

  it("--packs before the subcommand adds a pack root, before the subcommand's own", async () => {
    const home = tempHome();
    const listed = await capsuleAsync(["--packs", FIXTURE_ROOT, "--home", home, "packs", "list", "--json", "--refresh"]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("@cli-fixture/good");
    const ran = await capsuleAsync(["--packs", FIXTURE_ROOT, "run", "-", "--home", home, "--value"], { input: 'import { countWords } from "@cli-fixture/good"; return countWords("a b c")' });
    expect([ran.status, ran.stdout]).toEqual([0, "3\n"]);
  }, 120_000);

  it("warns that a global --packs is ignored by a command that reads no pack root", async () => {
    const home = tempHome();
    const out = await capsuleAsync(["--packs", FIXTURE_ROOT, "packs", "uninstall", "@nobody/nothing", "--home", home]);
    expect(out.stderr).toContain("--packs is not read by `capsule packs uninstall`");
  }, 60_000);

  it("keeps a program option after the subcommand the subcommand's (its own help, not the program's)", async () => {
    const out = await capsuleAsync(["run", "--help"]);
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("Usage: capsule run");
  });
});
