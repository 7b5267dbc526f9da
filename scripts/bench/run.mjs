// `pnpm bench`: every benchmark, one after another, in one process. Pass names to run a subset: `pnpm bench runtime`.
import { runtimeBench } from "./runtime.mjs";
import { packsBench } from "./packs.mjs";
import { hostBench } from "./host.mjs";
import { wasmBench } from "./wasm.mjs";
import { traceBench } from "./trace.mjs";
import { serveBench } from "./serve.mjs";
import { browserBench } from "./browser.mjs";
import { journalBench } from "./journal.mjs";
import { mcpBench } from "./mcp.mjs";
import { checkBench } from "./check.mjs";
import { queueBench } from "./queue.mjs";
import { observationBench } from "./observation.mjs";
import { cliBench } from "./cli.mjs";
import { admissionBench } from "./admission.mjs";

const benches = { runtime: runtimeBench, packs: packsBench, host: hostBench, wasm: wasmBench, trace: traceBench, serve: serveBench, browser: browserBench, journal: journalBench, mcp: mcpBench, check: checkBench, queue: queueBench, observation: observationBench, cli: cliBench };
// Run only when named: it installs ~70 packages from the npm registry and compiles them (minutes, and the network).
const onRequest = { admission: () => admissionBench({ keep: process.env.ADMISSION_KEEP === "1" }) };
const wanted = process.argv.slice(2);
for (const [name, bench] of Object.entries(benches)) {
  if (wanted.length === 0 || wanted.includes(name)) await bench();
}
for (const [name, bench] of Object.entries(onRequest)) {
  if (wanted.includes(name)) await bench();
}
