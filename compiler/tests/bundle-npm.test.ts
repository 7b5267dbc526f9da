// Bundling `npm` modules: resolution from the pack's folder (own or hoisted node_modules), CJS → ESM with a
// default export and the named exports Node would find, ESM named exports kept, conditions, minification, and the named refusals for Node
// builtins (each builtin and its importer), unresolved imports and oversized output.

import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "acorn";
import { describe, expect, test } from "vitest";
import { compile, type CompileResult } from "../src/index.js";
import { CJS_REEXPORT_MAX_DEPTH } from "../src/tuning.js";
import { copyRoot, importCompiled, metafileProbe, ROOTS, tmp, writeTree } from "./helpers.js";

const byName = (r: CompileResult, specifier: string) => r.catalog.modules.find((m) => m.specifier === specifier);
const refusal = (r: CompileResult, specifier: string) => r.catalog.refused.find((m) => m.specifier === specifier);

let mainResult: Promise<CompileResult> | undefined;
function compileMain(): Promise<CompileResult> {
  mainResult ??= compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: metafileProbe });
  return mainResult;
}

function onePack(deps: Record<string, string>, modules: Record<string, unknown>, files: Record<string, string>): string {
  const root = tmp();
  writeTree(path.join(root, "p"), {
    "package.json": JSON.stringify({ name: "@t/p", version: "1.0.0", dependencies: deps, capsule: { modules } }),
    ...files,
  });
  return root;
}

describe("real packages", () => {
  test("a CommonJS package (fast-deep-equal) comes out as ESM with a default export that works", async () => {
    const r = await compileMain();
    const m = byName(r, "@fx/good")!;
    expect(m.exports).toEqual(["default"]);
    const source = readFileSync(m.sourcePath, "utf8");
    expect(parse(source, { ecmaVersion: "latest", sourceType: "module" }).body.length).toBeGreaterThan(0);
    const mod = await importCompiled(m.sourcePath);
    const equal = mod.default as (a: unknown, b: unknown) => boolean;
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(equal({ a: 1 }, { a: 2 })).toBe(false);
  });

  test("an ESM-only package without a default export (estree-walker, exports map with `import` only) keeps its named exports", async () => {
    const r = await compileMain();
    const m = byName(r, "@fx/good/walker")!;
    // An ESM dependency without a default export gets its namespace as the default.
    expect(m.exports).toEqual(["asyncWalk", "default", "walk"]);
    const { walk } = (await importCompiled(m.sourcePath)) as { walk: (n: unknown, o: unknown) => void };
    const seen: string[] = [];
    walk(parse("a + b", { ecmaVersion: 2020 }), { enter: (n: { type: string }) => seen.push(n.type) });
    expect(seen).toContain("BinaryExpression");
  });

  test("output is minified and the catalog entry's digest is the served bytes'", async () => {
    const r = await compileMain();
    const m = byName(r, "@fx/good/walker")!;
    const source = readFileSync(m.sourcePath);
    const original = ["sync.js", "async.js", "walker.js", "index.js"]
      .map((f) => readFileSync(path.join(ROOTS, "main/good/node_modules/estree-walker/src", f)).length)
      .reduce((a, b) => a + b);
    expect(m.size).toBe(source.length);
    expect(m.size).toBeLessThan(original * 0.6);
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(source).digest("hex")).toBe(m.sha256);
  });

  test("a real package whose Node build needs builtins (debug → tty, util) is bundled as its browser build, saying why", async () => {
    const r = await compileMain();
    // debug's package.json `browser` field names src/browser.js, which needs no builtin: that build is used, and
    // the warning names what refused the Node build (each builtin and its importer).
    expect(refusal(r, "@fx/refusals/debug")).toBeUndefined();
    expect(byName(r, "@fx/refusals/debug")).toBeDefined();
    const w = r.diagnostics.filter((d) => d.specifier === "@fx/refusals/debug" && d.code === "npm-module-browser-build");
    expect(w).toHaveLength(1);
    expect(w[0]!.severity).toBe("warning");
    expect(w[0]!.message).toContain("tty (by node_modules/debug/src/node.js), util (by node_modules/debug/src/node.js)");
    expect(r.diagnostics.filter((d) => d.specifier === "@fx/refusals/debug" && d.severity === "error")).toEqual([]);
  });
});

describe("named refusals", () => {
  test("every builtin is named with who imported it (fs, node:path, and stream from a nested file)", async () => {
    const r = await compileMain();
    const ref = refusal(r, "@fx/refusals/builtin")!;
    expect(ref.code).toBe("npm-module-builtin-import");
    for (const part of ["fs (by node_modules/uses-builtins/index.js)", "node:path (by node_modules/uses-builtins/index.js)", "stream (by node_modules/uses-builtins/lib/streamy.js)"]) {
      expect(ref.message).toContain(part);
    }
  });

  test("unresolvable imports name the import and its importer", async () => {
    const r = await compileMain();
    expect(refusal(r, "@fx/refusals/unresolved")).toMatchObject({
      code: "npm-module-unresolved",
      message: expect.stringContaining(`"not-installed-anywhere" (imported by node_modules/missing-dep-lib/index.js)`),
    });
    expect(refusal(r, "@fx/refusals/absent")).toMatchObject({ code: "npm-module-unresolved", message: expect.stringContaining(`"absent-dep"`) });
  });

  test("output over the cap is npm-module-too-large with the size", async () => {
    const r = await compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: metafileProbe, limits: { MODULE_OUTPUT_MAX_BYTES: 2000 } });
    expect(refusal(r, "@fx/good/walker")).toMatchObject({ code: "npm-module-too-large", message: expect.stringMatching(/the bundle is 3\.\d KiB, over the 2\.0 KiB cap/) });
    const d = r.diagnostics.find((x) => x.code === "npm-module-too-large" && x.specifier === "@fx/good/walker")!;
    expect(d.details).toEqual({ size: expect.any(Number), limit: 2000 });
    expect((d.details as { size: number }).size).toBeGreaterThan(2000);
    expect(byName(r, "@fx/good")).toBeDefined(); // 1.5 KiB: under the cap
  });

  test("the default cap is 1 MiB", async () => {
    const big = `export const blob = ${JSON.stringify(Array.from({ length: 60_000 }, (_, i) => `${i}-${(i * 7919) % 10007}-abcdefghij`).join(","))};`;
    const root = onePack({ big: "1.0.0" }, { ".": { kind: "guest", npm: "big" } }, {
      "node_modules/big/package.json": JSON.stringify({ name: "big", version: "1.0.0", type: "module", main: "index.js" }),
      "node_modules/big/index.js": big,
    });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    expect(r.catalog.refused.map((x) => x.code)).toEqual(["npm-module-too-large"]);
  });
});

describe("CommonJS named exports", () => {
  test("are the names Node would give an ES module importing the package, beside default", async () => {
    const root = onePack({ cjs: "1.0.0" }, { ".": { kind: "guest", npm: "cjs" } }, {
      "node_modules/cjs/package.json": JSON.stringify({ name: "cjs", version: "1.0.0", main: "index.js" }),
      "node_modules/cjs/index.js": 'exports.add = (a, b) => a + b;\nexports["not-an-identifier"] = 1;\nvar v = "1.0";\nObject.defineProperty(exports, "version", { enumerable: true, get: function () { return v; } });\nObject.assign(exports, require("./more"));\n',
      "node_modules/cjs/more.js": 'module.exports = require("./deep");\n',
      "node_modules/cjs/deep.js": "exports.twice = (n) => n * 2;\n",
    });
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    const m = byName(r, "@t/p")!;
    expect(m.exports).toEqual(["add", "default", "version"]);
    const mod = (await importCompiled(m.sourcePath)) as { add(a: number, b: number): number; version: string; default: Record<string, unknown> };
    expect(mod.add(2, 3)).toBe(5);
    expect(mod.version).toBe("1.0");
    // Names Node cannot see statically (Object.assign) stay on default, which is still module.exports.
    expect(Object.keys(mod.default).sort()).toEqual(["add", "not-an-identifier", "twice", "version"]);
  });

  test(`follow re-exports at most CJS_REEXPORT_MAX_DEPTH (${CJS_REEXPORT_MAX_DEPTH}) hops deep`, async () => {
    // hop0.js re-exports hop1.js … the last file names its export; one hop too many and the name is not found.
    const chain = (hops: number) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < hops; i++) files[`node_modules/deep/hop${i}.js`] = `module.exports = require("./hop${i + 1}.js");\n`;
      files[`node_modules/deep/hop${hops}.js`] = "exports.found = 1;\n";
      return files;
    };
    const compileChain = async (hops: number) => {
      const root = onePack({ deep: "1.0.0" }, { ".": { kind: "guest", npm: "deep" } }, {
        "node_modules/deep/package.json": JSON.stringify({ name: "deep", version: "1.0.0", main: "hop0.js" }),
        ...chain(hops),
      });
      return byName(await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe }), "@t/p")!.exports;
    };
    expect(await compileChain(CJS_REEXPORT_MAX_DEPTH)).toEqual(["default", "found"]);
    expect(await compileChain(CJS_REEXPORT_MAX_DEPTH + 1)).toEqual(["default"]);
  });

  test("follow module.exports = require(...) re-exports", async () => {
    const root = onePack({ re: "1.0.0" }, { ".": { kind: "guest", npm: "re" } }, {
      "node_modules/re/package.json": JSON.stringify({ name: "re", version: "1.0.0", main: "index.js" }),
      "node_modules/re/index.js": 'module.exports = require("./lib/impl.js");\n',
      "node_modules/re/lib/impl.js": "exports.triple = (n) => n * 3;\nexports.__esModule = true;\n",
    });
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    const m = byName(r, "@t/p")!;
    expect(m.exports).toEqual(["default", "triple"]);
    expect(((await importCompiled(m.sourcePath)) as { triple(n: number): number }).triple(3)).toBe(9);
  });
});

describe("resolution and options", () => {
  test("a dependency hoisted into a parent node_modules resolves from the pack's folder", async () => {
    const root = copyRoot("hoisted");
    const r = await compile({ roots: [path.join(root, "packs")], cacheDir: tmp(), probe: metafileProbe });
    expect(r.catalog.refused).toEqual([]);
    const m = r.catalog.modules[0]!;
    expect(((await importCompiled(m.sourcePath)).default as { where: string }).where).toBe("hoisted");
  });

  test("conditions: `capsule` and `import` win over `require`, `node` and `browser`; `browser` field ignored", async () => {
    const root = onePack({ dual: "1.0.0", cond: "1.0.0" }, { "./dual": { kind: "guest", npm: "dual" }, "./cond": { kind: "guest", npm: "cond" } }, {
      "node_modules/dual/package.json": JSON.stringify({
        name: "dual",
        version: "1.0.0",
        exports: { ".": { node: "./node.mjs", require: "./cjs.cjs", import: "./esm.mjs" } },
      }),
      "node_modules/dual/node.mjs": `export const kind = "node";`,
      "node_modules/dual/cjs.cjs": `exports.kind = "cjs";`,
      "node_modules/dual/esm.mjs": `export const kind = "esm";`,
      "node_modules/cond/package.json": JSON.stringify({
        name: "cond",
        version: "1.0.0",
        browser: "./browser.js",
        exports: { ".": { browser: "./browser.js", capsule: "./capsule.js", default: "./default.js" } },
      }),
      "node_modules/cond/browser.js": `export const kind = "browser";`,
      "node_modules/cond/capsule.js": `export const kind = "capsule";`,
      "node_modules/cond/default.js": `export const kind = "default";`,
    });
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    const kinds = await Promise.all(r.catalog.modules.map(async (m) => [m.specifier, (await importCompiled(m.sourcePath)).kind]));
    expect(kinds).toEqual([
      ["@t/p/cond", "capsule"],
      ["@t/p/dual", "esm"],
    ]);
  });

  test("an npm subpath is resolved through the dependency's exports map", async () => {
    const root = onePack({ lib: "1.0.0" }, { ".": { kind: "guest", npm: "lib/format" } }, {
      "node_modules/lib/package.json": JSON.stringify({ name: "lib", version: "1.0.0", exports: { "./format": "./fmt.js" } }),
      "node_modules/lib/fmt.js": `export default function format(n) { return "#" + n; }`,
    });
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    expect(r.catalog.modules.map((m) => [m.specifier, m.exports])).toEqual([["@t/p", ["default"]]]);
  });

  test("process.env.NODE_ENV is defined as production, so the common dev/prod switch is not a forbidden global", async () => {
    const root = onePack({ envy: "1.0.0" }, { ".": { kind: "guest", npm: "envy" } }, {
      "node_modules/envy/package.json": JSON.stringify({ name: "envy", version: "1.0.0", main: "index.js" }),
      "node_modules/envy/index.js": `if (process.env.NODE_ENV !== "production") { module.exports = "dev"; } else { module.exports = "prod"; }`,
    });
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });
    expect(r.catalog.refused).toEqual([]);
    expect((await importCompiled(r.catalog.modules[0]!.sourcePath)).default).toBe("prod");
  });

  test("a tsconfig.json on disk is not a hidden input", async () => {
    const files = { "src/index.ts": `export class Point { x = 1; y: number = 2; }` };
    const modules = { ".": { kind: "guest", source: "src/index.ts" } };
    const a = onePack({}, modules, files);
    const b = onePack({}, modules, { ...files, "tsconfig.json": JSON.stringify({ compilerOptions: { useDefineForClassFields: false } }) });
    const ra = await compile({ roots: [a], cacheDir: tmp(), probe: metafileProbe });
    const rb = await compile({ roots: [b], cacheDir: tmp(), probe: metafileProbe });
    expect(ra.catalog.modules[0]!.exports).toEqual(["Point"]);
    expect(ra.catalog.modules[0]!.sha256).toBe(rb.catalog.modules[0]!.sha256);
  });
});
