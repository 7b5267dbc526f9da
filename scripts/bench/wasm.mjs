// WASM benchmark (issue 18, WASM part), in this one process: the per-call overhead of a trivial export called from a
// guest — directly from the guest's worker (the default) and through the main thread's pool (a run with a policy,
// journal or trace; here a dispatcher made with directWasm: false) — beside a minimal thread ping-pong and the pool
// alone; and a CRC-32 over 1 MiB through @capsule/checksum beside native Node (zlib.crc32) and guest JavaScript.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { crc32 as zlibCrc32 } from "node:zlib";
import { createHash } from "node:crypto";
import { compileWithSandbox } from "../../compiler/dist/index.js";
import { createCapsuleDispatcher, defaultRegistry } from "../../registry/dist/index.js";
import { createSandbox } from "../../runtime/dist/index.js";
import { createWasmRunner } from "../../host-modules/dist/wasm/index.js";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

const PACKS = fileURLToPath(new URL("../../packs/", import.meta.url));
const MiB = 1024 * 1024;
const JS_CRC = `function crc32(bytes) {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; table[n] = c; }
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 255] ^ (crc >>> 8);
  return (crc ^ -1) | 0;
}`;
const us = (v) => `${(v * 1000).toFixed(1)} us`;
const med = (sorted) => percentile(sorted, 0.5);

/** A minimal round trip main -> worker -> main over a MessagePort (the floor of one pool call's two hops). */
async function pingPong(n) {
  const worker = new Worker(`require("node:worker_threads").parentPort.on("message", (m) => require("node:worker_threads").parentPort.postMessage(m))`, { eval: true });
  const one = () => new Promise((resolve) => (worker.once("message", resolve), worker.postMessage(1)));
  const times = await sample(one, n, 200);
  await worker.terminate();
  return times;
}

/** A blocking round trip over a shared word (Atomics.notify / Atomics.wait both ways): the direct channel's floor. */
async function atomicsPingPong(n) {
  const words = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(`const { workerData } = require("node:worker_threads"); const w = new Int32Array(workerData);
    for (;;) { Atomics.wait(w, 0, 0); if (Atomics.load(w, 0) === 2) break; Atomics.store(w, 0, 0); Atomics.store(w, 1, 1); Atomics.notify(w, 1); }`, { eval: true, workerData: words.buffer });
  await new Promise((resolve) => worker.once("online", resolve));
  const one = () => {
    Atomics.store(words, 1, 0);
    Atomics.store(words, 0, 1);
    Atomics.notify(words, 0);
    while (Atomics.load(words, 1) === 0) Atomics.wait(words, 1, 0, 100);
  };
  const times = await sample(one, n, 200);
  Atomics.store(words, 0, 2);
  Atomics.notify(words, 0);
  await worker.terminate();
  return times;
}

export async function wasmBench() {
  console.log("== wasm ==\n");
  const cacheDir = mkdtempSync(join(tmpdir(), "capsule-bench-wasm-"));
  const { catalog } = await compileWithSandbox({ roots: [PACKS], cacheDir });
  const direct = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const viaMain = createCapsuleDispatcher({ registry: defaultRegistry(), catalog, directWasm: false });
  const sandboxes = { direct: createSandbox({ catalog, hostModules: direct, maxWorkers: 1 }), viaMain: createSandbox({ catalog, hostModules: viaMain, maxWorkers: 1 }) };
  const limits = { cpuMs: 30_000, wallMs: 60_000, hostCalls: 10_000, hostDataBytes: 8 * MiB };
  const bytes = new Uint8Array(MiB).map((_, i) => (i * 31) & 255);
  const hostFunctions = { data: { bytes: () => bytes, nop: () => 1 } };
  const run = async (which, source) => {
    const r = await sandboxes[which].run({ source, limits, hostFunctions });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };
  const CALLS = 200;
  const ADD = `import { add } from "@capsule/checksum"; let s = 0; for (let i = 0; i < ${CALLS}; i++) s = await add(s, 1); return s`;
  const NOP = `let s = 0; for (let i = 0; i < ${CALLS}; i++) s += await data.nop(); return s`;
  const makeData = "const input = await data.bytes();";
  const CRC = `import { crc32 } from "@capsule/checksum"; ${makeData} return await crc32(input)`;
  // The crc32 rows subtract a run that imports the module and receives the bytes too, so they measure the call alone.
  const CRC_BASE = `import { crc32 } from "@capsule/checksum"; ${makeData} return typeof crc32 === "function" ? input.length : 0`;
  // Interleaved, so that both paths meet the same load on a shared machine.
  const times = { empty: [], direct: [], viaMain: [], nop: [], base: [], crcBase: [], crcBaseMain: [], crcDirect: [], crcMain: [] };
  // CPU of every thread of the process (process.cpuUsage), which a loaded machine's waits for a core do not inflate.
  const cpu = Object.fromEntries(Object.keys(times).map((k) => [k, []]));
  // Warm: V8 tiers the engine's WASM and the call path up over the first few thousand calls (~2x slower before), as
  // the runtime bench's trivial rows also measure after their warm-up.
  for (let i = 0; i < 15; i++) for (const which of ["direct", "viaMain"]) await run(which, ADD), await run(which, i % 5 === 0 ? CRC : NOP);
  const timed = async (key, which, source) => {
    const t = performance.now();
    const c = process.cpuUsage();
    await run(which, source);
    const used = process.cpuUsage(c);
    times[key].push(performance.now() - t);
    cpu[key].push((used.user + used.system) / 1000);
  };
  // 15 rounds: on a shared machine the medians of fewer swing by tens of percent between runs.
  for (let round = 0; round < 15; round++) {
    for (const [key, which, source] of [["empty", "direct", "return 1"], ["direct", "direct", ADD], ["viaMain", "viaMain", ADD], ["nop", "direct", NOP], ["base", "direct", `${makeData} return input.length`]]) await timed(key, which, source);
  }
  // The crc32 rows in pairs of one path (its base run, then the call): a run's time depends on what ran before it
  // (the garbage a run through the main thread leaves, two 1 MiB clones a call), which interleaving all the rows mixed in.
  for (let round = 0; round < 60; round++) for (const [key, source] of [["crcBase", CRC_BASE], ["crcDirect", CRC]]) await timed(key, "direct", source);
  for (let round = 0; round < 20; round++) for (const [key, source] of [["crcBaseMain", CRC_BASE], ["crcMain", CRC]]) await timed(key, "viaMain", source);
  for (const list of [...Object.values(times), ...Object.values(cpu)]) list.sort((a, b) => a - b);
  const perCall = (key) => (med(times[key]) - med(times.empty)) / CALLS;
  const cpuPerCall = (key) => (med(cpu[key]) - med(cpu.empty)) / CALLS;
  const inGuest = await sample(() => run("direct", `${JS_CRC} ${makeData} return crc32(input)`), 3, 1);
  const native = await sample(() => zlibCrc32(bytes), 20, 3);
  const ping = await pingPong(2000);
  const atomicsPing = await atomicsPingPong(2000);
  // The pool alone (no guest): a trivial export and the 1 MiB crc32.
  const checksum = catalog.modules.find((m) => m.specifier === "@capsule/checksum").wasm;
  const binary = new Uint8Array(readFileSync(checksum.file));
  const digest = createHash("sha256").update(binary).digest("hex");
  const pool = createWasmRunner({ workers: 1 });
  const session = pool.session({ callsPerRun: 100_000, totalTimeMs: 60_000 });
  const poolAdd = await sample(() => session.call(binary, digest, "add", checksum.exports.add, [1, 2]), 1000, 50);
  const poolCrc = await sample(() => session.call(binary, digest, "crc32", checksum.exports.crc32, [bytes]), 20, 3);
  // The contract's floor, on this thread with no crossing: each call's fresh instance (so fresh memory, grown to hold
  // the bytes: its first touch is page faults, which this machine's VM makes dear), the bytes copied in, the crc32.
  const compiled = new WebAssembly.Module(binary);
  const freshCrc = await sample(() => {
    const { exports } = new WebAssembly.Instance(compiled);
    const ptr = exports.alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
    return exports.crc32(ptr, bytes.length);
  }, 20, 3);
  const kept = new WebAssembly.Instance(compiled).exports;
  const keptPtr = kept.alloc(bytes.length);
  new Uint8Array(kept.memory.buffer, keptPtr, bytes.length).set(bytes);
  const crcOnly = await sample(() => kept.crc32(keptPtr, bytes.length), 20, 3);
  await pool.close();
  for (const sandbox of Object.values(sandboxes)) await sandbox.close();
  await direct.close();
  await viaMain.close();
  rmSync(cacheDir, { recursive: true, force: true });
  const nativeMs = med(native);
  const crcOf = (key) => med(times[key]) - med(times[key === "crcMain" ? "crcBaseMain" : "crcBase"]);
  table([
    ["measure (medians)", "time", "ratio", "target"],
    [`trivial wasm export from a guest, direct from its worker (add, per call, ${CALLS} sequential calls)`, us(perCall("direct")), `${ratio(perCall("direct"), med(atomicsPing))} of an Atomics ping-pong, ${ratio(perCall("direct"), med(poolAdd))} of the pool alone`, "<= 100 us"],
    ["  the same through the main thread's pool (runs with a policy, journal or trace)", us(perCall("viaMain")), `${ratio(perCall("viaMain"), med(ping))} of a ping-pong, ${ratio(perCall("viaMain"), perCall("direct"))} of direct`, ""],
    ["  an empty host function from a guest (guest -> main -> guest)", us(perCall("nop")), `${ratio(perCall("nop"), med(ping))} of a ping-pong`, ""],
    ["  CPU per call, all threads: direct / through the main thread / empty host function", `${us(cpuPerCall("direct"))} / ${us(cpuPerCall("viaMain"))} / ${us(cpuPerCall("nop"))}`, `${ratio(cpuPerCall("viaMain"), cpuPerCall("direct"))} direct's`, ""],
    ["  baseline: minimal thread ping-pong (MessagePort, main -> worker -> main)", us(med(ping)), "1.00x", ""],
    ["  baseline: blocking Atomics ping-pong (notify and wait both ways: the direct channel's floor)", us(med(atomicsPing)), `${ratio(med(atomicsPing), med(ping))} of the MessagePort one`, ""],
    ["  baseline: the WASM pool alone, trivial export (add) per call", us(med(poolAdd)), `p99 ${us(percentile(poolAdd, 0.99))}`, ""],
    ["crc32 over 1 MiB through @capsule/checksum, direct (run minus a run that imports it and receives the bytes)", ms(crcOf("crcDirect")), `${ratio(crcOf("crcDirect"), nativeMs)} of native`, "<= 1.5 ms"],
    ["  the same through the main thread's pool", ms(crcOf("crcMain")), `${ratio(crcOf("crcMain"), nativeMs)} of native`, ""],
    ["  CPU of that crc32, all threads: direct / through the main thread", `${ms(med(cpu.crcDirect) - med(cpu.crcBase))} / ${ms(med(cpu.crcMain) - med(cpu.crcBaseMain))}`, "", ""],
    ["  the same crc32 in guest JavaScript (QuickJS)", ms(med(inGuest) - med(times.base)), `${ratio(med(inGuest) - med(times.base), crcOf("crcDirect"))} of direct wasm`, ""],
    ["  the WASM pool alone: crc32 over 1 MiB", ms(med(poolCrc)), `${ratio(med(poolCrc), nativeMs)} of native`, ""],
    ["  baseline: native Node zlib.crc32", ms(nativeMs), "1.00x", ""],
    ["  a fresh instance and memory per call, bytes copied in, crc32 (this thread, no crossing: the floor before memories were kept)", ms(med(freshCrc)), `${ratio(med(freshCrc), nativeMs)} of native; direct is ${ratio(crcOf("crcDirect"), med(freshCrc))} of it`, ""],
    ["  of which the crc32 itself (a warm instance whose memory holds the bytes)", ms(med(crcOnly)), `${ratio(med(crcOnly), nativeMs)} of native`, ""],
  ]);
}
