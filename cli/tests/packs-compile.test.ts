import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { capsule, CLI, FIXTURE_ROOT, rowOf, tempHome, spawnAsync } from "./helpers.js";

// util-linux `script` gives the CLI a pseudo-terminal, to see the progress bar a person would see.
const hasScript = spawnSync("script", ["--version"], {}).status === 0;

// Cold compiles of every shipped pack are slow on a loaded 2-core machine: allow far more than the default.
describe("capsule packs compile", { timeout: 120_000 }, () => {
  const home = tempHome();
  const args = ["packs", "compile", "--home", home, "--packs", FIXTURE_ROOT];
  let first: Awaited<ReturnType<typeof capsule>>;
  beforeAll(async () => {
    first = await capsule(args);
  }, 240_000);

  it("compiles the shipped packs and the fixture root, and exits 1 because one module is refused", async () => {
    expect(first.status).toBe(1);
    expect(rowOf(first.stdout, "@capsule/yaml")).toMatch(/│ compiled\s+│/);
    expect(rowOf(first.stdout, "@cli-fixture/good")).toMatch(/│ compiled\s+│/);
    expect(rowOf(first.stdout, "@cli-fixture/refused")).toMatch(/│ skipped\s+│ npm-module-forbidden-global\s+│ uses globals the sandbox does not/);
    expect(first.stdout).toMatch(/\d+ modules: \d+ compiled, 0 cached, \d+ skipped, \d+ refused, \d+ pending(, \d+ host admitted)?; \d+ warnings?; \d+ ms, \d+ esbuild builds?/);
  });

  it("shows warnings in the row of the module they belong to", async () => {
    const lines = first.stdout.split("\n");
    const at = lines.findIndex((l) => l.includes("│ @cli-fixture/good "));
    const rowText = lines.slice(at, lines.findIndex((l, i) => i > at && /│ @/.test(l))).join(" ");
    expect(rowText).toContain("warning forbidden-global-guarded");
  });

  it("draws no progress bar when stderr is not a terminal", async () => {
    expect(first.stderr).not.toContain("compiling");
  });

  it.skipIf(!hasScript)("draws a progress bar on stderr when it is a terminal", async () => {
    const command = `'${process.execPath}' '${CLI}' packs compile --home '${home}' --packs '${FIXTURE_ROOT}' 2>&1 >/dev/null`;
    const out = await spawnAsync("script", ["-qc", command, "/dev/null"], { env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    expect(out.stdout).toMatch(/compiling .* \d+\/\d+/);
  });

  it("saves the catalog to <home>/catalog.json atomically (no temp files left)", async () => {
    const catalog = JSON.parse(readFileSync(join(home, "catalog.json"), "utf8"));
    expect(catalog.version).toBe(1);
    expect(catalog.modules.map((m: { specifier: string }) => m.specifier)).toEqual(expect.arrayContaining(["@capsule/yaml", "@cli-fixture/good"]));
    expect(readdirSync(home).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(existsSync(join(home, "packs", "node_modules"))).toBe(true);
    expect(existsSync(join(home, "cache"))).toBe(true);
  });

  it("prints { catalog, diagnostics, stats } with --json, and a second run reports cached", async () => {
    const out = await capsule([...args, "--json"]);
    expect(out.status).toBe(1);
    const json = JSON.parse(out.stdout);
    expect(json.catalog.modules.find((m: { specifier: string }) => m.specifier === "@cli-fixture/good")).toBeDefined();
    expect(Object.keys(json).sort()).toEqual(["catalog", "diagnostics", "stats"]);
    expect(json.stats.cached).toBeGreaterThanOrEqual(2);
    expect(json.catalog.refused).toContainEqual(expect.objectContaining({ specifier: "@cli-fixture/refused", code: "npm-module-forbidden-global" }));
    expect(json.diagnostics).toContainEqual(expect.objectContaining({ specifier: "@cli-fixture/good", code: "forbidden-global-guarded", severity: "warning" }));

    const again = await capsule(args);
    expect(rowOf(again.stdout, "@capsule/yaml")).toMatch(/│ cached\s+│/);
    expect(rowOf(again.stdout, "@cli-fixture/good")).toMatch(/│ cached\s+│/);
    expect(again.stdout).toMatch(/\d+ compiled, [1-9]\d* cached, \d+ skipped/);
  });

  it("rebuilds everything with --force", async () => {
    const json = JSON.parse((await capsule([...args, "--force", "--json"])).stdout);
    expect(json.stats.cached).toBe(0);
    expect(json.stats.compiled).toBeGreaterThanOrEqual(2);
  });

  it("exits 1 exactly when something is skipped or refused (shipped packs alone)", async () => {
    const out = await capsule(["packs", "compile", "--home", tempHome(), "--json"]);
    const json = JSON.parse(out.stdout);
    expect(json.catalog.modules.some((m: { specifier: string }) => m.specifier === "@capsule/yaml")).toBe(true);
    expect(out.status).toBe(json.catalog.refused.length > 0 || json.stats.skipped > 0 ? 1 : 0);
  });

  it("reports a missing --packs folder as a warning, and picks up CAPSULE_PACK_PATH", async () => {
    const out = await capsule(["packs", "compile", "--home", home, "--packs", join(home, "nope")], { env: { CAPSULE_PACK_PATH: FIXTURE_ROOT } });
    expect(out.stdout).toMatch(/warning root-unreadable: .*nope/);
    expect(rowOf(out.stdout, "@cli-fixture/good")).toBeDefined();
  });

  it("prunes with --prune: reports what it removed and keeps what the catalog uses", async () => {
    const out = await capsule([...args, "--prune"]);
    expect(out.stdout).toMatch(/pruned: \d+ unused cache file\(s\), \d+ KiB freed; \d+ in use kept, \d+ unused but under an hour old kept/);
    const json = JSON.parse((await capsule([...args, "--prune", "--json"])).stdout);
    expect(json.prune).toMatchObject({ removedFiles: expect.any(Number), keptFiles: expect.any(Number) });
    expect(json.prune.keptFiles).toBeGreaterThan(0);
    expect(json.stats.bundlerCalls).toBe(0);
  });

  it("exits 2 on an unknown option", async () => {
    expect((await capsule(["packs", "compile", "--home", home, "--frobnicate"])).status).toBe(2);
  });
});
