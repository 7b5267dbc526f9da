// formatObservation benchmark: rendering a run's result of about 1 MiB (an array of records with strings, numbers,
// dates, a Map and typed arrays) for a model, cut at the CLI's and the MCP server's sizes and uncut, against
// JSON.stringify of the same value (the floor: one pass over the data producing text). Prints; never asserts.

import { formatObservation } from "../../runtime/dist/index.js";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

function bigResult() {
  const rows = [];
  for (let i = 0; rows.length < 6_000; i++) {
    rows.push({ id: i, name: `customer ${i} ${"x".repeat(100)}`, cents: i * 37, at: new Date(Date.UTC(2026, 0, 1) + i * 60_000), tags: ["a", "b", String(i % 7)], ratio: i / 7 });
  }
  const value = { rows, index: new Map(rows.slice(0, 500).map((r) => [r.id, r.name])), bytes: new Uint8Array(4096) };
  const logs = Array.from({ length: 200 }, (_, i) => ({ level: "log", message: `line ${i}` }));
  return { ok: true, value, logs, stats: { wallMs: 12, cpuMs: 9, hostCalls: 3, memoryBytes: 1 << 20 }, warnings: [] };
}

export async function observationBench() {
  const result = bigResult();
  const json = JSON.stringify(result.value);
  console.log(`formatObservation (a result of ${(json.length / 2 ** 20).toFixed(2)} MiB as JSON)\n`);
  const floor = await sample(() => JSON.stringify(result.value), 30, 5);
  const rows = [["what", "p50", "p95", "vs JSON.stringify p50"]];
  rows.push(["JSON.stringify of the value (floor)", ms(percentile(floor, 0.5)), ms(percentile(floor, 0.95)), "1.00x"]);
  for (const maxChars of [20_000, 100_000, Infinity]) {
    const times = await sample(() => formatObservation(result, { maxChars: Number.isFinite(maxChars) ? maxChars : Number.MAX_SAFE_INTEGER }), 30, 5);
    rows.push([`formatObservation maxChars ${Number.isFinite(maxChars) ? maxChars.toLocaleString("en-US") : "unlimited"}`, ms(percentile(times, 0.5)), ms(percentile(times, 0.95)), ratio(percentile(times, 0.5), percentile(floor, 0.5))]);
  }
  table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await observationBench();
