// The admission causes of issue 14, one fixture package each (fixtures/roots/admission): a CommonJS require() of
// a dual (ESM + CJS) dependency gets its CommonJS build; a dependency that only reads eval/Function at load is
// admitted (the bundle's eval binding is undefined, nothing is granted); `Function("return this")()` becomes
// globalThis; a global used only in a function the scan cannot prove deferred is admitted when the real probe loads
// the module; a subpath an exports map hides is refused as exports-blocked naming what it does export; a Node
// build that needs builtins falls back to a browser build that passes, and says so when that fails too.
// Every module goes through the real probe (a fresh QuickJS guest), so "admitted" means "loads in the sandbox".

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compileWithSandbox, scanSource, type CompileResult, type Diagnostic } from "../src/index.js";
import { summarizeRefusal } from "../src/compile/findings.js";
import { importCompiled, ROOTS, tmp, hintOf } from "./helpers.js";

let result: Promise<CompileResult> | undefined;
const compileFixtures = () => (result ??= compileWithSandbox({ roots: [path.join(ROOTS, "admission")], cacheDir: tmp() }));
const admitted = async (s: string) => (await compileFixtures()).catalog.modules.find((m) => m.specifier === `@fx/admission/${s}`);
const refused = async (s: string) => (await compileFixtures()).catalog.refused.find((m) => m.specifier === `@fx/admission/${s}`);
const diags = async (s: string) => (await compileFixtures()).diagnostics.filter((d) => d.specifier === `@fx/admission/${s}`);

describe("conditions per import kind", () => {
  test("a CommonJS require() of a dual package gets its require build (exports map, and main over module)", async () => {
    const m = await admitted("dual");
    expect(m, JSON.stringify(await refused("dual"))).toBeDefined();
    const greet = (await importCompiled(m!.sourcePath)).default as () => string[];
    expect(greet()).toEqual(["cjs:hello", "cjs:old"]);
  }, 120_000);

  test("a Node build that imports builtins falls back to the package's browser build, with a warning naming why", async () => {
    const m = await admitted("browser-safe");
    expect(m?.exports).toEqual(["default", "where"]);
    const w = (await diags("browser-safe")).find((d) => d.code === "npm-module-browser-build");
    expect(w?.message).toContain("node:fs");
    const mod = await importCompiled(m!.sourcePath);
    expect((mod.where as () => string)()).toBe("browser");
  }, 120_000);

  test("when the browser build is refused too, the Node build's refusal stays and says the browser build was tried", async () => {
    const r = await refused("node-and-dom");
    expect(r?.code).toBe("npm-module-builtin-import");
    expect(r?.message).toContain("its browser build was tried too and is refused: npm-module-forbidden-global");
  }, 120_000);
});

describe("load-time reads of code generation", () => {
  test("eval and Function only read into a table at load: admitted, with warnings, and eval stays absent", async () => {
    const m = await admitted("eval-reader");
    expect(m, JSON.stringify(await refused("eval-reader"))).toBeDefined();
    const ds = await diags("eval-reader");
    expect(ds.filter((d) => d.severity === "error")).toEqual([]);
    expect(ds.filter((d) => d.details?.reason === "codegen-escape").map((d) => d.details?.name).sort()).toEqual(["Function", "eval"]);
    // the bundle's eval binding is undefined: typeof still says there is no eval
    const mod = await importCompiled(m!.sourcePath);
    expect((mod.default as { hasEval: boolean }).hasEval).toBe(false);
    expect((mod.default as (n: string) => unknown)("%eval%")).toBeUndefined();
  }, 120_000);

  test("a call of eval is still code generation: the stub is read as eval by the scan", () => {
    const r = scanSource(`export const run = (s) => __capsule_eval(s);\nvar __capsule_eval;`);
    expect(r.ok && r.findings.map((f) => [f.code, f.name])).toEqual([["npm-module-forbidden-global", "eval"]]);
  });

  test("Function('return this')() is rewritten to globalThis at compile time", async () => {
    const m = await admitted("return-this");
    expect(m, JSON.stringify(await refused("return-this"))).toBeDefined();
    const source = readFileSync(m!.sourcePath, "utf8");
    expect(source).not.toContain("return this");
    expect(((await importCompiled(m!.sourcePath)).isGlobal as () => boolean)()).toBe(true);
  }, 120_000);
});

describe("scan precision: the probe is the ground truth at load", () => {
  test("a global used only in a function the scan thinks runs at load is admitted with a probe-loaded warning", async () => {
    const m = await admitted("deferred-global");
    expect(m, JSON.stringify(await refused("deferred-global"))).toBeDefined();
    const ds = await diags("deferred-global");
    expect(ds.filter((d) => d.severity === "error")).toEqual([]);
    expect(ds.find((d) => d.details?.reason === "probe-loaded")).toMatchObject({ code: "forbidden-global-deferred", severity: "warning", details: { name: "process" } });
  }, 120_000);
});

describe("hints that are right", () => {
  test("a subpath an exports map hides is exports-blocked, naming the subpaths it exports, not 'install it'", async () => {
    const r = await refused("blocked");
    expect(r?.code).toBe("npm-module-exports-blocked");
    const d = (await diags("blocked")).find((x) => x.code === "npm-module-exports-blocked")!;
    expect(d.details).toMatchObject({ import: "blocked-lib/internal/x.js", package: "blocked-lib", exported: "., ./sync, ./package.json" });
    const hint = hintOf(d);
    expect(hint).toContain("./sync");
    expect(hint).not.toMatch(/install it|npm install/i);
  }, 120_000);

  test("the code-generation hint does not say Function is missing nor suggest a typeof guard", () => {
    const hint = hintOf({ code: "npm-module-forbidden-global", details: { name: "Function" } });
    expect(hint).not.toContain("does not exist");
    expect(hint).not.toContain("typeof Function");
    expect(hint).toContain("EvalError");
    expect(hintOf({ code: "npm-module-forbidden-global", details: { name: "process" } })).toContain("typeof process");
  });

  test("the refusal's summary names code generation as such, not as a global the sandbox lacks", () => {
    const finding = (name: string) => ({ code: "npm-module-forbidden-global", severity: "error", message: "", details: { name } }) as Diagnostic;
    expect(summarizeRefusal([finding("Function")]).message).toBe("generates code, which the sandbox refuses: Function");
    expect(summarizeRefusal([finding("Function"), finding("process"), finding("eval")]).message).toBe(
      "generates code, which the sandbox refuses: Function, eval; uses globals the sandbox does not provide: process",
    );
    expect(summarizeRefusal([finding("fetch")]).message).toBe("uses globals the sandbox does not provide: fetch");
  });
});

describe("code generation the probe may overrule", () => {
  // A bundle that feature-tests code generation, with a call the scan counts as load-time (the function is passed
  // to another, which might call it): refused by the scan, but marked so that a probe that loads overrules it.
  const src = `let ok = true;\ntry { new Function(""); } catch { ok = false; }\nconst later = [];\nfunction keep(f) { later.push(f); }\nkeep(function (s) { return Function(s); });\nexport const jit = ok;\n`;

  test("the scan marks it codegen-feature-tested; without a feature test it is a plain refusal", () => {
    const r = scanSource(src);
    expect(r.ok && r.findings.map((f) => [f.code, f.reason ?? null])).toEqual([
      ["forbidden-global-guarded", "codegen-feature-test"],
      ["npm-module-forbidden-global", "codegen-feature-tested"],
    ]);
    const plain = scanSource(src.replace(`try { new Function(""); } catch { ok = false; }`, ""));
    expect(plain.ok && plain.findings.map((f) => [f.code, f.reason ?? null])).toEqual([["npm-module-forbidden-global", null]]);
  });

  test("a module that loads is admitted with a probe-loaded warning; the plain refusal is not probed", async () => {
    const { compile } = await import("../src/index.js");
    const root = tmp();
    const { writeTree } = await import("./helpers.js");
    writeTree(path.join(root, "p"), {
      "package.json": JSON.stringify({ name: "@t/jit", version: "1.0.0", capsule: { modules: { "./tested": { kind: "guest", source: "src/tested.js" }, "./plain": { kind: "guest", source: "src/plain.js" } } } }),
      "src/tested.js": src,
      "src/plain.js": src.replace(`try { new Function(""); } catch { ok = false; }`, ""),
    });
    const probed: string[] = [];
    const r = await compile({ roots: [root], cacheDir: tmp(), probe: async (_s, spec) => (probed.push(spec), { ok: true, exports: ["jit"] }) });
    expect(r.catalog.modules.map((m) => m.specifier)).toEqual(["@t/jit/tested"]);
    expect(r.catalog.refused).toMatchObject([{ specifier: "@t/jit/plain", code: "npm-module-forbidden-global" }]);
    expect(probed).toEqual(["@t/jit/tested"]);
    expect(r.diagnostics.find((d) => d.specifier === "@t/jit/tested" && d.details?.reason === "probe-loaded")?.message).toContain("EvalError");
  });
});
