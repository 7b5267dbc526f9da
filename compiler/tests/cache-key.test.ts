// Cache key invariants: stable across runs and locations, independent of order, and changed by any input
// file's content, the bundler version, the compiler version, options, and a package.json placed closer
// to an input. Keys are observed through the catalog (sourcePath is entries/<key>.js).

import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, computeCacheKey, type CacheKeyParts, type CompileResult } from "../src/index.js";
import { copyRoot, metafileProbe, spyBundler, tmp } from "./helpers.js";

const keys = (r: CompileResult) => Object.fromEntries(r.catalog.modules.map((m) => [m.specifier, path.basename(m.sourcePath, ".js")]));
const run = (root: string, extra: Partial<Parameters<typeof compile>[0]> = {}) =>
  compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe, ...extra });

const parts = (): CacheKeyParts => ({
  compilerVersion: "0.1.0",
  bundlerVersion: "0.28.2",
  options: { a: 1, b: [1, 2] },
  specifier: "@x/y",
  declaration: { kind: "guest", npm: "y" },
  inputs: [
    ["npm:y/a.js", "aa"],
    ["npm:y/b.js", "bb"],
    ["pack:src/c.js", "cc"],
  ],
  packageJsons: [
    ["npm:y/package.json", "11"],
    ["pack:package.json", "22"],
  ],
});

describe("computeCacheKey", () => {
  test("is a sha256 and deterministic", () => {
    expect(computeCacheKey(parts())).toMatch(/^[0-9a-f]{64}$/);
    expect(computeCacheKey(parts())).toBe(computeCacheKey(parts()));
  });

  test("does not depend on the order of inputs, package.json files or object keys", () => {
    const p = parts();
    const shuffled: CacheKeyParts = {
      ...p,
      options: { b: [1, 2], a: 1 },
      declaration: { npm: "y", kind: "guest" } as CacheKeyParts["declaration"],
      inputs: [p.inputs[2]!, p.inputs[0]!, p.inputs[1]!, p.inputs[0]!],
      packageJsons: [...p.packageJsons].reverse(),
    };
    expect(computeCacheKey(shuffled)).toBe(computeCacheKey(p));
  });

  test.each([
    ["the compiler version", (p: CacheKeyParts) => ({ ...p, compilerVersion: "0.1.1" })],
    ["the bundler version", (p: CacheKeyParts) => ({ ...p, bundlerVersion: "0.28.3" })],
    ["the options", (p: CacheKeyParts) => ({ ...p, options: { a: 2, b: [1, 2] } })],
    ["the specifier", (p: CacheKeyParts) => ({ ...p, specifier: "@x/z" })],
    ["the declaration", (p: CacheKeyParts) => ({ ...p, declaration: { kind: "guest", npm: "y/sub" } as CacheKeyParts["declaration"] })],
    ["an input's content", (p: CacheKeyParts) => ({ ...p, inputs: [["npm:y/a.js", "AA"], ...p.inputs.slice(1)] as CacheKeyParts["inputs"] })],
    ["an input's logical path", (p: CacheKeyParts) => ({ ...p, inputs: [["npm:y/a2.js", "aa"], ...p.inputs.slice(1)] as CacheKeyParts["inputs"] })],
    ["an extra input", (p: CacheKeyParts) => ({ ...p, inputs: [...p.inputs, ["npm:y/d.js", "dd"]] as CacheKeyParts["inputs"] })],
    ["a package.json", (p: CacheKeyParts) => ({ ...p, packageJsons: [...p.packageJsons, ["npm:y/lib/package.json", "33"]] as CacheKeyParts["packageJsons"] })],
  ])("changes with %s", (_, change) => {
    expect(computeCacheKey(change(parts()))).not.toBe(computeCacheKey(parts()));
  });
});

describe("keys of real compiles", () => {
  test("are stable across runs, cache folders and pack locations (no absolute paths)", async () => {
    const a = copyRoot("main");
    const b = copyRoot("main");
    expect(a).not.toBe(b);
    const [ka, kb, ka2] = [keys(await run(a)), keys(await run(b)), keys(await run(a))];
    expect(Object.keys(ka)).toHaveLength(7);
    expect(kb).toEqual(ka);
    expect(ka2).toEqual(ka);
  });

  test("change with any input file's content, even when the output bytes do not", async () => {
    const root = copyRoot("main");
    const before = await run(root);
    const file = path.join(root, "good/node_modules/estree-walker/src/walker.js");
    const { readFileSync } = await import("node:fs");
    writeFileSync(file, `${readFileSync(file, "utf8")}\n// a comment the minifier drops\n`);
    const after = await run(root);
    const changed = Object.keys(keys(before)).filter((s) => keys(before)[s] !== keys(after)[s]);
    expect(changed).toEqual(["@fx/good/walker"]);
    const sha = (r: CompileResult) => r.catalog.modules.find((m) => m.specifier === "@fx/good/walker")!.sha256;
    expect(sha(after)).toBe(sha(before));
  });

  test("change with the bundler version", async () => {
    const root = copyRoot("main");
    const real = keys(await run(root, { bundler: spyBundler() }));
    const other = keys(await run(root, { bundler: spyBundler("0.0.0-test") }));
    for (const s of Object.keys(real)) expect(other[s], s).not.toBe(real[s]);
  });

  test("change with options that change results (a limit)", async () => {
    const root = copyRoot("main");
    const a = keys(await run(root));
    const b = keys(await run(root, { limits: { MODULE_OUTPUT_MAX_BYTES: 512 * 1024 } }));
    expect(b["@fx/good"]).not.toBe(a["@fx/good"]);
  });

  test("change when a package.json appears closer to an input", async () => {
    const root = copyRoot("main");
    const before = keys(await run(root));
    writeFileSync(path.join(root, "good/node_modules/estree-walker/src/package.json"), JSON.stringify({ sideEffects: false }));
    const after = keys(await run(root));
    expect(after["@fx/good/walker"]).not.toBe(before["@fx/good/walker"]);
    expect(after["@fx/good"]).toBe(before["@fx/good"]);
  });
});
