// `packs install --frozen` refuses resolution drift — an install that would move anything the home's lockfile pins
// (the pack itself to a newer version, here) — with pack-install-drift and its hint, leaving the home as it was; an
// install that pins nothing new passes. Never the public network (a loopback registry).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hintFor } from "../src/hints.js";
import { capsuleAsync, fixtureRegistry, type FixtureRegistry } from "./fixture-registry.js";
import { tempHome } from "./helpers.js";

const manifest = { capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } };
let registry: FixtureRegistry;
beforeAll(async () => {
  registry = await fixtureRegistry();
  registry.publish("@acme/pinned", "1.0.0", manifest, { "src/index.js": `export const word = "one";` });
  registry.publish("@acme/fresh", "1.0.0", manifest, { "src/index.js": `export const word = "fresh";` });
}, 60_000);
afterAll(() => registry.close());

const install = (home: string, spec: string, ...flags: string[]) => capsuleAsync(["packs", "install", spec, "--home", home, ...flags], registry.env()).done;
const state = (home: string) => ({ ledger: readFileSync(join(home, "ledger.json"), "utf8"), lock: readFileSync(join(home, "packs", "package-lock.json"), "utf8"), generations: readdirSync(join(home, "installs")) });

describe("packs install --frozen", () => {
  it("refuses to move a locked version, and accepts an install that pins nothing new", async () => {
    const home = tempHome();
    expect((await install(home, "@acme/pinned")).status).toBe(0);
    registry.publish("@acme/pinned", "1.1.0", manifest, { "src/index.js": `export const word = "two";` });
    const before = state(home);
    const frozen = await install(home, "@acme/pinned@^1.1.0", "--frozen");
    expect(frozen.status).toBe(1);
    expect(frozen.stderr).toContain("pack-install-drift");
    expect(frozen.stderr).toContain("@acme/pinned: 1.0.0 → 1.1.0");
    expect(frozen.stderr).toContain(`hint: ${hintFor({ code: "pack-install-drift" })}`);
    expect(state(home)).toEqual(before);
    // The locked version again is no drift (and a no-op); a pack the lockfile does not pin yet is no drift either.
    const same = await install(home, "@acme/pinned@1.0.0", "--frozen");
    expect([same.status, same.stdout]).toEqual([0, expect.stringContaining("already installed")]);
    const fresh = await install(home, "@acme/fresh", "--frozen");
    expect(fresh.status, fresh.stderr).toBe(0);
    // Without --frozen the new resolution is accepted.
    const moved = await install(home, "@acme/pinned@^1.1.0");
    expect(moved.status, moved.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs["@acme/pinned"].version).toBe("1.1.0");
  }, 300_000);
});
