// A module refused only because it needs Node's Buffer (the global at load, require("buffer"), import "node:buffer")
// is bundled with the `buffer` polyfill and returns in a guest what it returns in Node; a module whose Buffer use
// the probe alone excuses keeps its bundle without it. Fixture: roots/buffer. Every module goes through the real probe.

import { readFileSync } from "node:fs";
import path from "node:path";
import { createSandbox } from "@capsule/runtime";
import { describe, expect, test } from "vitest";
import { compileWithSandbox, type CompileResult } from "../src/index.js";
import { importCompiled, ROOTS, tmp } from "./helpers.js";

let result: Promise<CompileResult> | undefined;
const compiled = () => (result ??= compileWithSandbox({ roots: [path.join(ROOTS, "buffer")], cacheDir: tmp() }));
const spec = (sub: string) => `@fx/buffer/${sub}`;
const admitted = async (sub: string) => (await compiled()).catalog.modules.find((m) => m.specifier === spec(sub));
const warned = async (sub: string) => (await compiled()).diagnostics.filter((d) => d.specifier === spec(sub) && d.code === "npm-module-buffer-polyfill");

describe("the buffer polyfill", () => {
  test("is bundled into modules that need Buffer at load, by global, require or import, each with a warning", async () => {
    for (const sub of ["global", "required", "imported"]) {
      const m = await admitted(sub);
      expect(m, `${sub}: ${JSON.stringify((await compiled()).catalog.refused.find((r) => r.specifier === spec(sub)))}`).toBeDefined();
      expect((await warned(sub)).length, sub).toBe(1);
    }
  }, 180_000);

  test("gives a guest what Node gives", async () => {
    const mods = await Promise.all(["global", "required", "imported"].map(admitted));
    const sources = new Map(mods.map((m) => [m!.specifier, readFileSync(m!.sourcePath, "utf8")]));
    const sandbox = createSandbox({ maxWorkers: 1 });
    try {
      const run = await sandbox.run<unknown>({
        source: [
          `import g from "${spec("global")}"; import r from "${spec("required")}"; import * as i from "${spec("imported")}";`,
          `return [g.hex("héllo"), g.roundTrip("a ✓ b"), g.emptyLength, r.concat("ab", "cd"), r.readInt(), i.compare("a", "b")];`,
        ].join("\n"),
        resolver: { resolve: (s) => (sources.has(s) ? { specifier: s, source: sources.get(s)! } : undefined) },
      });
      const g = await importCompiled(mods[0]!.sourcePath);
      expect(run).toMatchObject({ ok: true, value: [Buffer.from("héllo").toString("hex"), "a ✓ b", 0, "abcd", "deadbeef", -1] });
      expect((g.default as { hex(s: string): string }).hex("x")).toBe("78");
    } finally {
      await sandbox.close();
    }
  }, 180_000);

  test("is not bundled into a module that loads without it (Buffer only inside functions)", async () => {
    const m = await admitted("deferred");
    expect(m).toBeDefined();
    expect(await warned("deferred")).toEqual([]);
    expect(readFileSync(m!.sourcePath, "utf8")).not.toContain("INSPECT_MAX_BYTES"); // an export of the polyfill
    expect(readFileSync((await admitted("global"))!.sourcePath, "utf8")).toContain("INSPECT_MAX_BYTES");
  }, 180_000);
});
