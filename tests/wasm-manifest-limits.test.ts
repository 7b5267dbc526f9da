// A WASM pack's manifest `limits` may only lower the pool's default budgets: a lowered budget is carried into the
// catalog and enforced on a run's calls; a raised one is refused at compile time, naming the default.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileWithSandbox } from "../compiler/src/index.js";
import { createCapsuleDispatcher, defaultRegistry } from "../registry/src/index.js";
import { createSandbox } from "../runtime/src/index.js";
import { PACKS_ROOT, TEST_CACHE } from "./support/shipped-catalog.js";

function wasmPack(root: string, name: string, limits: Record<string, number>): void {
  const dir = join(root, name.split("/")[1]);
  mkdirSync(join(dir, "wasm"), { recursive: true });
  copyFileSync(join(PACKS_ROOT, "checksum/wasm/checksum.wasm"), join(dir, "wasm/checksum.wasm"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({
    name, version: "1.0.0", type: "module",
    capsule: { modules: { ".": { kind: "wasm", file: "wasm/checksum.wasm", exports: { add: { params: ["i32", "i32"], result: "i32" } }, limits } } },
  }));
}

const root = mkdtempSync(join(tmpdir(), "capsule-wasm-limits-"));
wasmPack(root, "@t/lowered", { callsPerRun: 3 });
wasmPack(root, "@t/raised", { callTimeoutMs: 5_000 });
const { catalog, diagnostics } = await compileWithSandbox({ roots: [root], cacheDir: TEST_CACHE });

describe("a WASM manifest's limits", () => {
  it("refuse a raised budget at compile time with a named code", () => {
    const refusal = catalog.refused.find((r) => r.specifier === "@t/raised");
    expect(refusal).toMatchObject({ code: "wasm-limits-raised" });
    expect(refusal!.message).toContain("limits.callTimeoutMs is 5000, above Capsule's default of 1000");
    expect(catalog.modules.some((m) => m.specifier === "@t/raised")).toBe(false);
    expect(diagnostics.some((d) => d.code === ("wasm-limits-raised" as never) && d.specifier === "@t/raised")).toBe(true);
  });

  it("carry a lowered budget into the catalog, where the run's calls meet it", async () => {
    const lowered = catalog.modules.find((m) => m.specifier === "@t/lowered") as unknown as { wasm: { budget: Record<string, number> } };
    expect(lowered.wasm.budget).toEqual({ callsPerRun: 3 });
    const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog, wasmWorkers: 1 });
    const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
    afterAll(async () => {
      await sandbox.close();
      await dispatcher.close();
    });
    const result = await sandbox.run({
      source: 'import { add } from "@t/lowered";\nconst out = [];\nfor (let i = 0; i < 4; i++) { try { out.push(await add(i, 1)); } catch (e) { out.push(e.message); } }\nreturn out;',
    });
    expect(result.ok && result.value).toEqual([1, 2, 3, expect.stringMatching(/wasm-budget-calls/)]);
  });
});
