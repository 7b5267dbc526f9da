// An install killed at any moment (SIGKILL, as `kill -9`) leaves the home as it was: the pack is not importable, the
// ledger has no entry, the install root holds nothing unrecorded, audit names the staging leftover, and the next
// install takes the dead holder's lock over, removes the leftover and succeeds. Killed at three points: as npm
// starts, while npm waits for a tarball the fixture registry holds back (mid-npm), and right after npm (the pack
// being checked). Real CLI processes, a loopback registry; never the public network.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capsuleAsync, fixtureRegistry, type FixtureRegistry, type Running } from "./fixture-registry.js";
import { capsule, tempHome, spawnAsync } from "./helpers.js";

const NAME = "@acme/greet";
let registry: FixtureRegistry;

beforeAll(async () => {
  registry = await fixtureRegistry();
  registry.publish(NAME, "1.0.0", { capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }, { "src/index.js": `export const greet = (n) => "hello " + n;` });
}, 240_000);
afterAll(() => registry.close());

/** Resolves once no process of group `pgid` is left (the CLI and the npm it started). */
async function groupGone(pgid: number): Promise<void> {
  const members = () =>
    readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2] === String(pgid);
      } catch {
        return false;
      }
    });
  while (members().length) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** SIGKILL the CLI alone (npm, orphaned, may run on in its staging folder), then the rest of its group. */
async function kill(run: Running): Promise<void> {
  process.kill(run.pid, "SIGKILL");
  expect((await run.done).signal).toBe("SIGKILL");
  try {
    process.kill(-run.pid, "SIGKILL");
  } catch {
    // the group is already empty
  }
  await groupGone(run.pid);
}

const importGreet = async (home: string) => JSON.parse((await capsule(["run", "-", "--home", home, "--json"], { input: `import { greet } from "${NAME}"; return greet("you")` })).stdout);
const ledgerOf = (home: string) => (existsSync(join(home, "ledger.json")) ? JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs : {});

async function expectAsBefore(home: string): Promise<void> {
  expect(ledgerOf(home)).toEqual({});
  expect(existsSync(join(home, "packs", "node_modules", "@acme"))).toBe(false);
  expect((await importGreet(home)).error.code).toBe("E_IMPORT_UNRESOLVED");
}

async function expectRecovery(home: string): Promise<void> {
  const audit = await capsule(["packs", "audit", "--home", home, "--json"]);
  expect(audit.status).toBe(1);
  const problems: string[] = JSON.parse(audit.stdout).findings.map((f: { problem: string }) => f.problem);
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) expect(p).toMatch(/^staging leftover /);
  const again = capsuleAsync(["packs", "install", `${NAME}@^1.0.0`, "--home", home], registry.env());
  const out = await again.done;
  expect(out.status, out.stderr).toBe(0);
  expect(await importGreet(home)).toMatchObject({ ok: true, value: "hello you" });
  expect(Object.keys(ledgerOf(home))).toEqual([NAME]);
  expect((await capsule(["packs", "audit", "--home", home])).status).toBe(0);
}

describe("an install killed with SIGKILL leaves the old state, and the next install recovers", () => {
  it("as npm starts", async () => {
    const home = tempHome();
    const run = capsuleAsync(["packs", "install", `${NAME}@^1.0.0`, "--home", home], registry.env());
    await run.stderrLine(/npm is installing/);
    await kill(run);
    await expectAsBefore(home);
    await expectRecovery(home);
  }, 240_000);

  it("mid-npm, while the registry holds the tarball back", async () => {
    const home = tempHome();
    const stall = registry.stallTarballs();
    const run = capsuleAsync(["packs", "install", `${NAME}@^1.0.0`, "--home", home], registry.env());
    await stall.requested;
    expect(registry.requests).toContain("/tarballs/acme-greet-1.0.0.tgz");
    await kill(run);
    stall.release();
    await expectAsBefore(home);
    // the killed holder's lock is still there; the next command takes it over
    expect(existsSync(join(home, ".lock"))).toBe(true);
    await expectRecovery(home);
  }, 240_000);

  it("right after npm, while the pack is checked", async () => {
    const home = tempHome();
    const run = capsuleAsync(["packs", "install", `${NAME}@^1.0.0`, "--home", home], registry.env());
    await run.stderrLine(/checking @acme\/greet/);
    await kill(run);
    await expectAsBefore(home);
    await expectRecovery(home);
  }, 240_000);
});
