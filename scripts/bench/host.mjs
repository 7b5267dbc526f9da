// Host-module benchmark (issue: host modules; issue 18's csv row): parsing a 5 MiB CSV through the @capsule/csv facade
// from a guest, beside papaparse called directly, the host implementation called directly, and the engine floor —
// raw QuickJS (quickjs-emscripten, no Capsule) building the same rows from their JSON — all in this one process.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileWithSandbox } from "../../compiler/dist/index.js";
import { defaultRegistry } from "../../registry/dist/index.js";
import { createSandbox } from "../../runtime/dist/index.js";
import * as csvModule from "../../host-modules/dist/csv/index.js";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import quickjsVariant from "@jitl/quickjs-wasmfile-release-sync";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

const Papa = createRequire(fileURLToPath(new URL("../../host-modules/package.json", import.meta.url)))("papaparse");
const PACKS = fileURLToPath(new URL("../../packs/", import.meta.url));

function makeCsv(bytes) {
  const lines = ["id,name,city,amount,when,flag,note,code"];
  let size = lines[0].length;
  for (let i = 0; size < bytes; i++) {
    const line = `${i},name ${i},city ${i % 97},${(i * 7.31).toFixed(2)},2026-01-${String((i % 28) + 1).padStart(2, "0")},${i % 2 === 0},"a note, with a comma ${i}",C${i % 1000}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

/** The engine floor: a raw QuickJS context's JSON.parse of the parse result's JSON (the rows the guest receives). */
async function engineFloor(result) {
  const qjs = await newQuickJSWASMModuleFromVariant(quickjsVariant);
  const rt = qjs.newRuntime();
  rt.setMemoryLimit(1024 * 1024 * 1024);
  const ctx = rt.newContext();
  ctx.newString(JSON.stringify(result)).consume((s) => ctx.setProp(ctx.global, "text", s));
  const times = await sample(() => ctx.unwrapResult(ctx.evalCode("JSON.parse(text).rows.length")).dispose(), 7, 2);
  ctx.dispose();
  rt.dispose();
  return times;
}

export async function hostBench() {
  console.log("== host modules ==\n");
  const text = makeCsv(5 * 1024 * 1024 - 512); // just under the 5 MiB input limit
  const cacheDir = mkdtempSync(join(tmpdir(), "capsule-bench-host-"));
  const { catalog } = await compileWithSandbox({ roots: [PACKS], cacheDir });
  const sandbox = createSandbox({ catalog, hostModules: defaultRegistry(), maxWorkers: 1 });
  const hostFunctions = { data: { text: () => text } };
  const limits = { cpuMs: 30_000, wallMs: 60_000, memoryBytes: 512 * 1024 * 1024, hostDataBytes: 64 * 1024 * 1024 };
  const runGuest = async (source) => {
    const r = await sandbox.run({ source, hostFunctions, limits });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };
  const rowsDirect = Papa.parse(text, { header: true }).data.length;
  const papa = await sample(() => Papa.parse(text, { header: true }), 7, 2);
  const module = await sample(() => csvModule.parse(text, { header: true }), 7, 2);
  const floor = await engineFloor(await csvModule.parse(text, { header: true }));
  const fetchOnly = await sample(() => runGuest("const text = await data.text(); return text.length"), 7, 2);
  let rowsGuest = 0;
  const facade = await sample(async () => {
    rowsGuest = await runGuest('import { parse } from "@capsule/csv"; const text = await data.text(); const { rows } = await parse(text, { header: true }); return rows.length');
  }, 7, 2);
  await sandbox.close();
  rmSync(cacheDir, { recursive: true, force: true });
  const [p, m, f, t, e] = [papa, module, facade, fetchOnly, floor].map((s) => percentile(s, 0.5));
  table([
    [`csv parse of ${(text.length / 1048576).toFixed(1)} MiB (${rowsDirect} rows, header: true), medians`, "time", "ratio to papaparse direct", "target"],
    ["papaparse called directly (baseline)", ms(p), "1.00x", ""],
    ["@capsule/host-modules csv.parse called directly (checks, null-prototype records)", ms(m), ratio(m, p), ""],
    [`guest: import { parse } from "@capsule/csv"; await parse(text) (whole run, ${rowsGuest} rows into the guest)`, ms(f), ratio(f, p), "<= 1.5x"],
    ["  of which: the same run without parsing (text into the guest only)", ms(t), "", ""],
    ["  facade call alone (whole run minus the text-only run)", ms(f - t), ratio(f - t, p), ""],
  ]);
  table([
    ["issue 18 row", "capsule", "baseline (same run)", "ratio", "target"],
    ["csv.parse of 5 MiB through the facade (whole run)", ms(f), `engine floor: raw QuickJS JSON.parse of the same rows ${ms(e)}`, ratio(f, e), "<= 1.3x the engine floor"],
  ]);
}
