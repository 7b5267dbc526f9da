// A run that ends (here at its wall clock) cancels the WASM calls it left queued or running.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCapsuleDispatcher, defaultRegistry, wasmFacadeSource } from "../registry/src/index.js";
import { createSandbox, type HostModuleCall } from "../runtime/src/index.js";

const wabt = await createRequire(new URL("../compiler/package.json", import.meta.url))("wabt")();
const binary = Buffer.from(wabt.parseWat("spin.wat", `(module (func (export "spin") (param $n i32) (result i32)
  (loop $l (local.set $n (i32.sub (local.get $n) (i32.const 1))) (br_if $l (i32.gt_s (local.get $n) (i32.const 0)))) (local.get $n)))`).toBinary({}).buffer);
const file = join(mkdtempSync(join(tmpdir(), "capsule-wasm-cancel-")), "spin.wasm");
writeFileSync(file, binary);
const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");
const facade = wasmFacadeSource("wasm:@t/spin", ["spin"]);
const catalog = {
  modules: [{ specifier: "@t/spin", pack: "@t/spin", kind: "wasm" as const, hostId: "wasm:@t/spin", sha256: sha(facade), source: facade,
    wasm: { file, sha256: sha(binary), exports: { spin: { params: ["i32" as const], result: "i32" as const } }, budget: { callTimeoutMs: 5_000 } } }],
};
const inner = createCapsuleDispatcher({ registry: defaultRegistry(), catalog, wasmWorkers: 1 });
const outcomes: string[] = [];
const ended: string[] = [];
const calls: Promise<unknown>[] = [];
const dispatcher = {
  dispatch: (call: HostModuleCall) => {
    const made = inner.dispatch(call).then(
      (v) => { outcomes.push("ok"); return v; },
      (e: { code?: string }) => { outcomes.push(e.code ?? "error"); throw e; },
    );
    calls.push(made.catch(() => undefined));
    return made;
  },
  endRun: (runId: string) => { ended.push(runId); inner.endRun(runId); },
};
const sandbox = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
afterAll(async () => {
  await sandbox.close();
  await inner.close();
});

describe("wasm calls of a run that ends", () => {
  it("are cancelled, and the pool serves the next run", async () => {
    const result = await sandbox.run({
      source: "import { spin } from '@t/spin'; await Promise.all([spin(2e9), spin(2e9), spin(2e9)]); return 'finished'",
      limits: { wallMs: 300 },
    });
    expect(!result.ok && result.error.code).toBe("E_WALL_TIME");
    expect(ended).toHaveLength(1);
    // Wait for every call that reached the dispatcher to settle (not for a fixed time: on a loaded machine the
    // first call may still be loading the WASM pool when its run ends).
    await Promise.all(calls);
    // Every call that reached the dispatcher was cancelled (none ran on); a call whose message arrived after the
    // run ended is never made at all (on a loaded machine that can be the last of the three).
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o === "wasm-cancelled")).toBe(true);
    const next = await sandbox.run({ source: "import { spin } from '@t/spin'; return await spin(10)" });
    expect(next.ok && next.value).toBe(0);
  });

  it("include a call still on its way in (waiting for the binary or the pool) when its run ends", async () => {
    const declared = new Map([["wasm:@t/spin", "@t/spin"]]);
    const late = inner.dispatch({ runId: "run-late", id: "wasm:@t/spin", exportName: "spin", args: [10], declared });
    inner.endRun("run-late"); // before the dispatch above has its session
    await expect(late).rejects.toMatchObject({ code: "wasm-cancelled" });
    // Another run is unaffected.
    await expect(inner.dispatch({ runId: "run-other", id: "wasm:@t/spin", exportName: "spin", args: [10], declared })).resolves.toBe(0);
  });
});
