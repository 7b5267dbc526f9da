// Trace and policy benchmark (issue: agent-ready runtime): a run making 1,000 host calls, plain, traced, behind a
// synchronous allow-all policy, and both, in this one process; ratios to the plain run.
import { createSandbox } from "../../runtime/dist/index.js";
import { ms, percentile, ratio, table } from "./stats.mjs";

export async function traceBench() {
  console.log("== trace and policy ==\n");
  const sandbox = createSandbox({ maxWorkers: 1 });
  const source = "let s = 0; for (let i = 0; i < 1000; i++) s += await h.inc(i); return s";
  const base = { source, hostFunctions: { h: { inc: (i) => i + 1 } }, limits: { hostCalls: 1000 } };
  const variants = {
    plain: {},
    traced: { onEvent: () => {} },
    "allow-all policy": { policy: () => ({ allow: true }) },
    "traced + policy": { onEvent: () => {}, policy: () => ({ allow: true }) },
  };
  const times = {};
  // Interleave the variants so that drift on a noisy machine hits them alike.
  for (const name of Object.keys(variants)) times[name] = [];
  for (let round = 0; round < 12; round++) {
    for (const [name, extra] of Object.entries(variants)) {
      const t = performance.now();
      const r = await sandbox.run({ ...base, ...extra });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      if (round >= 2) times[name].push(performance.now() - t);
    }
  }
  await sandbox.close();
  const p50 = (name) => percentile(times[name].sort((a, b) => a - b), 0.5);
  table([
    ["run with 1,000 host calls (median of 10)", "time", "ratio to plain", "target"],
    ...Object.keys(variants).map((name) => [name, ms(p50(name)), ratio(p50(name), p50("plain")), name === "plain" ? "" : "<= 1.2x"]),
  ]);
}
