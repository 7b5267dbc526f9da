// capsule worker and capsule run --redis, end to end: two worker processes over one Redis serve programs with and
// without imports, and `capsule run --redis` prints what the same local run prints (observation, --value, --json,
// --trace, --journal, exit codes).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../../tests/support/redis-server.mjs";
import { stop, useProcesses, type Started } from "../../tests/support/processes.js";
import { CLI, spawnAsync } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-fleet-cli-"));
const home = join(dir, "home");
const processes = useProcesses();
let redis: TestRedis;
let workers: Started[] = [];

const env = { ...process.env, CAPSULE_HOME: join(tmpdir(), "capsule-cli-tests-never-used"), CAPSULE_PACK_PATH: "" };
/** The CLI, asynchronously (the workers in this process's event loop are not blocked meanwhile). */
function capsule(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args, "--home", home], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
/** Timings differ between any two runs; everything else must not. */
const untimed = (text: string) => text.replace(/\(\d+ ms, cpu \d+ ms/g, "(… ms, cpu … ms");
const withoutTimes = (json: string) => {
  const result = JSON.parse(json);
  for (const key of ["wallMs", "cpuMs", "peakHeapBytes"]) delete result.stats[key];
  return result;
};

beforeAll(async () => {
  redis = await startRedis();
  const args = (n: number) => [CLI, "worker", "--redis", redis.url, "--concurrency", String(n), "--home", home];
  workers = await Promise.all([processes.start(args(2), env, /serving queue "capsule-runs"/), processes.start(args(1), env, /serving queue "capsule-runs"/)]);
}, 240_000);
afterAll(async () => {
  await Promise.all(workers.map((w) => stop(w)));
  await redis?.stop();
});

describe("capsule worker and capsule run --redis", () => {
  const NOW = ["--seed", "3", "--now", "2026-01-01T00:00:00Z"];

  it("print the same observation, bare value and JSON for a program with imports as the local run", async () => {
    const program = file("csv.js", "import { stringify } from '@capsule/csv';\nconsole.log('rows', inputs.n);\nreturn { csv: await stringify([[Math.random(), new Date().toISOString()]]), tags: new Set([1n]) };");
    const inputs = file("inputs.json", '{ "n": 1 }');
    for (const mode of [[], ["--value"], ["--json"]]) {
      const [local, remote] = await Promise.all([await capsule(["run", program, ...NOW, "--inputs", inputs, ...mode]), await capsule(["run", program, ...NOW, "--inputs", inputs, ...mode, "--redis", redis.url])]);
      expect([remote.status, remote.stderr], local.stderr).toEqual([0, local.stderr]);
      if (mode[0] === "--json") expect(withoutTimes(remote.stdout)).toEqual(withoutTimes(local.stdout));
      else expect(untimed(remote.stdout)).toBe(untimed(local.stdout));
    }
  }, 240_000);

  it("serve programs without imports, and a failing program exits 1 with the same error", async () => {
    const plain = file("plain.js", "return [1n, new Map([[1, new Date(0)]]), undefined]");
    const [local, remote] = await Promise.all([await capsule(["run", plain]), await capsule(["run", plain, "--redis", redis.url])]);
    expect([remote.status, untimed(remote.stdout)]).toEqual([0, untimed(local.stdout)]);
    const failing = file("fail.js", "function f(n) { if (n === 0) throw new RangeError('bottom'); return f(n - 1); }\nreturn f(3);");
    const [localFail, remoteFail] = await Promise.all([await capsule(["run", failing, "--value"]), await capsule(["run", failing, "--value", "--redis", redis.url])]);
    expect([remoteFail.status, remoteFail.stdout, remoteFail.stderr]).toEqual([1, localFail.stdout, localFail.stderr]);
    expect(remoteFail.stderr).toContain("E_GUEST_ERROR RangeError: bottom");
  }, 240_000);

  it("write --trace and --journal from the worker's run, and the journal replays offline to the same end", async () => {
    const program = file("traced.js", "import { parse } from '@capsule/csv';\nconsole.log('parsing');\nreturn (await parse('a,b\\n1,2', { header: true })).rows.length;");
    const trace = join(dir, "trace.jsonl");
    const journal = join(dir, "run.jsonl");
    const ran = await capsule(["run", program, "--redis", redis.url, "--trace", trace, "--journal", journal, "--value"]);
    expect([ran.status, ran.stdout], ran.stderr).toEqual([0, "parsing\n1\n"]);
    const events = readFileSync(trace, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(["run.start", "console", "call", "run.end"]);
    expect(events[2]).toMatchObject({ kind: "host-module", target: "capsule.csv", export: "parse", ok: true });
    const records = readFileSync(journal, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records.map((r) => r.type)).toEqual(["run", "call", "end"]);
    const replayed = await capsule(["replay", journal]);
    expect([replayed.status, replayed.stdout]).toEqual([0, "replayed 1 call from the journal: the run ended the same (the same value)\n"]);
  }, 240_000);

  it("serve several runs at once, refuse a bad URL as bad usage and an unreachable Redis, and stop the workers cleanly on SIGTERM", async () => {
    const who = file("who.js", "return 1");
    const runs = await Promise.all(Array.from({ length: 6 }, () => capsule(["run", who, "--redis", redis.url, "--value"])));
    expect(runs.map((r) => [r.status, r.stdout])).toEqual(Array(6).fill([0, "1\n"]));
    const bad = await capsule(["run", who, "--redis", "http://127.0.0.1:1"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining("E_QUEUE_BAD_OPTIONS")]);
    const badWorker = await capsule(["worker", "--redis", "redis://127.0.0.1:6379", "--concurrency", "0"]);
    expect([badWorker.status, badWorker.stderr]).toEqual([2, expect.stringContaining("--concurrency must be a positive integer")]);
    const noRedis = await capsule(["worker", "--redis", "redis://127.0.0.1:1"]);
    expect([noRedis.status, noRedis.stderr]).toEqual([1, expect.stringContaining("capsule worker: cannot reach Redis at redis://127.0.0.1:1")]);
    for (const worker of workers) {
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      expect(worker.output()).toMatch(/SIGTERM: finishing the runs in progress/);
    }
  }, 240_000);
});
