// Reinstalling a pack at the version the home already has is a no-op that exits 0 (the same generation stays current,
// the ledger untouched), whether named by registry spec or by the same range; a folder spec whose files changed is
// installed anew. The home's lockfile is honoured: another pack's locked version is not re-resolved by an install.
// Never the public network (a loopback registry).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capsuleAsync, fixtureRegistry, type FixtureRegistry } from "./fixture-registry.js";
import { tempDir, tempHome } from "./helpers.js";

const manifest = { capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } };
let registry: FixtureRegistry;
beforeAll(async () => {
  registry = await fixtureRegistry();
  registry.publish("@acme/again", "1.0.0", manifest, { "src/index.js": `export const word = "one";` });
  registry.publish("@acme/other", "1.0.0", manifest, { "src/index.js": `export const word = "other one";` });
}, 60_000);
afterAll(() => registry.close());

const install = (home: string, spec: string, ...flags: string[]) => capsuleAsync(["packs", "install", spec, "--home", home, ...flags], registry.env()).done;
const ledger = (home: string) => readFileSync(join(home, "ledger.json"), "utf8");

describe("reinstalling a pack", () => {
  it("at the installed version is a no-op that exits 0 and changes nothing", async () => {
    const home = tempHome();
    const first = await install(home, "@acme/again");
    expect(first.status, first.stderr).toBe(0);
    const before = { ledger: ledger(home), generations: readdirSync(join(home, "installs")) };
    for (const spec of ["@acme/again", "@acme/again@1.0.0", "@acme/again@^1"]) {
      const again = await install(home, spec);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toContain("@acme/again@1.0.0 is already installed");
      expect({ ledger: ledger(home), generations: readdirSync(join(home, "installs")) }).toEqual(before);
    }
  }, 240_000);

  it("keeps another pack at its locked version (the home's lockfile is honoured)", async () => {
    const home = tempHome();
    expect((await install(home, "@acme/other")).status).toBe(0);
    registry.publish("@acme/other", "1.1.0", manifest, { "src/index.js": `export const word = "other two";` });
    expect((await install(home, "@acme/again")).status).toBe(0);
    const packs = JSON.parse(ledger(home)).packs;
    expect(packs["@acme/other"].version).toBe("1.0.0");
  }, 240_000);

  it("from a folder whose files changed installs the new files", async () => {
    const home = tempHome();
    const dir = join(tempDir("capsule-reinstall-"), "local");
    mkdirSync(join(dir, "src"), { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@acme/local", version: "1.0.0", type: "module", ...manifest }));
    writeFileSync(join(dir, "src", "index.js"), `export const word = "before";`);
    expect((await install(home, dir)).status).toBe(0);
    const same = await install(home, dir);
    expect([same.status, same.stdout]).toEqual([0, expect.stringContaining("is already installed")]);
    writeFileSync(join(dir, "src", "index.js"), `export const word = "after";`);
    const changed = await install(home, dir);
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).toContain("installed @acme/local@1.0.0");
    expect(readFileSync(join(home, "packs", "node_modules", "@acme", "local", "src", "index.js"), "utf8")).toContain("after");
  }, 240_000);
});
