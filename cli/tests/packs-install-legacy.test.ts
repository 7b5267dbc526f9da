// A home of the earlier layout — a real <home>/packs folder and a real <home>/ledger.json file — keeps working: runs
// read it as before, and the first install moves it into a generation (then <home>/packs and <home>/ledger.json are
// links), keeping what was installed. Offline: folder packs only.

import { cpSync, lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const offline = { env: { npm_config_offline: "true" } };
const work = tempDir("capsule-legacy-");

function makePack(name: string, word: string): string {
  const dir = join(work, name.replace(/[@/]/g, "_"));
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
  writeFileSync(join(dir, "src", "index.js"), `export const word = ${JSON.stringify(word)};`);
  return dir;
}

const importWord = async (home: string, name: string) => JSON.parse((await capsule(["run", "-", "--home", home, "--json"], { input: `import { word } from "${name}"; return word` })).stdout);

describe("a home of the earlier layout", () => {
  it("is read as before, and the first install moves it into a generation keeping what was installed", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", makePack("@acme/old", "old"), "--home", home], offline)).status).toBe(0);
    // Turn it into the earlier layout: the generation's contents as a real folder, the ledger as a real file.
    const generation = join(home, readlinkSync(join(home, "packs")));
    rmSync(join(home, "packs"));
    cpSync(generation, join(home, "packs"), { recursive: true });
    rmSync(join(home, "installs"), { recursive: true });
    rmSync(join(home, "ledger.json"));
    renameSync(join(home, "packs", "ledger.json"), join(home, "ledger.json"));
    expect(await importWord(home, "@acme/old")).toMatchObject({ ok: true, value: "old" });

    const out = await capsule(["packs", "install", makePack("@acme/new", "new"), "--home", home], offline);
    expect(out.status, out.stderr).toBe(0);
    expect(lstatSync(join(home, "packs")).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(home, "ledger.json")).isSymbolicLink()).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs).sort()).toEqual(["@acme/new", "@acme/old"]);
    expect(await importWord(home, "@acme/old")).toMatchObject({ ok: true, value: "old" });
    expect(await importWord(home, "@acme/new")).toMatchObject({ ok: true, value: "new" });
    expect((await capsule(["packs", "audit", "--home", home])).status).toBe(0);
  }, 240_000);
});
