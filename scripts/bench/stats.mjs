// Small helpers shared by the benchmarks: timing loops and percentiles. Benchmarks print; they never assert.

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** Runs `fn` `n` times after `warmup` runs; returns sorted durations in ms. */
export async function sample(fn, n, warmup = Math.min(50, n)) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

export const ms = (v) => `${v.toFixed(3)} ms`;
export const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) console.log(row.map((c, i) => String(c).padEnd(widths[i])).join("  "));
  console.log();
}
