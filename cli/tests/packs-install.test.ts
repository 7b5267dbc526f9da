// Installing third-party packs through the real npm client (offline here: local folders and tarballs), the
// ledger, rollback of a refused pack, audit of changed files, uninstall.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const offline = { env: { npm_config_offline: "true" } };

function makePack(dir: string, name: string, capsuleField: unknown, files: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", capsule: capsuleField }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("capsule packs install, uninstall and audit", () => {
  const work = tempDir("capsule-install-");
  const good = makePack(join(work, "greet"), "@acme/greet", { modules: { ".": { kind: "guest", source: "src/index.js" } } }, { "src/index.js": 'export const greet = (n) => "hello " + n;' });
  const forged = makePack(join(work, "forged"), "@evil/csv", { modules: { ".": { kind: "host", host: "capsule.csv" } } });

  it("installs from a directory, records it in the ledger, and the catalog serves it with no restart", async () => {
    const home = tempHome();
    const out = await capsule(["packs", "install", good, "--home", home, "--json"], offline);
    expect(out.status, out.stderr).toBe(0);
    const entry = JSON.parse(out.stdout);
    expect(entry).toMatchObject({ name: "@acme/greet", version: "1.0.0", source: good, filesDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(Object.keys(entry.modules)).toEqual(["@acme/greet"]);
    expect(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs["@acme/greet"].version).toBe("1.0.0");
    const run = await capsule(["run", "-", "--home", home, "--value"], { input: 'import { greet } from "@acme/greet"; return greet("you")' });
    expect(run.stdout).toBe("hello you\n");
  }, 240_000);

  it("installs from a tarball the test builds", async () => {
    const home = tempHome();
    const packed = await spawnAsync("npm", ["pack", good, "--pack-destination", work, "--loglevel=error"], { cwd: work });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = join(work, packed.stdout.trim().split("\n").pop()!);
    const out = await capsule(["packs", "install", tarball, "--home", home], offline);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain("installed @acme/greet@1.0.0");
    expect(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs["@acme/greet"].integrity).toMatch(/^sha512-/);
  }, 240_000);

  it("refuses a pack that declares a host id it is not pinned to, and leaves the install root as it was", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", good, "--home", home], offline)).status).toBe(0);
    const manifestBefore = readFileSync(join(home, "packs", "package.json"), "utf8");
    const lockBefore = readFileSync(join(home, "packs", "package-lock.json"), "utf8");
    const out = await capsule(["packs", "install", forged, "--home", home], offline);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("host-id-not-pinned");
    expect(readFileSync(join(home, "packs", "package.json"), "utf8")).toBe(manifestBefore);
    expect(readFileSync(join(home, "packs", "package-lock.json"), "utf8")).toBe(lockBefore);
    expect(existsSync(join(home, "packs", "node_modules", "@evil"))).toBe(false);
    expect(Object.keys(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs)).toEqual(["@acme/greet"]);
  }, 240_000);

  it("audits installed files against the ledger and the catalog, reporting drift", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", good, "--home", home], offline)).status).toBe(0);
    expect((await capsule(["packs", "audit", "--home", home])).status).toBe(0);
    writeFileSync(join(home, "packs", "node_modules", "@acme", "greet", "src", "index.js"), 'export const greet = () => "tampered";');
    const audit = await capsule(["packs", "audit", "--home", home, "--json"]);
    expect(audit.status).toBe(1);
    const problems = JSON.parse(audit.stdout).findings.map((f: { problem: string }) => f.problem);
    expect(problems).toEqual(["installed files changed since install: src/index.js changed", expect.stringMatching(/^@acme\/greet digest drifted/)]);
  }, 240_000);

  it("uninstalls, and the module is gone from the catalog", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", good, "--home", home], offline)).status).toBe(0);
    expect((await capsule(["packs", "uninstall", "@acme/greet", "--home", home], offline)).status).toBe(0);
    expect(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs).toEqual({});
    const run = await capsule(["run", "-", "--home", home, "--json"], { input: 'import { greet } from "@acme/greet"; return 1' });
    expect(JSON.parse(run.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect((await capsule(["packs", "uninstall", "@acme/greet", "--home", home], offline)).status).toBe(2);
    // Names every object has are not installed packs either.
    for (const name of ["toString", "constructor", "__proto__"]) {
      const refused = await capsule(["packs", "uninstall", name, "--home", home], offline);
      expect([name, refused.status, refused.stderr]).toEqual([name, 2, expect.stringContaining("is not installed")]);
    }
  }, 240_000);
});
