// A command loads only what it uses (cli/README.md, "Start-up"): a trivial `capsule run`, and a warm home's run of a
// program importing a shipped pack (its catalog fresh, so nothing compiles), load none of the compiler but its light
// `capped-read` entry, and neither esbuild nor ajv. Observed by loader hooks and a require() wrapper
// (fixtures/load-recorder) that write down every module any thread loads — the modules, never how long they took.
// One import of the compiler's index for a constant had made every trivial run load it (0.17 → 0.29 s wall).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, FIXTURES, tempDir, tempHome } from "./helpers.js";

const RECORDER = join(FIXTURES, "load-recorder", "register.mjs");

/** The module URLs a `capsule run` of `source` loaded, on `home`. */
async function loadedBy(source: string, home: string): Promise<string[]> {
  const dir = tempDir();
  const program = join(dir, "program.js");
  const record = join(dir, "loaded.txt");
  writeFileSync(program, source);
  writeFileSync(record, "");
  const out = await capsule(["run", program, "--value"], { env: { CAPSULE_HOME: home, CAPSULE_TEST_LOADED: record, NODE_OPTIONS: `--import ${RECORDER}` } });
  expect(out.stderr).toBe("");
  expect(out.status).toBe(0);
  return readFileSync(record, "utf8").split("\n").filter(Boolean);
}

/** What of the compiler (beyond its capped-read entry and the two files it re-exports), esbuild and ajv was loaded. */
const heavy = (urls: string[]) => urls.filter((url) => (/\/compiler\/dist\//.test(url) && !/\/compiler\/dist\/(capped-read|fsutil|limits)\.js$/.test(url)) || /\/(esbuild|ajv)\//.test(url));

describe("what a run loads", () => {
  it("a trivial run loads none of the compiler, esbuild or ajv", async () => {
    const urls = await loadedBy("return 1 + 1\n", tempHome());
    // The recorder works: it saw the CLI itself, the engine the worker thread imports, and piscina, which the
    // runtime require()s (as it would esbuild), so the esbuild and ajv checks below can fail.
    expect(urls.some((url) => url.endsWith("/cli/dist/main.js"))).toBe(true);
    expect(urls.some((url) => url.includes("quickjs-wasmfile"))).toBe(true);
    expect(urls.some((url) => url.includes("/piscina/"))).toBe(true);
    expect(heavy(urls)).toEqual([]);
  });

  it("a warm home's run of a program importing @capsule/yaml loads none of them either", async () => {
    const home = tempHome();
    const source = 'import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1");\n';
    // The first run compiles the shipped packs into the home (and so loads the compiler); the next needs none of it.
    expect((await capsule(["run", "-", "--value"], { input: source, env: { CAPSULE_HOME: home } })).stdout).toContain('"a": 1');
    const urls = await loadedBy(source, home);
    expect(heavy(urls)).toEqual([]);
  });
});
