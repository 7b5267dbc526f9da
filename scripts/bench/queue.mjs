// Queue benchmark (issue: durable runs, the fleet): trivial runs through Redis (BullMQ) with two worker processes,
// each with one guest thread, beside the in-process sandbox with two guest threads on the same machine, measured in
// this same run; and one submit → result on loopback, beside one in-process run. Redis is Debian's redis-server on a
// free loopback port with persistence off (tests/support/redis-server.mjs). Prints; never asserts.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createSandbox } from "../../runtime/dist/index.js";
import { createRunQueue } from "../../queue/dist/index.js";
import { startRedis } from "../../tests/support/redis-server.mjs";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

const WORKER = fileURLToPath(new URL("./queue-worker.mjs", import.meta.url));
const TRIVIAL = { source: "return 1 + 1" };
/** Runs kept in flight while measuring throughput (enough to keep every worker's concurrency busy). */
const IN_FLIGHT = 32;
const THROUGHPUT_RUNS = 3_000;
const LATENCY_RUNS = 500;

/** Runs `run` THROUGHPUT_RUNS times with IN_FLIGHT at once; returns runs per second. */
async function throughput(run) {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next++ < THROUGHPUT_RUNS) {
      const outcome = await run();
      if (!outcome.ok) throw new Error(`a benchmark run failed: ${JSON.stringify(outcome.error)}`);
    }
  }));
  return THROUGHPUT_RUNS / ((performance.now() - started) / 1000);
}

function startWorker(env) {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => String(chunk).includes("ready") && resolve(child));
    child.once("exit", (code) => reject(new Error(`a benchmark worker exited (${code}) before it was ready`)));
  });
}

export async function queueBench() {
  console.log("== queue: runs through Redis (BullMQ) ==\n");
  const local = createSandbox({ maxWorkers: 2 });
  const redis = await startRedis();
  const workers = [];
  try {
    await sample(() => local.run(TRIVIAL), 200);
    const localRate = await throughput(() => local.run(TRIVIAL));
    const localLatency = await sample(() => local.run(TRIVIAL), LATENCY_RUNS);

    const env = { REDIS_URL: redis.url, QUEUE: "bench", CONCURRENCY: String(IN_FLIGHT / 2) };
    workers.push(...(await Promise.all([startWorker(env), startWorker(env)])));
    const queue = createRunQueue({ connection: redis.url, queueName: "bench" });
    const remote = async () => (await queue.submit(TRIVIAL)).result;
    await sample(remote, 300);
    const queueRate = await throughput(remote);
    const queueLatency = await sample(remote, LATENCY_RUNS);
    await queue.close();

    table([
      ["measure (trivial run: `return 1 + 1`)", "through Redis, 2 worker processes", "in-process sandbox, 2 threads", "ratio (Redis / in-process)"],
      [`runs per second (${IN_FLIGHT} in flight)`, queueRate.toFixed(0), localRate.toFixed(0), ratio(queueRate, localRate)],
      ["submit → result p50, one at a time (target ≤ 5 ms)", ms(percentile(queueLatency, 0.5)), ms(percentile(localLatency, 0.5)), ratio(percentile(queueLatency, 0.5), percentile(localLatency, 0.5))],
      ["submit → result p95", ms(percentile(queueLatency, 0.95)), ms(percentile(localLatency, 0.95)), ratio(percentile(queueLatency, 0.95), percentile(localLatency, 0.95))],
    ]);
  } finally {
    await Promise.all(workers.map((child) => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")))));
    await local.close();
    await redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await queueBench();
