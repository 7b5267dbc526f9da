// Install refusals and audits that explain themselves: a refused install carries each cause's own code and hint (the
// code tables, as `pack check` prints them), not only "read the reason"; `packs audit` names the files that changed,
// were added or removed since the install. Offline (local folders).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hintFor } from "../src/hints.js";
import { capsuleAsync, tempDir, tempHome } from "./helpers.js";

const offline = { env: { npm_config_offline: "true" } };
const work = tempDir("capsule-install-explain-");

function makePack(dir: string, name: string, capsuleField: unknown, files: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", capsule: capsuleField }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("install refusals and audits that explain themselves", () => {
  it("a refused install prints the cause's code with that code's hint", async () => {
    const forged = makePack(join(work, "forged"), "@evil/csv", { modules: { ".": { kind: "host", host: "capsule.csv" } } });
    const out = await capsuleAsync(["packs", "install", forged, "--home", tempHome()], offline);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain("pack-install-refused");
    expect(out.stderr).toContain(`hint (host-id-not-pinned): ${hintFor({ code: "host-id-not-pinned" })}`);
    expect(out.stderr).not.toContain(hintFor({ code: "pack-install-refused" }));
  }, 120_000);

  it("a refusal without a finer cause keeps its own code's hint", async () => {
    const plain = join(work, "plain");
    mkdirSync(plain, { recursive: true });
    writeFileSync(join(plain, "package.json"), JSON.stringify({ name: "@acme/plain", version: "1.0.0" }));
    const out = await capsuleAsync(["packs", "install", plain, "--home", tempHome()], offline);
    expect(out.status).toBe(1);
    expect(out.stderr).toContain(`hint: ${hintFor({ code: "pack-install-refused" })}`);
  }, 120_000);

  it("packs audit names each file changed, added or removed", async () => {
    const home = tempHome();
    const pack = makePack(join(work, "greet"), "@acme/greet", { modules: { ".": { kind: "guest", source: "src/index.js" } } }, {
      "src/index.js": 'export const greet = (n) => "hello " + n;',
      "README.md": "# greet",
    });
    const installed = await capsuleAsync(["packs", "install", pack, "--home", home], offline);
    expect(installed.status, installed.stderr).toBe(0);
    const dir = join(home, "packs", "node_modules", "@acme", "greet");
    writeFileSync(join(dir, "src", "index.js"), 'export const greet = () => "tampered";');
    writeFileSync(join(dir, "src", "extra.js"), "export {}");
    rmSync(join(dir, "README.md"));
    const audit = await capsuleAsync(["packs", "audit", "--home", home]);
    expect(audit.status).toBe(1);
    expect(audit.stdout).toContain("installed files changed since install: src/index.js changed, src/extra.js added, README.md removed");
  }, 120_000);
});
