// Runtime benchmarks (issue: the workspace and the sandbox runtime). Everything is measured in this one process:
// Capsule's warm pool beside raw quickjs-emscripten, @sebastianwessel/quickjs and native Node.
import { availableParallelism } from "node:os";
import { MessageChannel, Worker } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import quickjsVariant from "@jitl/quickjs-wasmfile-release-sync";
import ngVariant from "@jitl/quickjs-ng-wasmfile-release-sync";
import { loadQuickJs } from "@sebastianwessel/quickjs";
import { createSandbox } from "../../runtime/dist/index.js";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

const ROWS = Array.from({ length: 5000 }, (_, i) => Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`f${j}`, j % 2 ? i * j : `v${i}_${j}`])));

async function rawEngine(variant) {
  const qjs = await newQuickJSWASMModuleFromVariant(variant);
  const fresh = await sample(() => {
    const rt = qjs.newRuntime();
    const ctx = rt.newContext();
    ctx.evalCode("1 + 1").value.dispose();
    ctx.dispose();
    rt.dispose();
  }, 2000);
  const rt = qjs.newRuntime();
  const ctx = rt.newContext();
  const rowsJson = JSON.stringify(ROWS);
  const json = ctx.getProp(ctx.global, "JSON");
  const parse = ctx.getProp(json, "parse");
  const stringify = ctx.getProp(json, "stringify");
  const inOut = await sample(() => {
    const s = ctx.newString(rowsJson);
    const parsed = ctx.callFunction(parse, ctx.undefined, s);
    s.dispose();
    const out = ctx.callFunction(stringify, ctx.undefined, parsed.value);
    parsed.value.dispose();
    JSON.parse(ctx.getString(out.value));
    out.value.dispose();
  }, 20, 3);
  for (const h of [json, parse, stringify]) h.dispose();
  const noop = ctx.newFunction("noop", () => ctx.undefined);
  ctx.setProp(ctx.global, "noop", noop);
  noop.dispose();
  const calls = await sample(() => ctx.evalCode("for (let i = 0; i < 1000; i++) noop()").value.dispose(), 50, 5);
  ctx.dispose();
  rt.dispose();
  return { fresh: percentile(fresh, 0.5), freshP95: percentile(fresh, 0.95), inOut: percentile(inOut, 0.5), syncCallUs: percentile(calls, 0.5) };
}

/** Native Node baseline for a host call: a small message to another thread and its answer, over a MessagePort. */
async function messagePortRoundTripUs(n = 2000) {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     parentPort.once("message", ({ port, n }) => {
       let i = 0;
       port.on("message", () => (++i === n ? parentPort.postMessage("done") : port.postMessage({ t: "call", id: i, args: { json: "[1]" } })));
       port.postMessage({ t: "call", id: 0, args: { json: "[1]" } });
     });`,
    { eval: true },
  );
  const { port1, port2 } = new MessageChannel();
  port1.on("message", (m) => port1.postMessage({ t: "ok", id: m.id, value: { json: "1" } }));
  const started = performance.now();
  worker.postMessage({ port: port2, n }, [port2]);
  await new Promise((resolve) => worker.once("message", resolve));
  const us = ((performance.now() - started) / n) * 1000;
  port1.close();
  await worker.terminate();
  return us;
}

export async function runtimeBench() {
  console.log("== runtime ==\n");
  const quickjs = await rawEngine(quickjsVariant);
  const ng = await rawEngine(ngVariant);
  table([
    ["engine (raw quickjs-emscripten, this process)", "fresh rt+ctx+eval p50", "p95", "5,000x10 rows in+out", "sync host call"],
    ["quickjs (chosen)", ms(quickjs.fresh), ms(quickjs.freshP95), ms(quickjs.inOut), `${quickjs.syncCallUs.toFixed(1)} us`],
    ["quickjs-ng", ms(ng.fresh), ms(ng.freshP95), ms(ng.inOut), `${ng.syncCallUs.toFixed(1)} us`],
  ]);

  // The peer's README loads quickjs-ng; measure it with that and with the engine Capsule uses.
  const peerRun = async (variant) => {
    const { runSandboxed } = await loadQuickJs(variant);
    return percentile(await sample(() => runSandboxed(async ({ evalCode }) => evalCode("export default 1 + 1")), 100, 10), 0.5);
  };
  const peerNg = await peerRun(ngVariant);
  const peerQuickjs = await peerRun(quickjsVariant);

  const workers = availableParallelism();
  const sandbox = createSandbox({ maxWorkers: workers });
  const trivial = await sample(async () => {
    const r = await sandbox.run({ source: "return 1 + 1" });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }, 2000, 200);
  const concurrency = workers * 4;
  const total = 4000;
  let started = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (started++ < total) await sandbox.run({ source: "return 1 + 1" });
  }));
  const perSecond = total / ((performance.now() - t0) / 1000);

  const rowsRun = await sample(async () => {
    const r = await sandbox.run({ source: "const rows = await data.rows(); return rows", hostFunctions: { data: { rows: () => ROWS } } });
    if (!r.ok || r.value.length !== 5000) throw new Error("rows run failed");
  }, 20, 3);
  const nativeRows = await sample(() => structuredClone(ROWS), 20, 3);

  const roundTrip = await sample(async () => {
    const r = await sandbox.run({ source: "for (let i = 0; i < 200; i++) await h.noop(i); return 1", hostFunctions: { h: { noop: (i) => i } }, limits: { hostCalls: 1000 } });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }, 30, 3);
  const portUs = (await messagePortRoundTripUs() + await messagePortRoundTripUs()) / 2;
  const trivialP50 = percentile(trivial, 0.5);
  const roundTripUs = ((percentile(roundTrip, 0.5) - trivialP50) / 200) * 1000;
  await sandbox.close();

  table([
    ["measure", "capsule", "baseline", "ratio", "target"],
    ["trivial run p50 (warm pool, sequential)", ms(trivialP50), `raw fresh ctx ${ms(quickjs.fresh)}`, ratio(trivialP50, quickjs.fresh), "<= 1 ms"],
    ["trivial run p95", ms(percentile(trivial, 0.95)), `raw fresh ctx p95 ${ms(quickjs.freshP95)}`, ratio(percentile(trivial, 0.95), quickjs.freshP95), ""],
    ["trivial run vs @sebastianwessel/quickjs runSandboxed (its default, quickjs-ng)", ms(trivialP50), ms(peerNg), `${(peerNg / trivialP50).toFixed(1)}x faster`, ">= 10x faster"],
    ["trivial run vs @sebastianwessel/quickjs runSandboxed (on quickjs)", ms(trivialP50), ms(peerQuickjs), `${(peerQuickjs / trivialP50).toFixed(1)}x faster`, ""],
    [`trivial runs per second (${workers} workers, ${concurrency} in flight)`, perSecond.toFixed(0), "", "", ">= 1,500/s"],
    ["5,000x10 rows into the guest and back out (whole run p50)", ms(percentile(rowsRun, 0.5)), `raw in+out ${ms(quickjs.inOut)}; native structuredClone ${ms(percentile(nativeRows, 0.5))}`, ratio(percentile(rowsRun, 0.5), quickjs.inOut), "<= 80 ms"],
    ["host-function round trip (async, per call)", `${roundTripUs.toFixed(1)} us`, `raw sync call ${quickjs.syncCallUs.toFixed(1)} us`, ratio(roundTripUs, quickjs.syncCallUs), ""],
    ["host-function round trip vs native Node MessagePort ping-pong", `${roundTripUs.toFixed(1)} us`, `${portUs.toFixed(1)} us`, ratio(roundTripUs, portUs), ""],
  ]);
}
