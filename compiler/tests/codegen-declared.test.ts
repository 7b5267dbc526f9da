// `codeGeneration: "refuse-at-run-time"` on a guest module (fixtures/roots/codegen): a library that can generate
// code only on paths the pack does not use is admitted with a warning per place, and the guest refuses the call if
// a run takes such a path; without the declaration it is refused; a library that generates code while it loads is
// refused whatever it declares. Every module goes through the real probe (a fresh QuickJS guest).

import { readFileSync } from "node:fs";
import path from "node:path";
import { createSandbox } from "@capsule/runtime";
import { describe, expect, test } from "vitest";
import { compileWithSandbox, type CompileResult } from "../src/index.js";
import { ROOTS, tmp, hintOf } from "./helpers.js";

let result: Promise<CompileResult> | undefined;
const compiled = () => (result ??= compileWithSandbox({ roots: [path.join(ROOTS, "codegen")], cacheDir: tmp() }));
const spec = (sub: string) => `@fx/codegen/${sub}`;
const admitted = async (sub: string) => (await compiled()).catalog.modules.find((m) => m.specifier === spec(sub));
const refused = async (sub: string) => (await compiled()).catalog.refused.find((m) => m.specifier === spec(sub));
const diags = async (sub: string) => (await compiled()).diagnostics.filter((d) => d.specifier === spec(sub));

describe("a module that declares codeGeneration refuse-at-run-time", () => {
  test("without the declaration, code generation on a path not taken still refuses the module, and the hint names the declaration", async () => {
    const r = await refused("bind-undeclared");
    expect(r?.code).toBe("npm-module-forbidden-global");
    const d = (await diags("bind-undeclared")).find((x) => x.code === "npm-module-forbidden-global");
    expect(hintOf(d!)).toContain('"codeGeneration": "refuse-at-run-time"');
  }, 120_000);

  test("with it, the module is admitted with a warning naming the place, and nothing else changed", async () => {
    const m = await admitted("bind");
    expect(m, JSON.stringify(await refused("bind"))).toBeDefined();
    const ds = await diags("bind");
    expect(ds.filter((d) => d.severity === "error")).toEqual([]);
    const warned = ds.filter((d) => d.code === "codegen-refused-at-run-time");
    expect(warned.map((d) => d.details?.name)).toEqual(["Function"]);
    expect(warned[0]!.message).toMatch(/Function.*refuse-at-run-time.*EvalError/);
  }, 120_000);

  test("a run uses the library's plain paths, and gets EvalError where it generates code", async () => {
    const [bind, api] = [await admitted("bind"), await admitted("api")];
    expect(bind && api).toBeTruthy();
    const sources = new Map([bind!, api!].map((m) => [m.specifier, readFileSync(m.sourcePath, "utf8")]));
    const sandbox = createSandbox({ maxWorkers: 1 });
    try {
      const run = await sandbox.run<unknown>({
        source: [
          `import call from "${spec("bind")}"; import api from "${spec("api")}";`,
          `const bound = call(function (x) { return [this.k, x]; }, { k: 1 });`,
          `const attempt = (f) => { try { return f(); } catch (e) { return e.name + ": " + e.message; } };`,
          `return { bound: bound(2), sum: api.add(2, 3), compiled: attempt(() => api.compile("return x")(1)), fallback: attempt(() => call.fallback.call(function () {}, null)) };`,
        ].join("\n"),
        resolver: { resolve: (s) => (sources.has(s) ? { specifier: s, source: sources.get(s)! } : undefined) },
      });
      expect(run).toMatchObject({ ok: true });
      const value = (run as { value: Record<string, unknown> }).value;
      expect(value.bound).toEqual([1, 2]);
      expect(value.sum).toBe(5);
      expect(value.compiled).toMatch(/^EvalError: Function is refused in the sandbox/);
      expect(value.fallback).toMatch(/^EvalError: Function is refused in the sandbox/);
    } finally {
      await sandbox.close();
    }
  }, 120_000);

  test("a library that generates code while it loads is refused whatever it declares", async () => {
    expect(await admitted("at-load")).toBeUndefined();
    const r = await refused("at-load");
    expect(r).toBeDefined();
    expect(r!.message).toMatch(/EvalError|Function/);
  }, 120_000);
});
