// Durable-run benchmarks: journaling overhead on a run making 1,000 host calls (target <= 1.1x the same run without a
// journal), and a replay of 100 calls to a 10 ms host function against the live run (target >= 20x faster).
import { createSandbox } from "../../runtime/dist/index.js";
import { ms, percentile, ratio, table } from "./stats.mjs";

export async function journalBench() {
  console.log("== journal and replay ==\n");
  const sandbox = createSandbox({ maxWorkers: 1 });
  const source = "let s = 0; for (let i = 0; i < 1000; i++) s += await h.inc(i); return s";
  const base = { source, hostFunctions: { h: { inc: (i) => i + 1 } }, limits: { hostCalls: 1000 } };
  const times = { plain: [], journaled: [], "journaled + sink": [] };
  const variants = { plain: {}, journaled: { journal: true }, "journaled + sink": { journal: () => {} } };
  for (let round = 0; round < 12; round++) {
    for (const [name, extra] of Object.entries(variants)) {
      const t = performance.now();
      const r = await sandbox.run({ ...base, ...extra });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      if (round >= 2) times[name].push(performance.now() - t);
    }
  }
  const p50 = (name) => percentile(times[name].sort((a, b) => a - b), 0.5);
  const slow = { source: "let s = 0; for (let i = 0; i < 100; i++) s += await h.slow(i); return s", hostFunctions: { h: { slow: (i) => new Promise((r) => setTimeout(() => r(i), 10)) } }, journal: true };
  const live = [];
  const replayed = [];
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    const r = await sandbox.run(slow);
    live.push(performance.now() - t);
    t = performance.now();
    const again = await sandbox.run({ ...slow, replay: r.journal });
    replayed.push(performance.now() - t);
    if (!again.ok || again.value !== r.value) throw new Error("the replay did not reproduce the run");
  }
  await sandbox.close();
  const liveMs = percentile(live.sort((a, b) => a - b), 0.5);
  const replayMs = percentile(replayed.sort((a, b) => a - b), 0.5);
  table([
    ["measure (median)", "time", "baseline", "ratio", "target"],
    ["run with 1,000 host calls, journaled", ms(p50("journaled")), `plain ${ms(p50("plain"))}`, ratio(p50("journaled"), p50("plain")), "<= 1.1x"],
    ["the same, streamed to a sink", ms(p50("journaled + sink")), `plain ${ms(p50("plain"))}`, ratio(p50("journaled + sink"), p50("plain")), "<= 1.1x"],
    ["replay of 100 calls to a 10 ms host function", ms(replayMs), `live ${ms(liveMs)}`, `${(liveMs / replayMs).toFixed(1)}x faster`, ">= 20x faster"],
  ]);
}
