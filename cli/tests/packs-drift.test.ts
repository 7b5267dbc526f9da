// What runs is what was installed: after an installed pack's files change (or a dependency outside its folder does),
// every command that compiles the home's catalog — run, packs compile, packs list — refuses it with pack-drifted and
// a hint, instead of compiling the changed code; a pack copied into the install root by hand is pack-not-installed.
// audit still reports the drift in full; a reinstall brings the pack back. Offline: folder packs only.

import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempDir, tempHome, spawnAsync } from "./helpers.js";

const offline = { env: { npm_config_offline: "true" } };
const work = tempDir("capsule-drift-");

function write(dir: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const greet = write(join(work, "greet"), {
  "package.json": JSON.stringify({ name: "@acme/greet", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }),
  "src/index.js": `export const greet = (n) => "hello " + n;`,
});
const runGreet = (home: string) => capsule(["run", "-", "--home", home, "--json"], { input: `import { greet } from "@acme/greet"; return greet("you")` });

describe("drifted installed packs are refused, never recompiled", () => {
  it("a changed file: run, packs compile and packs list refuse it with pack-drifted and a hint; audit reports it; a reinstall restores it", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", greet, "--home", home], offline)).status).toBe(0);
    expect(JSON.parse((await runGreet(home)).stdout)).toMatchObject({ ok: true, value: "hello you" });
    writeFileSync(join(home, "packs", "node_modules", "@acme", "greet", "src", "index.js"), `export const greet = () => "tampered";`);

    const run = await runGreet(home);
    expect(JSON.parse(run.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(run.stdout).not.toContain("tampered");
    expect(run.stderr).toContain("@acme/greet was refused by the compiler (pack-drifted)");
    expect(run.stderr).toContain(`reinstall it (\`capsule packs install ${greet}\`)`);

    const compiled = await capsule(["packs", "compile", "--home", home, "--json"]);
    expect(compiled.status).toBe(1);
    expect(JSON.parse(compiled.stdout).catalog.refused).toContainEqual(expect.objectContaining({ specifier: "@acme/greet", code: "pack-drifted" }));
    const listed = JSON.parse((await capsule(["packs", "list", "--home", home, "--refresh", "--json"])).stdout);
    expect(listed.packs.find((p: { name: string }) => p.name === "@acme/greet").modules).toEqual([expect.objectContaining({ status: "refused", code: "pack-drifted" })]);

    const audit = await capsule(["packs", "audit", "--home", home, "--json"]);
    expect(audit.status).toBe(1);
    expect(JSON.parse(audit.stdout).findings.map((f: { problem: string }) => f.problem)).toEqual([
      "installed files changed since install: src/index.js changed",
      expect.stringMatching(/^@acme\/greet digest drifted/),
    ]);

    expect((await capsule(["packs", "install", greet, "--home", home], offline)).status).toBe(0);
    expect(JSON.parse((await runGreet(home)).stdout)).toMatchObject({ ok: true, value: "hello you" });
    expect((await capsule(["packs", "audit", "--home", home])).status).toBe(0);
  }, 240_000);

  it("a changed dependency outside the pack's folder: the module's digest is not the installed one, so it is refused", async () => {
    write(join(work, "dep"), { "package.json": JSON.stringify({ name: "shout-dep", version: "1.0.0", main: "index.js" }), "index.js": `exports.shout = (s) => s.toUpperCase();` });
    const uses = write(join(work, "uses"), {
      "package.json": JSON.stringify({ name: "@acme/uses", version: "1.0.0", dependencies: { "shout-dep": "file:../dep" }, capsule: { modules: { ".": { kind: "guest", npm: "shout-dep" } } } }),
    });
    const home = tempHome();
    const installed = await capsule(["packs", "install", uses, "--home", home], offline);
    expect(installed.status, installed.stderr).toBe(0);
    const shout = () => capsule(["run", "-", "--home", home, "--json"], { input: `import { shout } from "@acme/uses"; return await shout("hi")` });
    expect(JSON.parse((await shout()).stdout)).toMatchObject({ ok: true, value: "HI" });
    writeFileSync(join(home, "packs", "node_modules", "shout-dep", "index.js"), `exports.shout = () => "tampered";`);
    const run = await shout();
    expect(JSON.parse(run.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(run.stderr).toMatch(/@acme\/uses was refused by the compiler \(pack-drifted\).*not the [0-9a-f]{12} installed/);
  }, 240_000);

  it("a pack copied into the install root by hand is pack-not-installed, and audit lists it", async () => {
    const home = tempHome();
    expect((await capsule(["packs", "install", greet, "--home", home], offline)).status).toBe(0);
    const manual = write(join(work, "manual"), {
      "package.json": JSON.stringify({ name: "@acme/manual", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }),
      "src/index.js": `export const manual = 1;`,
    });
    cpSync(manual, join(home, "packs", "node_modules", "@acme", "manual"), { recursive: true });
    const run = await capsule(["run", "-", "--home", home, "--json"], { input: `import { manual } from "@acme/manual"; return manual` });
    expect(JSON.parse(run.stdout).error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(run.stderr).toContain("(pack-not-installed)");
    expect(JSON.parse((await runGreet(home)).stdout)).toMatchObject({ ok: true, value: "hello you" });
    const audit = await capsule(["packs", "audit", "--home", home, "--json"]);
    expect(audit.status).toBe(1);
    expect(JSON.parse(audit.stdout).findings).toEqual([expect.objectContaining({ pack: "@acme/manual", problem: expect.stringContaining("on disk without a ledger entry") })]);
  }, 240_000);
});
