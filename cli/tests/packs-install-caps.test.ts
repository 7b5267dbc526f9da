// The install caps (the compiler's INSTALL_LIMITS rows) are checked in the staging folder, before anything lands in
// the install root: an undeclared 70 MiB blob is refused by the default PACK_INSTALL_MAX_BYTES (64 MiB), a pack over a
// tightened --max-files is refused naming the count, a cap above its ceiling is bad usage; and npm creates no bin links
// in the install root. Offline: folder packs only.

import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INSTALL_LIMITS } from "@capsule/compiler";
import { capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const offline = { env: { npm_config_offline: "true" } };
const work = tempDir("capsule-caps-");

function makePack(dir: string, name: string, extra: Record<string, unknown>, files: Record<string, string | Buffer>): string {
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", ...extra, capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
  writeFileSync(join(dir, "src", "index.js"), `export const ok = true;`);
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  return dir;
}

function expectNothingInstalled(home: string): void {
  expect(existsSync(join(home, "packs", "node_modules", "@acme"))).toBe(false);
  expect(existsSync(join(home, "ledger.json")) ? JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs : {}).toEqual({});
  expect(readdirSync(join(home, "installs"))).toHaveLength(1); // the staging generation is gone
}

describe("install caps and bin links", () => {
  it("refuses an undeclared 70 MiB blob with the default byte cap, before it lands in the install root", async () => {
    // Random bytes: npm itself refuses a tarball that decompresses more than 1000-fold (a blob of zeros).
    const blob = makePack(join(work, "blob"), "@acme/blob", {}, { "data/blob.bin": randomBytes(70 * 1024 * 1024) });
    const home = tempHome();
    const out = await capsule(["packs", "install", blob, "--home", home], offline);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("pack-install-too-large");
    expect(out.stderr).toMatch(/70\.0 MiB unpacked, over the 64\.0 MiB cap/);
    expect(out.stderr).not.toContain("checking"); // refused before the pack was compiled
    expectNothingInstalled(home);
  }, 240_000);

  it("refuses a pack over a tightened --max-files, naming the count; a cap above its ceiling is bad usage", async () => {
    const files = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`data/f${i}.txt`, `${i}`]));
    const many = makePack(join(work, "many"), "@acme/many", {}, files);
    const home = tempHome();
    const out = await capsule(["packs", "install", many, "--home", home, "--max-files", "100"], offline);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("pack-install-too-many-files");
    expect(out.stderr).toMatch(/would add 12\d files, over the 100-file cap/);
    expectNothingInstalled(home);
    const above = await capsule(["packs", "install", many, "--home", home, "--max-files", String(INSTALL_LIMITS.PACK_INSTALL_MAX_FILES.ceiling + 1)], offline);
    expect(above.status).toBe(2);
    expect(above.stderr).toContain("above its ceiling");
    expect((await capsule(["packs", "install", many, "--home", home], offline)).status).toBe(0); // 10 000 by default
  }, 240_000);

  it("creates no bin links in the install root", async () => {
    const withBin = makePack(join(work, "bin"), "@acme/with-bin", { bin: { "acme-tool": "bin/tool.js" } }, { "bin/tool.js": "#!/usr/bin/env node\nconsole.log('tool')\n" });
    const home = tempHome();
    const out = await capsule(["packs", "install", withBin, "--home", home], offline);
    expect(out.status, out.stderr).toBe(0);
    expect(existsSync(join(home, "packs", "node_modules", "@acme", "with-bin", "bin", "tool.js"))).toBe(true);
    expect(existsSync(join(home, "packs", "node_modules", ".bin"))).toBe(false);
  }, 240_000);
});
