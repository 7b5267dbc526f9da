// The package's entries as other packages load them (`exports`: dist/*.bundle.js, made by scripts/bundle.mjs): one
// instance of each module's state across entries (they share chunks), and a bundle older than the package's last tsc
// build refuses to load rather than run old code. The stale case runs a copy of the bundles under
// runtime/test-output/ (git-ignored), where Node finds the runtime's dependencies as it does from runtime/dist/.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";

const runtimeRoot = fileURLToPath(new URL("../", import.meta.url));

function node(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

describe("the package's bundled entries", () => {
  it("share one prestarted worker: run() of the main entry adopts the one /prestart started", async () => {
    const starts = join(mkdtempSync(join(tmpdir(), "capsule-bundle-")), "starts");
    writeFileSync(starts, "");
    const out = await node([fileURLToPath(new URL("./fixtures/bundle-prestart.mjs", import.meta.url))], { ...process.env, CAPSULE_TEST_STARTS: starts });
    expect(out.stderr).toBe("");
    expect(JSON.parse(out.stdout)).toEqual({ value: 42 });
    // A second instance of prestart.ts's state would leave the prestarted pool unadopted and start another thread.
    expect(readFileSync(starts, "utf8").split("\n").filter(Boolean)).toHaveLength(1);
  }, 120_000);

  describe("older than the package's last tsc build", () => {
    const outputs = join(runtimeRoot, "test-output");
    mkdirSync(outputs, { recursive: true });
    const copy = mkdtempSync(join(outputs, "stale-bundle-"));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it("refuses to load, saying to run the bundling step", async () => {
      mkdirSync(join(copy, "dist"));
      const old = new Date(Date.now() - 60_000);
      for (const name of readdirSync(join(runtimeRoot, "dist")).filter((n) => n.endsWith(".bundle.js"))) {
        copyFileSync(join(runtimeRoot, "dist", name), join(copy, "dist", name));
        utimesSync(join(copy, "dist", name), old, old);
      }
      writeFileSync(join(copy, "tsconfig.tsbuildinfo"), "{}");
      for (const entry of ["index", "prestart"]) {
        const out = await node(["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(join(copy, "dist", `${entry}.bundle.js`)).href)})`]);
        expect(out.status).not.toBe(0);
        expect(out.stderr).toMatch(/older than the last tsc build of the runtime; run `node scripts\/bundle\.mjs`/);
      }
    }, 120_000);

    it("but a bundler that bundles the runtime again (another import.meta.url) is not refused by someone else's build", async () => {
      // The guard as the index bundle begins, evaluated as a module that is not a dist/*.bundle.js, beside a newer
      // tsbuildinfo (a consumer's): compiler/tests/concurrency.test.ts bundles the compiler and the runtime this way.
      const index = readFileSync(join(runtimeRoot, "dist", "index.bundle.js"), "utf8");
      const guard = index.slice(0, index.indexOf("\n}\n") + 3);
      expect(guard).toContain("older than the last tsc build");
      mkdirSync(join(copy, "src"), { recursive: true });
      writeFileSync(join(copy, "tsconfig.tsbuildinfo"), "{}");
      const file = join(copy, "src", "rebundled.mjs");
      writeFileSync(file, `${guard}\nconsole.log("loaded");\n`);
      const old = new Date(Date.now() - 60_000);
      utimesSync(file, old, old);
      const out = await node([file]);
      expect([out.status, out.stdout.trim()]).toEqual([0, "loaded"]);
    }, 60_000);
  });
});
