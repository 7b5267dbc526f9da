import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { HostModuleError } from "../src/errors.js";
import { createWasmPool, createWasmRunner, DEFAULT_WASM_BUDGET, resolveWasmBudget, type WasmExportDeclaration, type WasmRunner, type WorkerLike } from "../src/wasm/index.js";
import { BYTES_WAT, D, EVIL_WAT, MATH_WAT, STATE_WAT, build, codeOf, errorOf, jsChecksum, type Mod } from "./wasm-helpers.js";

let runner: WasmRunner;
let math: Mod, bytes: Mod, state: Mod, evil: Mod, importing: Mod;

beforeAll(async () => {
  runner = createWasmRunner({ workers: 2 });
  math = await build("math", MATH_WAT);
  bytes = await build("bytes", BYTES_WAT);
  state = await build("state", STATE_WAT);
  evil = await build("evil", EVIL_WAT);
  importing = await build("importing", `(module (import "env" "f" (func)) (func (export "g") call 0))`);
});

afterAll(async () => {
  await runner.close();
});

describe("wasm runner: calls", () => {
  it("calls scalar exports: i32, f64, f32, i64 as bigint, no result", async () => {
    const s = runner.session();
    expect(await s.call(math.binary, math.digest, "add", D.ii_i, [2, 40])).toBe(42);
    expect(await s.call(math.binary, math.digest, "add", D.ii_i, [0x7fffffff, 1])).toBe(-0x80000000);
    expect(await s.call(math.binary, math.digest, "mulf", D.ff_f, [1.5, -4])).toBe(-6);
    expect(await s.call(math.binary, math.digest, "halff", D.f_f32, [3])).toBe(1.5);
    expect(await s.call(math.binary, math.digest, "add64", D.ll_l, [2n ** 62n, 2n ** 62n - 1n])).toBe(2n ** 63n - 1n);
    expect(await s.call(math.binary, math.digest, "add64", D.ll_l, [2n ** 63n - 1n, 1n])).toBe(-(2n ** 63n));
    expect(await s.call(math.binary, math.digest, "nop", D.none, [])).toBeUndefined();
  });

  it("passes 1 MiB of bytes in and gets the checksum", async () => {
    const data = new Uint8Array(1 << 20);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + 7) & 0xff;
    const s = runner.session();
    expect(await s.call(bytes.binary, bytes.digest, "checksum", D.b_i, [data])).toBe(jsChecksum(data));
    // a view into a larger buffer sends only its own bytes; the caller's array is left intact
    const big = new Uint8Array(100);
    big.set([1, 2, 3], 10);
    expect(await s.call(bytes.binary, bytes.digest, "checksum", D.b_i, [big.subarray(10, 13)])).toBe(1 + 4 + 9);
    expect(big[10]).toBe(1);
    expect(await s.call(bytes.binary, bytes.digest, "checksum", D.b_i, [new Uint8Array(0)])).toBe(0);
  });

  it("bytes -> bytes (reverse), and two bytes params as (ptr, len, ptr, len)", async () => {
    const s = runner.session();
    const out = await s.call(bytes.binary, bytes.digest, "reverse", D.b_b, [new TextEncoder().encode("hello, wasm")]);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(out as Uint8Array)).toBe("msaw ,olleh");
    const big = new Uint8Array(200_000).map((_, i) => i & 0xff);
    const rev = (await s.call(bytes.binary, bytes.digest, "reverse", D.b_b, [big])) as Uint8Array;
    expect(rev.length).toBe(big.length);
    expect(rev[0]).toBe(big[big.length - 1]);
    expect(rev[big.length - 1]).toBe(0);
    const two = { params: ["bytes", "bytes"], result: "i32" } satisfies WasmExportDeclaration;
    expect(await s.call(bytes.binary, bytes.digest, "concat_len", two, [new Uint8Array(3), new Uint8Array(5)])).toBe(8);
  });

  it("refuses a bytes result out of memory bounds", async () => {
    const s = runner.session();
    const e = await errorOf(s.call(bytes.binary, bytes.digest, "badresult", D._b, []));
    expect(e.code).toBe("wasm-result-invalid");
  });

  it("is stateless: globals and memory do not survive a call", async () => {
    const s = runner.session();
    for (let i = 0; i < 5; i++) expect(await s.call(state.binary, state.digest, "bump", D._i, [])).toBe(1);
    await s.call(state.binary, state.digest, "write", D.i_, [1234]);
    expect(await s.call(state.binary, state.digest, "read", D._i, [])).toBe(0);
    // also with calls spread over both workers at once
    const many = await Promise.all([1, 2, 3, 4].map(() => s.call(state.binary, state.digest, "bump", D._i, [])));
    expect(many).toEqual([1, 1, 1, 1]);
  });

  it("refuses modules that need imports, missing exports, arity mismatches, bad binaries", async () => {
    const s = runner.session();
    expect(await codeOf(s.call(importing.binary, importing.digest, "g", D.none, []))).toBe("wasm-module-invalid");
    expect(await codeOf(s.call(math.binary, math.digest, "nope", D.none, []))).toBe("wasm-export-missing");
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.i_i, [1]))).toBe("wasm-module-invalid");
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.b_i, [new Uint8Array(1)]))).toBe("wasm-module-invalid");
    expect(await codeOf(s.call(new Uint8Array([0, 1, 2, 3]), "garbage", "f", D.none, []))).toBe("wasm-module-invalid");
    const mismatch = await errorOf(s.call(math.binary, math.digest, "add", D.ll_l, [1n, 2n]));
    expect(mismatch.code).toBe("wasm-module-invalid");
    expect(mismatch.message).toMatch(/signature \(i32, i32\) -> \(i32\) but its declaration implies \(i64, i64\) -> \(i64\)/);
    expect(await codeOf(s.call(math.binary, math.digest, "zero", { params: [], result: "f64" }, []))).toBe("wasm-module-invalid");
    expect(await codeOf(s.call(math.binary, math.digest, "nop", D._i, []))).toBe("wasm-module-invalid");
    // declaring the raw (ptr, len) pair as two i32 matches the signature too
    expect(await s.call(bytes.binary, bytes.digest, "checksum", { params: ["i32", "i32"], result: "i32" }, [0, 0])).toBe(0);
  });
});

describe("wasm runner: a worker's start", () => {
  it("is not counted in a call's timeout: a worker that takes 400 ms to start still answers a 200 ms call", async () => {
    const invoke = new URL("../src/wasm/invoke.mjs", import.meta.url).href;
    // A thread that is slow to start (a loaded machine), then speaks the pool's protocol.
    const slowWorker = () =>
      new Worker(
        `const { parentPort } = require("node:worker_threads");
         const until = Date.now() + 400; while (Date.now() < until);
         import(${JSON.stringify(invoke)}).then(({ handleMessage }) => {
           parentPort.on("message", (m) => handleMessage(m, (r, t) => parentPort.postMessage(r, t)));
           parentPort.postMessage({ ready: true });
         });`,
        { eval: true },
      ) as unknown as WorkerLike;
    const pool = createWasmPool(slowWorker, 1);
    try {
      const s = pool.session({ callTimeoutMs: 200 });
      expect(await s.call(math.binary, math.digest, "add", D.ii_i, [2, 3])).toBe(5);
      expect(s.usage.timeMs).toBeLessThan(200);
    } finally {
      await pool.close();
    }
  });
});

describe("wasm runner: a worker that never starts", () => {
  it("fails the call waiting for it after the start limit, and the next call gets a fresh worker", async () => {
    let spawned = 0;
    const invoke = new URL("../src/wasm/invoke.mjs", import.meta.url).href;
    // The first worker never says it is ready; the second does.
    const spawn = () =>
      new Worker(
        spawned++ === 0
          ? `require("node:worker_threads").parentPort.on("message", () => {});`
          : `const { parentPort } = require("node:worker_threads");
             import(${JSON.stringify(invoke)}).then(({ handleMessage }) => {
               parentPort.on("message", (m) => handleMessage(m, (r, t) => parentPort.postMessage(r, t)));
               parentPort.postMessage({ ready: true });
             });`,
        { eval: true },
      ) as unknown as WorkerLike;
    const pool = createWasmPool(spawn, 1, 300);
    try {
      const s = pool.session();
      const e = await errorOf(s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]));
      expect(e.code).toBe("wasm-internal");
      expect(e.message).toMatch(/did not start within 300 ms/);
      expect(await s.call(math.binary, math.digest, "add", D.ii_i, [2, 2])).toBe(4);
    } finally {
      await pool.close();
    }
  });
});

describe("wasm runner: timeouts and traps", () => {
  it("kills a runaway loop at the per-call timeout, and the pool is healthy afterwards", async () => {
    const s = runner.session({ callTimeoutMs: 200 });
    const before = runner.started;
    const e = await errorOf(s.call(evil.binary, evil.digest, "spin", D.none, []));
    expect(e.code).toBe("wasm-timeout");
    expect(await s.call(math.binary, math.digest, "add", D.ii_i, [1, 2])).toBe(3);
    const results = await Promise.all([1, 2, 3, 4].map((i) => s.call(math.binary, math.digest, "add", D.ii_i, [i, i])));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(runner.started).toBeGreaterThan(before);
  });

  it("reports traps with their kind", async () => {
    const s = runner.session();
    const unreachable = await errorOf(s.call(evil.binary, evil.digest, "trap", D.none, []));
    expect(unreachable.code).toBe("wasm-trap");
    expect(unreachable.message).toMatch(/unreachable/);
    const oob = await errorOf(s.call(evil.binary, evil.digest, "oob", D._i, []));
    expect(oob.code).toBe("wasm-trap");
    expect(oob.message).toMatch(/out of bounds/);
    const div = await errorOf(s.call(evil.binary, evil.digest, "div", D.ii_i, [1, 0]));
    expect(div.code).toBe("wasm-trap");
    expect(div.message).toMatch(/divide by zero/);
    const overflow = await errorOf(s.call(evil.binary, evil.digest, "div", D.ii_i, [-0x80000000, -1]));
    expect(overflow.code).toBe("wasm-trap");
    expect(overflow.message).toMatch(/unrepresentable/);
    const stack = await errorOf(s.call(evil.binary, evil.digest, "recurse", D.i_i, [0]));
    expect(stack.code).toBe("wasm-trap");
    expect(stack.message).toMatch(/stack overflow/);
    expect(await s.call(evil.binary, evil.digest, "div", D.ii_i, [7, 2])).toBe(3);
  });
});

describe("wasm runner: argument checks", () => {
  const s = () => runner.session();
  it("refuses wrong arguments before the call, naming the parameter", async () => {
    const cases: Array<[string, WasmExportDeclaration, unknown[], RegExp]> = [
      ["add", D.ii_i, [1.5, 2], /parameter 0 \(i32\)/],
      ["add", D.ii_i, [1, 2 ** 31], /parameter 1 \(i32\).*range/],
      ["add", D.ii_i, [-(2 ** 31) - 1, 0], /parameter 0 \(i32\).*range/],
      ["add", D.ii_i, [1, NaN], /parameter 1/],
      ["add", D.ii_i, [1, Infinity], /parameter 1/],
      ["add", D.ii_i, ["1", 2], /parameter 0/],
      ["add", D.ii_i, [1n, 2], /parameter 0/],
      ["add", D.ii_i, [1], /takes 2 argument\(s\), got 1/],
      ["add", D.ii_i, [1, 2, 3], /takes 2 argument\(s\), got 3/],
      ["add64", D.ll_l, [1, 2n], /parameter 0 \(i64\).*bigint/],
      ["add64", D.ll_l, [1n, 2n ** 63n], /parameter 1 \(i64\).*range/],
      ["mulf", D.ff_f, [1, "2"], /parameter 1 \(f64\)/],
    ];
    for (const [name, decl, args, message] of cases) {
      const e = await errorOf(s().call(math.binary, math.digest, name, decl, args));
      expect(e.code, `${name} ${String(args)}`).toBe("wasm-argument-invalid");
      expect(e.message).toMatch(message);
    }
    for (const bad of [[1, 2, 3], "abc", new Uint16Array(2), Buffer.from("x").buffer, null]) {
      const e = await errorOf(s().call(bytes.binary, bytes.digest, "checksum", D.b_i, [bad]));
      expect(e.code).toBe("wasm-argument-invalid");
      expect(e.message).toMatch(/parameter 0 \(bytes\).*Uint8Array/);
    }
    // a Buffer is a Uint8Array and is accepted
    expect(await s().call(bytes.binary, bytes.digest, "checksum", D.b_i, [Buffer.from([1, 1])])).toBe(3);
  });

  it("refuses budgets over the ceilings and unknown keys", () => {
    expect(resolveWasmBudget({ callsPerRun: 5 })).toEqual({ ...DEFAULT_WASM_BUDGET, callsPerRun: 5 });
    expect(() => runner.session({ inFlight: 17 })).toThrow(HostModuleError);
    expect(() => runner.session({ callTimeoutMs: 0 })).toThrow(/positive integer/);
    expect(() => runner.session({ nope: 1 } as never)).toThrow(/unknown budget key/);
  });
});

describe("wasm runner: budgets and cancel", () => {
  it("refuses calls past callsPerRun", async () => {
    const s = runner.session({ callsPerRun: 3 });
    for (let i = 0; i < 3; i++) expect(await s.call(math.binary, math.digest, "add", D.ii_i, [i, 1])).toBe(i + 1);
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]))).toBe("wasm-budget-calls");
    expect(s.usage.calls).toBe(3);
  });

  it("refuses a call past inFlight concurrent calls of one session (no queueing)", async () => {
    const s = runner.session({ inFlight: 2 });
    const a = s.call(evil.binary, evil.digest, "spin_for", D.i_i, [1_000_000]);
    const b = s.call(evil.binary, evil.digest, "spin_for", D.i_i, [1_000_000]);
    const c = s.call(evil.binary, evil.digest, "spin_for", D.i_i, [1_000_000]);
    expect(await codeOf(c)).toBe("wasm-budget-in-flight");
    expect(await Promise.all([a, b])).toEqual([1_000_000, 1_000_000]);
    expect(s.usage.inFlight).toBe(0);
    expect(await s.call(math.binary, math.digest, "add", D.ii_i, [1, 1])).toBe(2);
  });

  it("refuses calls past totalTimeMs, cutting the running call short at the budget", async () => {
    const s = runner.session({ totalTimeMs: 300, callTimeoutMs: 200 });
    expect(await codeOf(s.call(evil.binary, evil.digest, "spin", D.none, []))).toBe("wasm-timeout");
    // ~200 ms used: the next call may only run for the remaining ~100 ms, not its own 200 ms
    const before = s.usage.timeMs;
    expect(await codeOf(s.call(evil.binary, evil.digest, "spin", D.none, []))).toBe("wasm-budget-time");
    expect(s.usage.timeMs - before).toBeLessThan(190);
    expect(s.usage.timeMs).toBeGreaterThanOrEqual(295);
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]))).toBe("wasm-budget-time");
  });

  it("does not share budgets between concurrent sessions", async () => {
    const a = runner.session({ callsPerRun: 2, inFlight: 1 });
    const b = runner.session({ callsPerRun: 2, inFlight: 1 });
    const [ra, rb] = await Promise.all([a.call(math.binary, math.digest, "add", D.ii_i, [1, 1]), b.call(math.binary, math.digest, "add", D.ii_i, [2, 2])]);
    expect([ra, rb]).toEqual([2, 4]);
    const [ra2, rb2] = await Promise.all([a.call(math.binary, math.digest, "add", D.ii_i, [3, 3]), b.call(math.binary, math.digest, "add", D.ii_i, [4, 4])]);
    expect([ra2, rb2]).toEqual([6, 8]);
    expect(await codeOf(a.call(math.binary, math.digest, "add", D.ii_i, [1, 1]))).toBe("wasm-budget-calls");
    const fresh = runner.session({ callsPerRun: 2 });
    expect(await fresh.call(math.binary, math.digest, "add", D.ii_i, [5, 5])).toBe(10);
  });

  it("cancel rejects queued and in-flight calls, leaves other sessions alone", async () => {
    // Two workers, both busy with session `busy`; `s` has one more queued behind them.
    const busy = runner.session({ callTimeoutMs: 2000 });
    const s = runner.session({ callTimeoutMs: 2000 });
    const other = runner.session();
    const running1 = s.call(evil.binary, evil.digest, "spin", D.none, []);
    const running2 = busy.call(evil.binary, evil.digest, "spin_for", D.i_i, [50_000_000]);
    const queued = s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]);
    const otherQueued = other.call(math.binary, math.digest, "add", D.ii_i, [2, 2]);
    await new Promise((r) => setTimeout(r, 50));
    s.cancel();
    expect(await codeOf(queued)).toBe("wasm-cancelled");
    expect(await codeOf(running1)).toBe("wasm-cancelled");
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]))).toBe("wasm-cancelled");
    expect(await otherQueued).toBe(4);
    expect(await running2).toBe(50_000_000);
    expect(s.usage.inFlight).toBe(0);
  });
});

describe("wasm runner: close", () => {
  it("rejects calls after close", async () => {
    const own = createWasmRunner({ workers: 1 });
    const s = own.session();
    expect(await s.call(math.binary, math.digest, "add", D.ii_i, [1, 1])).toBe(2);
    const running = s.call(evil.binary, evil.digest, "spin_for", D.i_i, [2_000_000_000]);
    const queued = s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]);
    await own.close();
    expect(await codeOf(running)).toBe("wasm-closed");
    expect(await codeOf(queued)).toBe("wasm-closed");
    expect(await codeOf(s.call(math.binary, math.digest, "add", D.ii_i, [1, 1]))).toBe("wasm-closed");
  });
});

describe("wasm runner: sustained use", () => {
  it("answers a thousand sequential calls and repeated 1 MiB checksums exactly like plain JS (timings are in pnpm bench wasm)", async () => {
    const s = runner.session({ callsPerRun: 100_000, totalTimeMs: 60_000 });
    for (let i = 0; i < 1000; i++) expect(await s.call(math.binary, math.digest, "add", D.ii_i, [i, 1])).toBe(i + 1);
    const data = new Uint8Array(1 << 20).map((_, i) => (i * 13) & 0xff);
    const expected = jsChecksum(data);
    for (let i = 0; i < 5; i++) expect(await s.call(bytes.binary, bytes.digest, "checksum", D.b_i, [data])).toBe(expected);
  });
});
