// The direct WASM channel (src/wasm/direct.ts): the pool's call contract from the calling thread, over an executor
// thread of its own — fresh instances, strict arguments, a runaway call stopped and its executor replaced, budgets,
// a run's stop and end cancelling its calls, binaries checked against their digests.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectWasm, type DirectWasmModule } from "../src/wasm/direct.js";
import { BYTES_WAT, D, EVIL_WAT, MATH_WAT, STATE_WAT, build, codeOf, jsChecksum } from "./wasm-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-direct-"));
let direct: DirectWasm;
const modules: Record<string, DirectWasmModule> = {};

async function add(name: string, wat: string, exports: DirectWasmModule["exports"], budget?: DirectWasmModule["budget"]): Promise<void> {
  const { binary } = await build(name, wat);
  const file = join(dir, `${name}.wasm`);
  writeFileSync(file, binary);
  modules[`wasm:${name}`] = { specifier: `@t/${name}`, file, sha256: createHash("sha256").update(binary).digest("hex"), exports, ...(budget ? { budget } : {}) };
}

beforeAll(async () => {
  direct = new DirectWasm();
  await add("state", STATE_WAT, { bump: D._i, write: D.i_, read: D._i });
  await add("math", MATH_WAT, { add: D.ii_i, add64: D.ll_l, mulf: D.ff_f, halff: D.f_f32, nop: D.none });
  await add("bytes", BYTES_WAT, { checksum: D.b_i, reverse: D.b_b });
  await add("evil", EVIL_WAT, { spin: D.none, trap: D.none, spin_for: D.i_i }, { callTimeoutMs: 300 });
  await add("tight", EVIL_WAT, { spin: D.none, spin_for: D.i_i }, { callsPerRun: 2, totalTimeMs: 400, callTimeoutMs: 1_000 });
});
afterAll(() => direct.close());

describe("direct wasm calls", () => {
  it("give every call a fresh instance, and carry bytes both ways", async () => {
    const run = direct.openRun(modules);
    for (let i = 0; i < 3; i++) expect(await run.call("wasm:state", "bump", [])).toBe(1);
    await run.call("wasm:state", "write", [99]);
    expect(await run.call("wasm:state", "read", [])).toBe(0);
    const data = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) & 255);
    expect(await run.call("wasm:bytes", "checksum", [data])).toBe(jsChecksum(data));
    expect(Array.from((await run.call("wasm:bytes", "reverse", [Uint8Array.of(1, 2, 3)])) as Uint8Array)).toEqual([3, 2, 1]);
  });

  it("carry every scalar type, on a first call (a message) and on later ones (shared memory alone)", async () => {
    const run = direct.openRun(modules);
    for (let i = 0; i < 3; i++) {
      expect(await run.call("wasm:math", "add", [i, -7])).toBe(i - 7);
      expect(await run.call("wasm:math", "add64", [2n ** 62n, BigInt(i)])).toBe(2n ** 62n + BigInt(i));
      expect(await run.call("wasm:math", "mulf", [1.5, i + 0.25])).toBe(1.5 * (i + 0.25));
      expect(await run.call("wasm:math", "halff", [3])).toBe(1.5);
      expect(await run.call("wasm:math", "nop", [])).toBe(undefined);
    }
    // A trap on the shared-memory path still comes back as the pool's refusal.
    await run.call("wasm:evil", "trap", []).catch(() => undefined);
    expect(await codeOf(run.call("wasm:evil", "trap", []))).toBe("wasm-trap");
  });

  it("refuse wrong arguments and exports the module did not declare, before anything runs", async () => {
    const run = direct.openRun(modules);
    expect(await codeOf(run.call("wasm:state", "write", [1.5]))).toBe("wasm-argument-invalid");
    await expect(run.call("wasm:state", "nope", [])).rejects.toMatchObject({ name: "HostCallError", code: "host-export-unknown" });
  });

  it("stop a runaway call at its timeout, replace the executor, and serve the next call", async () => {
    const run = direct.openRun(modules);
    await run.call("wasm:state", "bump", []);
    const before = direct.started;
    expect(await codeOf(run.call("wasm:evil", "spin", []))).toBe("wasm-timeout");
    expect(await codeOf(run.call("wasm:evil", "trap", []))).toBe("wasm-trap");
    expect(await run.call("wasm:state", "bump", [])).toBe(1);
    expect(direct.started).toBe(before + 1);
  });

  it("keep each run's budget: calls per run, and total time cut at what is left", async () => {
    const run = direct.openRun(modules);
    // The first call uses the whole 400 ms of the session, stopped there (its own timeout is 1,000 ms).
    expect(await codeOf(run.call("wasm:tight", "spin", []))).toBe("wasm-budget-time");
    expect(await codeOf(run.call("wasm:tight", "spin_for", [1]))).toBe("wasm-budget-time");
    expect(await codeOf(run.call("wasm:tight", "spin_for", [1]))).toBe("wasm-budget-calls");
    // Another run has its own budget.
    expect(await direct.openRun(modules).call("wasm:tight", "spin_for", [5])).toBe(5);
  });

  it("cancel a blocked call when its run is stopped, and every call after the run ended", async () => {
    // The run's stop flag lives in shared memory, set by another thread (the runtime's main thread does it so).
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const stopped = () => Atomics.load(flag, 0) === 1;
    const run = direct.openRun(modules, stopped);
    await run.call("wasm:state", "bump", []);
    const long = { ...modules, "wasm:evil": { ...modules["wasm:evil"], budget: { callTimeoutMs: 10_000 } } };
    const stoppable = direct.openRun(long, stopped);
    const stopper = new Worker(`const { workerData } = require("node:worker_threads"); setTimeout(() => Atomics.store(new Int32Array(workerData), 0, 1), 300)`, { eval: true, workerData: flag.buffer });
    // The stop flag flips while this thread is blocked in the call: the call ends with the run, not at its timeout.
    expect(await codeOf(stoppable.call("wasm:evil", "spin", []))).toBe("wasm-cancelled");
    await stopper.terminate();
    run.end();
    expect(await codeOf(run.call("wasm:state", "bump", []))).toBe("wasm-cancelled");
  });

  it("refuse a binary that no longer matches its digest", async () => {
    const run = direct.openRun({ "wasm:bad": { ...modules["wasm:state"], sha256: "0".repeat(64) } });
    expect(await codeOf(run.call("wasm:bad", "bump", []))).toBe("wasm-module-invalid");
  });
});
