import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, FIXTURE_ROOT, FIXTURES, rowOf, tempHome, spawnAsync } from "./helpers.js";

const cells = (row: string | undefined) => (row ?? "").split("│").slice(1, -1).map((c) => c.trim());

// Cold compiles of every shipped pack are slow on a loaded 2-core machine: allow far more than the default.
describe("capsule packs list", { timeout: 120_000 }, () => {
  const home = tempHome();

  it("compiles first when there is no catalog, then lists @capsule/yaml as admitted with a 12-char digest", async () => {
    expect(existsSync(join(home, "catalog.json"))).toBe(false);
    const out = await capsule(["packs", "list", "--home", home]);
    expect(out.status).toBe(0);
    expect(out.stderr).toContain("capsule: compiling the packs into");
    expect(existsSync(join(home, "catalog.json"))).toBe(true);
    const [specifier, kind, version, digest, status] = cells(rowOf(out.stdout, "@capsule/yaml"));
    expect({ specifier, kind, status }).toEqual({ specifier: "@capsule/yaml", kind: "guest", status: "admitted" });
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(digest).toMatch(/^[0-9a-f]{12}$/);
  });

  it("prints full sha256 digests with --json, matching the table's prefix", async () => {
    const table = await capsule(["packs", "list", "--home", home]);
    expect(table.stderr).not.toContain("compiling");
    const short = cells(rowOf(table.stdout, "@capsule/yaml"))[3];
    const json = JSON.parse((await capsule(["packs", "list", "--home", home, "--json"])).stdout);
    const yaml = json.packs.find((p: { name: string }) => p.name === "@capsule/yaml");
    expect(yaml.version).toMatch(/^\d+\.\d+\.\d+/);
    const mod = yaml.modules.find((m: { specifier: string }) => m.specifier === "@capsule/yaml");
    expect(mod).toMatchObject({ kind: "guest", status: "admitted" });
    expect(mod.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(mod.digest.startsWith(short)).toBe(true);
    expect(mod.exports).toContain("load");
    expect(json.catalog).toBe(join(home, "catalog.json"));
  });

  it("lists the last compiled catalog: refused modules with their code", async () => {
    expect((await capsule(["packs", "compile", "--home", home, "--packs", FIXTURE_ROOT])).status).toBe(1);
    const out = await capsule(["packs", "list", "--home", home]);
    expect(out.status).toBe(0);
    expect(cells(rowOf(out.stdout, "@cli-fixture/refused"))[4]).toBe("refused (npm-module-forbidden-global)");
    expect(cells(rowOf(out.stdout, "@cli-fixture/good"))).toEqual(["@cli-fixture/good", "guest", "1.2.3", expect.stringMatching(/^[0-9a-f]{12}$/), "admitted"]);
  });

  it("shows wasm modules admitted by their binary's rules and host declarations with the registry's verdict, with their kind", async () => {
    const out = await capsule(["packs", "list", "--home", home, "--refresh", "--packs", join(FIXTURES, "pending-root")]);
    expect(out.status).toBe(0);
    expect(cells(rowOf(out.stdout, "@cli-fixture/hosted/add"))).toEqual(["@cli-fixture/hosted/add", "wasm", "0.3.0", expect.stringMatching(/^[0-9a-f]{12}$/), "admitted"]);
    expect(cells(rowOf(out.stdout, "@cli-fixture/hosted/parse"))).toEqual(["@cli-fixture/hosted/parse", "host", "0.3.0", "-", "refused (host-id-not-pinned)"]);
    expect(rowOf(out.stdout, "@cli-fixture/refused")).toBeUndefined();
    const json = JSON.parse((await capsule(["packs", "list", "--home", home, "--json"])).stdout);
    const hosted = json.packs.find((p: { name: string }) => p.name === "@cli-fixture/hosted");
    expect(hosted.modules.map((m: { specifier: string; kind: string; status: string }) => [m.specifier, m.kind, m.status])).toEqual([
      ["@cli-fixture/hosted", "guest", "admitted"],
      ["@cli-fixture/hosted/add", "wasm", "admitted"],
      ["@cli-fixture/hosted/parse", "host", "refused"],
    ]);
  });

  it("recompiles when the catalog file is corrupt", async () => {
    writeFileSync(join(home, "catalog.json"), "{ not json");
    const json = JSON.parse((await capsule(["packs", "list", "--home", home, "--json"])).stdout);
    expect(json.packs.some((p: { name: string }) => p.name === "@capsule/yaml")).toBe(true);
  });
});
