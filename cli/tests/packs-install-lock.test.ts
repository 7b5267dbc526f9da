// Installs into one home take its lock (<home>/.lock): a second real CLI install started while the first sits inside npm
// (its tarball held back by the loopback registry) waits, then both succeed with nothing left behind; a live holder
// makes the next install wait, or refuse with home-locked once --wait runs out (naming the holder); a dead holder's
// lock is taken over. Never the public network.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capsuleAsync, fixtureRegistry, type FixtureRegistry } from "./fixture-registry.js";
import { capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const offline = { npm_config_offline: "true" };
const work = tempDir("capsule-lock-");

function makePack(name: string, word: string): string {
  const dir = join(work, name.replace(/[@/]/g, "_"));
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
  writeFileSync(join(dir, "src", "index.js"), `export const word = ${JSON.stringify(word)};`);
  return dir;
}

const one = makePack("@acme/one", "first");
const manifest = { capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } };
let registry: FixtureRegistry;
beforeAll(async () => {
  registry = await fixtureRegistry();
  registry.publish("@acme/one", "1.0.0", manifest, { "src/index.js": `export const word = "first";` });
  registry.publish("@acme/two", "1.0.0", manifest, { "src/index.js": `export const word = "second";` });
}, 240_000);
afterAll(() => registry.close());
const importWord = async (home: string, name: string) => JSON.parse((await capsule(["run", "-", "--home", home, "--json"], { input: `import { word } from "${name}"; return word` })).stdout);
const lockOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return JSON.stringify({ pid, host: hostname(), start: stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19], nonce: "test-holder", command: "a test holding the lock", since: new Date().toISOString() });
};

describe("the home's lock", () => {
  it("a second install waits while the first is mid-npm, then both succeed, leaving neither backups nor staging behind", async () => {
    const home = tempHome();
    const stall = registry.stallTarballs("@acme/one");
    const a = capsuleAsync(["packs", "install", "@acme/one", "--home", home], registry.env());
    await stall.requested; // the first install now sits inside npm, holding the lock
    const b = capsuleAsync(["packs", "install", "@acme/two", "--home", home], registry.env());
    const first = await Promise.race([b.stderrLine(/waiting for packs install @acme\/one/).then(() => "waited"), b.done.then(() => "finished")]);
    expect(first).toBe("waited");
    stall.deliver();
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.status, ra.stderr).toBe(0);
    expect(rb.status, rb.stderr).toBe(0);
    for (const r of [ra, rb]) expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(Object.keys(JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs).sort()).toEqual(["@acme/one", "@acme/two"]);
    expect(await importWord(home, "@acme/one")).toMatchObject({ ok: true, value: "first" });
    expect(await importWord(home, "@acme/two")).toMatchObject({ ok: true, value: "second" });
    expect(readdirSync(home).filter((f) => /backup|^\.packs-|\.lock/.test(f))).toEqual([]);
    expect(readdirSync(join(home, "installs"))).toHaveLength(1);
    expect((await capsule(["packs", "audit", "--home", home])).status).toBe(0);
  }, 240_000);

  it("a live holder: the install waits for it, and with --wait 0 is refused with home-locked naming it", async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, ".lock"), lockOf(process.pid)); // this test process: alive on this host
    const refused = await capsule(["packs", "install", one, "--home", home, "--wait", "0"], { env: offline });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("home-locked");
    expect(refused.stderr).toContain(`a test holding the lock, pid ${process.pid}`);
    expect(existsSync(join(home, "packs", "node_modules", "@acme"))).toBe(false);

    const waiting = capsuleAsync(["packs", "install", one, "--home", home, "--wait", "120000"], offline);
    await waiting.stderrLine(/waiting for a test holding the lock/);
    rmSync(join(home, ".lock")); // the holder finishes
    const out = await waiting.done;
    expect(out.status, out.stderr).toBe(0);
    expect(await importWord(home, "@acme/one")).toMatchObject({ ok: true, value: "first" });
  }, 240_000);

  it("a dead holder's lock (kill -9 left it) is taken over without waiting", async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
    writeFileSync(join(home, ".lock"), JSON.stringify({ pid: gone, host: hostname(), nonce: "dead", command: "a killed install", since: new Date().toISOString() }));
    const out = await capsule(["packs", "install", one, "--home", home, "--wait", "0"], { env: offline });
    expect(out.status, out.stderr).toBe(0);
    expect(out.stderr).not.toContain("waiting");
    expect(existsSync(join(home, ".lock"))).toBe(false);
  }, 240_000);
});
