// Node builtins and Node-only files a dependency reaches for only optionally (inside try/catch, behind a
// `typeof require` test, inside a function, in a file only loaded that way, in a branch dead in a guest, or
// mapped to false by the package's browser field) are bundled as empty stubs with the warning
// npm-module-builtin-optional; an ESM import of a builtin, or an unguarded top-level require(), stays the
// refusal npm-module-builtin-import. Also: `string_decoder/` is the npm package, the `module` condition,
// and the dead browser branch of a UMD footer inside esbuild's CommonJS wrapper. Fixture: roots/optional.

import path from "node:path";
import { createSandbox } from "@capsule/runtime";
import { describe, expect, test } from "vitest";
import { compile, createSandboxProbe, isNodeBuiltin, type CompileResult } from "../src/index.js";
import { classifySource } from "../src/bundle/import-sites.js";
import { importCompiled, metafileProbe, ROOTS, tmp } from "./helpers.js";

let result: Promise<CompileResult> | undefined;
function compileOptional(): Promise<CompileResult> {
  result ??= compile({ roots: [path.join(ROOTS, "optional")], cacheDir: tmp(), probe: metafileProbe });
  return result;
}
const spec = (sub: string) => `@fx/optional/${sub}`;
const byName = (r: CompileResult, sub: string) => r.catalog.modules.find((m) => m.specifier === spec(sub));
const diags = (r: CompileResult, sub: string, code: string) => r.diagnostics.filter((d) => d.specifier === spec(sub) && d.code === code);
const load = async (sub: string) => (await importCompiled(byName(await compileOptional(), sub)!.sourcePath)).default as Record<string, unknown>;

describe("optional builtins are empty stubs with a warning", () => {
  test.each([
    ["try", "crypto", "node_modules/try-crypto/index.js", "try"],
    ["typeof", "crypto", "node_modules/typeof-require/index.js", "typeof-require"],
    ["lazy", "fs", "node_modules/lazy-fs/index.js", "deferred"],
    // the require() is unguarded in its file, but the file is only loaded inside the importer's try
    ["importer", "stream", "node_modules/optional-importer/node-streams.js", "optional-importer"],
    // … or only from a branch a guest never takes (`typeof Promise !== "undefined" ? Promise : require(…)`)
    ["dead", "timers", "node_modules/dead-polyfill/polyfill.js", "optional-importer"],
    ["browser", "util", "node_modules/browser-false/index.js", "browser-false"],
  ])("%s: %s", async (sub, builtin, importer, reason) => {
    const r = await compileOptional();
    expect(byName(r, sub), `${sub} is admitted`).toBeDefined();
    expect(diags(r, sub, "npm-module-builtin-optional").map((d) => [d.severity, d.details])).toEqual([["warning", { builtin, importer, reason }]]);
    expect(diags(r, sub, "npm-module-builtin-import")).toEqual([]);
  });

  test("an ESM import of a builtin, or an unguarded top-level require(), stays a refusal", async () => {
    const r = await compileOptional();
    expect(r.catalog.refused.map((m) => [m.specifier, m.code])).toEqual([
      [spec("eager"), "npm-module-builtin-import"],
      [spec("esm"), "npm-module-builtin-import"],
    ]);
    expect(diags(r, "eager", "npm-module-builtin-import").map((d) => d.details)).toEqual([{ builtin: "fs", importer: "node_modules/eager-require/index.js" }]);
    expect(diags(r, "esm", "npm-module-builtin-import").map((d) => d.details)).toEqual([{ builtin: "fs", importer: "node_modules/esm-builtin/index.js" }]);
  });

  test("the stub: reads give undefined (feature tests fall back), writes throw a clear error, printing names it", async () => {
    const t = await load("try");
    expect((t.secure as () => boolean)()).toBe(false);
    expect((t.describe as () => string)()).toBe('[object Node builtin "crypto" is not available in the Capsule sandbox]');
    expect(() => (t.write as () => void)()).toThrow(/Node builtin "crypto" is not available in the Capsule sandbox/);
    expect(((await load("typeof")).hasRng as () => boolean)()).toBe(false);
    const lazy = await load("lazy");
    expect((lazy.parse as (s: string) => string[])("a,b")).toEqual(["a", "b"]);
    expect(() => (lazy.parseFile as (f: string) => unknown)("x.csv")).toThrow(TypeError);
  });

  test("a Node-only file loaded inside try/catch: its host globals are guarded (caught), not refused", async () => {
    const r = await compileOptional();
    expect(diags(r, "importer", "forbidden-global-guarded").map((d) => [d.details?.name, d.details?.reason, d.origin?.line])).toEqual([
      ["process", "caught", 3],
      ["setImmediate", "caught", 3],
    ]);
    // a file only reached through a dead branch never runs: its globals are not load-time uses
    expect(diags(r, "dead", "forbidden-global-deferred").map((d) => [d.details?.name, d.origin?.file])).toEqual([["global", "node_modules/dead-polyfill/polyfill.js"]]);
  });

  test("every admitted fixture module loads in a real guest, and the stubs behave there as in Node", async () => {
    const { probe, close } = createSandboxProbe();
    let real: CompileResult;
    try {
      real = await compile({ roots: [path.join(ROOTS, "optional")], cacheDir: tmp(), probe });
    } finally {
      await close();
    }
    const fake = await compileOptional();
    expect(fake.catalog.modules.length).toBeGreaterThan(5);
    expect(real.catalog.modules.map((m) => m.specifier)).toEqual(fake.catalog.modules.map((m) => m.specifier));
    expect(real.catalog.refused.map((m) => [m.specifier, m.code])).toEqual(fake.catalog.refused.map((m) => [m.specifier, m.code]));
    const { readFileSync } = await import("node:fs");
    const sources = new Map(real.catalog.modules.map((m) => [m.specifier, readFileSync(m.sourcePath, "utf8")]));
    const sandbox = createSandbox({ maxWorkers: 1 });
    try {
      const run = await sandbox.run<unknown>({
        source: [
          `import t from "${spec("try")}"; import ty from "${spec("typeof")}"; import lazy from "${spec("lazy")}"; import imp from "${spec("importer")}";`,
          `let threw = ""; try { lazy.parseFile("x"); } catch (e) { threw = e.name; }`,
          `let wrote = ""; try { t.write(); } catch (e) { wrote = e.message; }`,
          `return { secure: t.secure(), rng: ty.hasRng(), parsed: lazy.parse("a,b"), threw, wrote, nodestream: imp.nodestream };`,
        ].join("\n"),
        seed: 0,
        now: 0,
        resolver: { resolve: (s) => (sources.has(s) ? { specifier: s, source: sources.get(s)! } : undefined) },
      });
      expect(run).toMatchObject({ ok: true });
      expect((run as { value: unknown }).value).toEqual({
        secure: false,
        rng: false,
        parsed: ["a", "b"],
        threw: "TypeError",
        wrote: 'Node builtin "crypto" is not available in the Capsule sandbox (the module was required optionally and is an empty stub)',
        nodestream: false,
      });
    } finally {
      await sandbox.close();
    }
  });
});

describe("the browser field's `false` entries", () => {
  test("a file mapped to false is an empty module, a builtin mapped to false is optional, other entries are ignored", async () => {
    const r = await compileOptional();
    // inspect.js (a top-level `process`) is never bundled, so there is no forbidden-global finding for it
    expect(r.diagnostics.filter((d) => d.specifier === spec("browser") && d.severity === "error")).toEqual([]);
    expect(r.diagnostics.filter((d) => d.specifier === spec("browser") && d.code.startsWith("forbidden-global"))).toEqual([]);
    expect(await load("browser")).toEqual({ canInspect: false, hasFormat: false, impl: "node" });
  });
});

describe("resolution", () => {
  test("`string_decoder/` (trailing slash) is the npm package, not the builtin", async () => {
    expect([isNodeBuiltin("string_decoder"), isNodeBuiltin("fs/promises"), isNodeBuiltin("node:fs"), isNodeBuiltin("string_decoder/")]).toEqual([true, true, true, false]);
    const r = await compileOptional();
    expect(diags(r, "decoder", "npm-module-builtin-import")).toEqual([]);
    expect(await load("decoder")).toBe("npm string_decoder");
  });

  test("the `module` condition picks a package's ESM build over its `import` wrapper", async () => {
    const r = await compileOptional();
    expect(byName(r, "module-cond")!.exports).toEqual(["default", "kind"]);
    expect((await importCompiled(byName(r, "module-cond")!.sourcePath)).kind).toBe("module");
  });

  test("a UMD footer's browser branch is dead once esbuild wraps the file (module is an object)", async () => {
    const r = await compileOptional();
    expect(byName(r, "umd")).toBeDefined();
    expect(diags(r, "umd", "forbidden-global-guarded").map((d) => [d.details?.name, d.details?.reason])).toEqual([
      ["self", "dead-branch"],
      ["self", "dead-branch"],
    ]);
  });
});

describe("call-site classification of require()/import() in a dependency file", () => {
  const classes = (source: string) => Object.fromEntries([...classifySource(source)!].map(([k, v]) => [k.replace("\0", " "), v]));

  test("load, try, typeof require, deferred and dead sites", () => {
    expect(
      classes(
        [
          `var a = require("a");`,
          `(function () { require("iife"); })();`,
          `function init() { return require("called"); } init();`,
          `function later() { return require("later"); }`,
          `exports.m = { get() { return import("dyn"); } };`,
          `try { require("tried"); } catch (e) {}`,
          `try { require("rethrown"); } catch (e) { throw e; }`,
          `if (typeof require === "function") require("guarded");`,
          `var P = typeof Promise !== "undefined" ? Promise : require("dead");`,
          `[1].forEach(function () { require("arg"); });`,
          `setTimeout(function () { require("timer"); }, 1);`,
        ].join("\n"),
      ),
    ).toEqual({
      "require-call a": ["load"],
      "require-call iife": ["load"],
      "require-call called": ["load"],
      "require-call later": ["deferred"],
      "dynamic-import dyn": ["deferred"],
      "require-call tried": ["try"],
      "require-call rethrown": ["load"],
      "require-call guarded": ["typeof-require"],
      "require-call dead": ["dead"],
      "require-call arg": ["load"],
      "require-call timer": ["deferred"],
    });
  });

  test("a file that does not parse is unknown (the caller refuses)", () => {
    expect(classifySource("const = ;")).toBeUndefined();
  });
});
