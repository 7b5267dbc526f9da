// The real probe (createSandboxProbe, compileWithSandbox: a fresh Capsule sandbox with the probe budgets) produces
// npm-module-probe-failed for each way a module can fail to load — it throws, it runs out of its CPU budget, it
// imports something the sandbox cannot give it, it uses a global the sandbox lacks — carrying the guest's own error;
// and admits a module that loads. No fake probe here.

import path from "node:path";
import * as esbuild from "esbuild";
import { afterAll, describe, expect, test } from "vitest";
import { compile, compileWithSandbox, createSandboxProbe, PROBE_BUDGETS, type Bundler, type CompileResult } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";

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
        }),
      ],
      cacheDir: tmp(),
    }));

  test("a module that throws at load carries the guest's error", async () => {
    const r = await load();
    expect(refusalOf(r, "@t/probe/throws")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringContaining("RangeError: refusing to load: 1") });
  }, 60_000);

  test(`a module that runs past its CPU budget (PROBE_CPU_MS, ${PROBE_BUDGETS.PROBE_CPU_MS.default} ms) is stopped and refused`, async () => {
    const r = await load();
    // The runtime stops the loop by interrupting the module's evaluation: E_CPU_TIME at its CPU budget, or E_WALL_TIME
    // first on a machine so loaded that the probe's thread gets less than 2 s of CPU in its 5 s of wall clock.
    expect(refusalOf(r, "@t/probe/spins")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringMatching(/E_CPU_TIME|E_WALL_TIME/) });
  }, 60_000);

  test("a module that uses a global the sandbox lacks at load is refused with the guest's ReferenceError", async () => {
    const r = await load();
    expect(refusalOf(r, "@t/probe/global")).toMatchObject({ code: "npm-module-probe-failed", message: expect.stringMatching(/ReferenceError: .*performance.* is not defined/) });
  }, 60_000);

  test("a module that loads is admitted with the exports the guest saw", async () => {
    const r = await load();
    expect(r.catalog.modules.find((m) => m.specifier === "@t/probe/fine")?.exports).toEqual(["twice"]);
    expect(r.diagnostics.filter((d) => d.code === "npm-module-probe-failed").map((d) => d.specifier).sort()).toEqual(["@t/probe/global", "@t/probe/spins", "@t/probe/throws"]);
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
