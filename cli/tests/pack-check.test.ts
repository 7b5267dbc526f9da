import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, FIXTURE_ROOT, FIXTURES, tempHome, spawnAsync } from "./helpers.js";

// Cold compiles of every shipped pack are slow on a loaded 2-core machine: allow far more than the default.
describe("capsule pack check", { timeout: 120_000 }, () => {
  const home = tempHome();
  const check = (dir: string, ...more: string[]) => capsule(["pack", "check", dir, "--home", home, ...more]);

  it("passes the good fixture (exit 0), with a hint under its warning", async () => {
    const out = await check(join(FIXTURE_ROOT, "good"));
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/admitted @cli-fixture\/good {2}sha256 [0-9a-f]{12} {2}exports: countWords, debug/);
    expect(out.stdout).toContain("warning forbidden-global-guarded");
    expect(out.stdout).toContain("hint: nothing to fix");
    expect(out.stdout).toMatch(/^ok: 1 admitted, 0 pending, 0 refused$/m);
  });

  it("refuses the fixture reading process.env (exit 1) and says how to fix it", async () => {
    const out = await check(join(FIXTURE_ROOT, "refused"));
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("refused  @cli-fixture/refused  npm-module-forbidden-global");
    expect(out.stdout).toContain("src/index.js:2:21");
    expect(out.stdout).toMatch(/hint: `process` does not exist in the sandbox: guard it with a typeof feature test/);
  });

  it("names the builtin a dependency needs in the hint", async () => {
    const out = await check(join(FIXTURES, "builtin-pack"));
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`hint: this library needs Node's "node:fs" (imported by node_modules/needs-fs/index.js); pick a dependency without it, import a narrower subpath, or ask for a host module`);
  });

  it("refuses an invalid manifest (exit 1), naming the field path", async () => {
    const out = await check(join(FIXTURES, "invalid-manifest"));
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`error manifest-invalid at capsule.modules['.'].kind`);
    expect(out.stdout).toContain(`(got "gues")`);
    expect(out.stdout).toContain("hint: edit `capsule.modules['.'].kind` in package.json");
  });

  it("reports a folder without package.json as manifest-unreadable (exit 1)", async () => {
    const out = await check(FIXTURES);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("error manifest-unreadable");
  });

  it("prints the report as JSON with --json", async () => {
    const json = JSON.parse((await check(join(FIXTURE_ROOT, "refused"), "--json")).stdout);
    expect(json.ok).toBe(false);
    expect(json.pack).toEqual({ name: "@cli-fixture/refused", version: "0.0.1" });
    expect(json.modules[0]).toMatchObject({ specifier: "@cli-fixture/refused", status: "refused", code: "npm-module-forbidden-global" });
    expect(json.modules[0].diagnostics[0].hint).toMatch(/guard it/);
  });

  it("does not replace the saved catalog (it compiles the pack alone)", async () => {
    const listed = JSON.parse((await capsule(["packs", "list", "--home", home, "--json"])).stdout);
    expect(listed.packs.some((p: { name: string }) => p.name.startsWith("@cli-fixture/"))).toBe(false);
  });

  it("lists refusals first and collapses repeated warnings into one line with their count and places", async () => {
    const out = await check(join(FIXTURES, "stale-docs-pack"));
    const lines = out.stdout.split("\n");
    const first = lines.findIndex((l) => /^ {2}(refused|admitted|pending) /.test(l));
    expect(lines[first]).toContain("refused  @cli-fixture/xml/bad");
    const noisy = lines.filter((l) => l.includes("warning forbidden-global-deferred"));
    expect(noisy).toHaveLength(1);
    expect(noisy[0]).toMatch(/×5 at src\/noisy\.js:2:\d+, src\/noisy\.js:3:\d+, src\/noisy\.js:4:\d+, src\/noisy\.js:5:\d+, and 1 more/);
    expect(out.stdout.match(/hint: nothing to fix at load/g)).toHaveLength(1);
  });

  it("refuses a .d.ts and a SKILL.md that document exports the module does not have", async () => {
    const out = await check(join(FIXTURES, "stale-docs-pack"));
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`error pack-types-stale: index.d.ts declares an export of "@cli-fixture/xml" the module does not have: greet (it exports build, parse)`);
    expect(out.stdout).toContain(`declares module "@cli-fixture/xml/gone", which is not a module of this pack`);
    expect(out.stdout).toContain(`error pack-skill-stale: SKILL.md's examples import toXml from "@cli-fixture/xml"`);
    // a real export the .d.ts leaves out is a warning; interfaces are not exports
    expect(out.stdout).toContain(`warning pack-types-incomplete: "@cli-fixture/xml" exports build, which index.d.ts does not declare`);
    expect(out.stdout).not.toMatch(/Options \(it exports/);
    expect(out.stdout).toMatch(/the pack's declarations or examples are stale/);
  });

  it("exits 2 when <dir> is not a folder or is missing", async () => {
    expect((await check(join(FIXTURES, "nowhere"))).status).toBe(2);
    expect((await capsule(["pack", "check"])).status).toBe(2);
  });
});
