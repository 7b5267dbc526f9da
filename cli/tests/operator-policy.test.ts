import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempHome, spawnAsync } from "./helpers.js";

describe("the operator's pack policy (<home>/policy.json)", () => {
  it("restricts which packs runs may import, by name or scope, for every command", async () => {
    const home = tempHome();
    writeFileSync(join(home, "policy.json"), JSON.stringify({ packs: ["@capsule/yaml"] }));
    const allowed = await capsule(["run", "-", "--home", home, "--value"], { input: 'import yaml from "@capsule/yaml"; return yaml.load("a: 1").a' });
    expect(allowed.stdout).toBe("1\n");
    const denied = await capsule(["run", "-", "--home", home, "--json"], { input: 'import { marked } from "@capsule/markdown"; return 1' });
    expect(denied.status).toBe(1);
    expect(JSON.parse(denied.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(denied.stderr).toContain("pack-not-allowed");
    const catalog = JSON.parse(readFileSync(join(home, "catalog.json"), "utf8"));
    expect(catalog.modules.map((m: { pack: string }) => m.pack)).toEqual(["@capsule/yaml"]);
    expect(catalog.refused.find((r: { pack: string }) => r.pack === "@capsule/markdown").code).toBe("pack-not-allowed");
  }, 240_000);

  it("allows a scope with a wildcard", async () => {
    const home = tempHome();
    writeFileSync(join(home, "policy.json"), JSON.stringify({ packs: ["@capsule/*"] }));
    const out = await capsule(["run", "-", "--home", home, "--value"], { input: 'import { marked } from "@capsule/markdown"; return marked.parse("# hi").trim()' });
    expect(out.stdout).toBe("<h1>hi</h1>\n");
  }, 240_000);
});
