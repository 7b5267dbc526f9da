// WASM benchmark (issue: WASM modules), in this one process: the per-call overhead of a trivial export called from a
// guest, and a CRC-32 over 1 MiB through the WASM module beside the same computation in guest JavaScript and in
// native Node (zlib.crc32).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { crc32 as zlibCrc32 } from "node:zlib";
import { compileWithSandbox } from "../../compiler/dist/index.js";
import { createCapsuleDispatcher, defaultRegistry } from "../../registry/dist/index.js";
import { createSandbox } from "../../runtime/dist/index.js";
import { createWasmRunner } from "../../host-modules/dist/wasm/index.js";
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
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

export async function wasmBench() {
  console.log("== wasm ==\n");
  const cacheDir = mkdtempSync(join(tmpdir(), "capsule-bench-wasm-"));
  const { catalog } = await compileWithSandbox({ roots: [PACKS], cacheDir });
  const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const sandbox = createSandbox({ catalog, hostModules: dispatcher, maxWorkers: 1 });
  const limits = { cpuMs: 30_000, wallMs: 60_000, hostCalls: 10_000, hostDataBytes: 8 * MiB };
  const bytes = new Uint8Array(MiB).map((_, i) => (i * 31) & 255);
  const hostFunctions = { data: { bytes: () => bytes } };
  const run = async (source) => {
    const r = await sandbox.run({ source, limits, hostFunctions });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };
  const CALLS = 200;
  const empty = await sample(() => run("return 1"), 20, 5);
  const calls = await sample(() => run(`import { add } from "@capsule/checksum"; let s = 0; for (let i = 0; i < ${CALLS}; i++) s = await add(s, 1); return s`), 10, 2);
  const perCallUs = ((percentile(calls, 0.5) - percentile(empty, 0.5)) / CALLS) * 1000;
  const makeData = "const input = await data.bytes();";
  const baseData = await sample(() => run(`${makeData} return input.length`), 9, 2);
  const viaWasm = await sample(() => run(`import { crc32 } from "@capsule/checksum"; ${makeData} return await crc32(input)`), 9, 2);
  const inGuest = await sample(() => run(`${JS_CRC} ${makeData} return crc32(input)`), 5, 1);
  const native = await sample(() => zlibCrc32(bytes), 20, 3);
  // The pool alone (no guest, no thread hop from the sandbox): a trivial export and the 1 MiB crc32.
  const checksum = catalog.modules.find((m) => m.specifier === "@capsule/checksum").wasm;
  const binary = new Uint8Array(readFileSync(checksum.file));
  const digest = createHash("sha256").update(binary).digest("hex");
  const pool = createWasmRunner({ workers: 1 });
  const session = pool.session({ callsPerRun: 100_000, totalTimeMs: 60_000 });
  const poolAdd = await sample(() => session.call(binary, digest, "add", checksum.exports.add, [1, 2]), 1000, 50);
  const poolCrc = await sample(() => session.call(binary, digest, "crc32", checksum.exports.crc32, [bytes]), 20, 3);
  await pool.close();
  await sandbox.close();
  await dispatcher.close();
  rmSync(cacheDir, { recursive: true, force: true });
  const wasmCrc = percentile(viaWasm, 0.5) - percentile(baseData, 0.5);
  const guestCrc = percentile(inGuest, 0.5) - percentile(baseData, 0.5);
  table([
    ["measure (medians)", "time", "ratio"],
    [`trivial wasm export from a guest (add, per call, ${CALLS} sequential calls)`, `${perCallUs.toFixed(1)} us`, ""],
    ["crc32 over 1 MiB through @capsule/checksum (run minus a run that only receives the bytes)", ms(wasmCrc), ratio(wasmCrc, percentile(native, 0.5)) + " of native"],
    ["the same crc32 in guest JavaScript (QuickJS)", ms(guestCrc), ratio(guestCrc, wasmCrc) + " of wasm"],
    ["native Node zlib.crc32", ms(percentile(native, 0.5)), "1.00x"],
    ["the WASM pool alone: trivial export (add) per call", `${(percentile(poolAdd, 0.5) * 1000).toFixed(1)} us`, `p99 ${(percentile(poolAdd, 0.99) * 1000).toFixed(1)} us`],
    ["the WASM pool alone: crc32 over 1 MiB", ms(percentile(poolCrc, 0.5)), ratio(percentile(poolCrc, 0.5), percentile(native, 0.5)) + " of native"],
  ]);
}
