// cli/dist/main.js loads the CLI bundled (dist/start.bundle.js, made by scripts/bundle.mjs) only while the bundle is
// current; missing, or older than the package's last tsc build (a `tsc -b` without the bundling step), it loads
// tsc's dist/start.js, so `capsule` never runs code older than the build. Each case runs a copy of the built CLI
// whose bundle is a stub that says so; the copy lives under cli/test-output/ (git-ignored), where Node finds the
// CLI's dependencies as it does from cli/dist/.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { spawnAsync } from "./helpers.js";

const cliRoot = fileURLToPath(new URL("../", import.meta.url));
const outputs = join(cliRoot, "test-output");
mkdirSync(outputs, { recursive: true });
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the built CLI; its bundle (when `bundleAgeS` is given) a stub, its tsbuildinfo as old as given. */
function copyOfCli(bundleAgeS: number | undefined, tsbuildAgeS: number | undefined): string {
  const dir = mkdtempSync(join(outputs, "start-bundle-"));
  copies.push(dir);
  mkdirSync(join(dir, "dist"));
  for (const name of readdirSync(join(cliRoot, "dist"))) if (name.endsWith(".js") && !name.endsWith(".bundle.js")) copyFileSync(join(cliRoot, "dist", name), join(dir, "dist", name));
  copyFileSync(join(cliRoot, "package.json"), join(dir, "package.json"));
  const at = (file: string, ageS: number, text: string) => {
    writeFileSync(file, text);
    const when = new Date(Date.now() - ageS * 1000);
    utimesSync(file, when, when);
  };
  if (bundleAgeS !== undefined) at(join(dir, "dist", "start.bundle.js"), bundleAgeS, 'console.log("from the bundle");\n');
  if (tsbuildAgeS !== undefined) at(join(dir, "tsconfig.tsbuildinfo"), tsbuildAgeS, "{}");
  return join(dir, "dist", "main.js");
}

const version = async (main: string) => (await spawnAsync(process.execPath, [main, "--version"])).stdout.trim();

describe("which code cli/dist/main.js loads", () => {
  it("the bundle, when it was made after the last tsc build", async () => {
    expect(await version(copyOfCli(5, 10))).toBe("from the bundle");
  });

  it("the bundle of a package installed from npm (no tsbuildinfo to compare)", async () => {
    expect(await version(copyOfCli(5, undefined))).toBe("from the bundle");
  });

  it("dist/start.js, when tsc built after the bundle was made (a stale bundle)", async () => {
    expect(await version(copyOfCli(10, 5))).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("dist/start.js, when there is no bundle", async () => {
    expect(await version(copyOfCli(undefined, 10))).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
