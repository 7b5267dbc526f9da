// The real probe (createSandboxProbe, compileWithSandbox: a fresh Capsule sandbox with the probe budgets) produces
// npm-module-probe-failed for each way a module can fail to load — it throws, it runs out of its CPU budget, it
// imports something the sandbox cannot give it, it uses a global the sandbox lacks — carrying the guest's own error;
// and admits a module that loads. No fake probe here.

import path from "node:path";
import * as esbuild from "esbuild";
import { afterAll, describe, expect, test } from "vitest";
import { compile, COMPILER_CODES, compileWithSandbox, createSandboxProbe, PROBE_BUDGETS, type Bundler, type CompileResult } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";
import { MAX_EXPORTS, runProbe } from "../src/compile/probe.js";

function authored(modules: Record<string, string>): string {
  const root = tmp();
  writeTree(path.join(root, "p"), {
    "package.json": JSON.stringify({
      name: "@t/probe",
      version: "1.0.0",
      capsule: { modules: Object.fromEntries(Object.keys(modules).map((m) => [`./${m}`, { kind: "guest", source: `src/${m}.js` }])) },
    }),
    ...Object.fromEntries(Object.entries(modules).map(([m, body]) => [`src/${m}.js`, body])),
  });
  return root;
}

const refusalOf = (r: CompileResult, specifier: string) => r.catalog.refused.find((m) => m.specifier === specifier);

describe("npm-module-probe-failed from the real probe", () => {
  let result: CompileResult;
  const load = async () =>
    (result ??= await compileWithSandbox({
      roots: [
        authored({
          throws: `export const a = 1;\nthrow new RangeError("refusing to load: " + a);\n`,
          spins: `let n = 0;\nwhile (true) n++;\nexport default n;\n`,
          global: `export const started = performance.now();\n`,
          fine: `export const twice = (n) => n * 2;\n`,
          lies: `export const real = 1;\nObject.keys = () => ["fake", "*/ declare global { var pwned: 1 } /*"];\n`,
        }),
      ],
      cacheDir: tmp(),
    }));

  test("a module that throws at load carries the guest's error", async () => {
    const r = await load();
    expect(refusalOf(r, "@t/probe/throws")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("RangeError: refusing to load: 1") });
  }, 60_000);

  test(`a module that runs past its CPU budget (PROBE_CPU_MS, ${PROBE_BUDGETS.PROBE_CPU_MS.default} ms) is refused as out of CPU, not as a failure of its own`, async () => {
    const r = await load();
    // The runtime stops the loop at its CPU budget; the probe names the budget (or the wall clock's, on a machine so
    // loaded that the probe's thread gets less CPU than its budget in its wall-clock time).
    expect(refusalOf(r, "@t/probe/spins")).toMatchObject({ code: "npm-module-probe-cpu-exhausted" });
    const d = r.diagnostics.find((x) => x.specifier === "@t/probe/spins" && x.severity === "error")!;
    expect(["cpu", "wall"]).toContain(d.details?.exhausted);
    if (d.details?.exhausted === "cpu") {
      expect(refusalOf(r, "@t/probe/spins")?.message).toContain(`CPU budget (${PROBE_BUDGETS.PROBE_CPU_MS.default} ms, PROBE_CPU_MS default)`);
      expect(d.details).toMatchObject({ budgetMs: PROBE_BUDGETS.PROBE_CPU_MS.default, ceiling: PROBE_BUDGETS.PROBE_CPU_MS.ceiling });
    }
    const hint = COMPILER_CODES["npm-module-probe-cpu-exhausted"].hint;
    expect(typeof hint === "function" ? hint(d) : hint).toContain("budget.cpuMs");
  }, 60_000);

  test("a module that uses a global the sandbox lacks at load is refused with the guest's ReferenceError", async () => {
    const r = await load();
    expect(refusalOf(r, "@t/probe/global")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringMatching(/ReferenceError: .*performance.* is not defined/) });
  }, 60_000);

  test("a module that loads is admitted with the exports the guest saw", async () => {
    const r = await load();
    expect(r.catalog.modules.find((m) => m.specifier === "@t/probe/fine")?.exports).toEqual(["twice"]);
    expect(r.diagnostics.filter((d) => d.code === "npm-module-probe-failed").map((d) => d.specifier).sort()).toEqual(["@t/probe/global", "@t/probe/throws"]);
  }, 60_000);

  test("a module cannot choose the exports the catalog lists: its Object.keys is not the probe's, and names must be identifiers", async () => {
    const r = await load();
    expect(r.catalog.modules.find((m) => m.specifier === "@t/probe/lies")?.exports).toEqual(["real"]);
    // Whatever a probe answers, only identifiers (and not too many) reach the catalog and the reference.
    const answered = (exports: string[]) => runProbe(async () => ({ ok: true, exports }), "", "@t/x", 5_000);
    expect(await answered(["*/ declare global { var pwned: 1 } /*"])).toMatchObject({ ok: false, message: expect.stringContaining("which is not a name a program can import"), cacheable: true });
    expect(await answered(Array.from({ length: MAX_EXPORTS + 1 }, (_, i) => `e${i}`))).toMatchObject({ ok: false, message: expect.stringContaining(`at most ${MAX_EXPORTS}`) });
    expect(await answered(["b", "a", "default"])).toEqual({ ok: true, exports: ["a", "b", "default"] });
  }, 60_000);

  test("a module whose bundle imports something the sandbox cannot give it is refused (the import is named)", async () => {
    // esbuild left one import external (an injected bundler power), so the bundle really imports it at load.
    const leaky: Bundler = { version: `${esbuild.version}+external`, build: (o) => esbuild.build({ ...o, external: ["@t/not-in-the-sandbox"] }) };
    const sandbox = createSandboxProbe();
    afterAll(() => sandbox.close());
    const root = tmp();
    writeTree(path.join(root, "p"), {
      "package.json": JSON.stringify({ name: "@t/probe", version: "1.0.0", dependencies: { dep: "1.0.0" }, capsule: { modules: { "./imports": { kind: "guest", npm: "dep" } } } }),
      "node_modules/dep/package.json": JSON.stringify({ name: "dep", version: "1.0.0", type: "module", main: "index.js" }),
      "node_modules/dep/index.js": `export { x } from "@t/not-in-the-sandbox";\n`,
    });
    const r = await compile({
      roots: [root],
      cacheDir: tmp(),
      probe: sandbox.probe,
      bundler: leaky,
    });
    expect(refusalOf(r, "@t/probe/imports")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("@t/not-in-the-sandbox") });
  }, 60_000);
});

describe("a module's declared probe budget (budget.cpuMs)", () => {
  // A slow-loading module: its top level does a fixed amount of work (tens of ms to a few seconds of QuickJS CPU,
  // depending on the machine's load). No assertion depends on how long it takes: 10 ms is far below any machine's
  // time for it, and the ceiling far above it, so each direction holds on a fast machine and on a loaded one.
  const slow = `let x = 0;\nfor (let i = 0; i < 2_000_000; i++) x = (x + i) % 1000003;\nexport const loaded = x;\n`;
  const pack = (budget?: number) => {
    const root = tmp();
    writeTree(path.join(root, "p"), {
      "package.json": JSON.stringify({
        name: "@t/slow",
        version: "1.0.0",
        capsule: { modules: { ".": { kind: "guest", source: "src/slow.js", ...(budget ? { budget: { cpuMs: budget } } : {}) } } },
      }),
      "src/slow.js": slow,
    });
    return root;
  };

  test("the guest gets the declared budget: too small a one stops it as out of CPU, the ceiling admits it and the catalog records it", async () => {
    const cut = await compileWithSandbox({ roots: [pack(10)], cacheDir: tmp() });
    expect(refusalOf(cut, "@t/slow")).toMatchObject({ code: "npm-module-probe-cpu-exhausted", message: expect.stringContaining("CPU budget (10 ms, from budget.cpuMs)") });
    const ceiling = PROBE_BUDGETS.PROBE_CPU_MS.ceiling;
    const raised = await compileWithSandbox({ roots: [pack(ceiling)], cacheDir: tmp() });
    expect(raised.catalog.modules.find((x) => x.specifier === "@t/slow")).toMatchObject({ exports: ["loaded"], loadCpuMs: ceiling });
  }, 180_000);

  test("a budget above the PROBE_CPU_MS ceiling is refused by the manifest schema", async () => {
    const r = await compile({ roots: [pack(PROBE_BUDGETS.PROBE_CPU_MS.ceiling + 1)], cacheDir: tmp(), probe: async () => ({ ok: true, exports: [] }) });
    expect(r.catalog.refused[0]).toMatchObject({ code: "manifest-invalid" });
  });

  test("the probe is given the module's budget", async () => {
    const seen: unknown[] = [];
    await compile({ roots: [pack(7_000)], cacheDir: tmp(), probe: async (_s, _spec, options) => (seen.push(options), { ok: true, exports: [] }) });
    expect(seen).toEqual([{ cpuMs: 7_000 }]);
  });
});
