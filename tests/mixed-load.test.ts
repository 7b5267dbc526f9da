// Under load, every run gets its own outcome: 200 concurrent runs of every kind on one sandbox with two workers,
// cold and then warm. CPU is charged as the thread's own CPU time, so time spent waiting for a core (plenty here:
// 2 workers, 200 runs, the main thread answering host calls) never turns a run into E_CPU_TIME.
import { beforeAll, describe, expect, it } from "vitest";
import type { RunRequest, RunResult, Sandbox } from "../runtime/src/index.js";
import { shippedSandbox } from "./support/shipped-catalog.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await shippedSandbox({ maxWorkers: 2 });
}, 120_000);

// Time queued behind 199 other runs counts against the wall clock in Node: give it room; CPU budgets stay tight.
const WALL = { wallMs: 240_000 };
const KINDS: Array<{ name: string; request: RunRequest; check(result: RunResult): void }> = [
  { name: "ok", request: { source: "let s = 0; for (let i = 0; i < 1e4; i++) s += i; return s", limits: WALL }, check: (r) => expect(r.ok && r.value).toBe(49995000) },
  { name: "CPU breach", request: { source: "for (;;) {}", limits: { ...WALL, cpuMs: 100 } }, check: (r) => expect(!r.ok && r.error.code).toBe("E_CPU_TIME") },
  { name: "memory breach", request: { source: "const keep = []; for (;;) keep.push(new Array(1e4).fill(keep.length))", limits: { ...WALL, memoryBytes: 4 * 1024 * 1024 } }, check: (r) => expect(!r.ok && r.error.code).toBe("E_MEMORY") },
  { name: "stack overflow", request: { source: "function f(n) { return f(n + 1) + 1 } return f(0)", limits: WALL }, check: (r) => expect(!r.ok && r.error.code).toBe("E_STACK_OVERFLOW") },
  { name: "output flood", request: { source: "for (let i = 0; i < 5000; i++) console.log('line', i, { i }); return 'done'", limits: WALL }, check: (r) => expect([r.ok && r.value, r.stats.logsTruncated]).toEqual(["done", true]) },
  { name: "thrown error", request: { source: "throw new TypeError('no good')", limits: WALL }, check: (r) => expect(!r.ok && [r.error.code, r.error.name]).toEqual(["E_GUEST_ERROR", "TypeError"]) },
  { name: "host call", request: { source: "return await app.add(20, 22)", hostFunctions: { app: { add: (a: number, b: number) => a + b } }, limits: WALL }, check: (r) => expect(r.ok && r.value).toBe(42) },
  { name: "csv import", request: { source: "import { parse } from '@capsule/csv'; const { rows } = await parse('a,b\\n1,2', { header: true }); return rows.map((r) => ({ ...r }))", limits: WALL }, check: (r) => expect(r.ok && r.value).toEqual([{ a: "1", b: "2" }]) },
];

async function wave(): Promise<string[]> {
  const runs = Array.from({ length: 200 }, (_, i) => KINDS[i % KINDS.length]);
  const results = await Promise.all(runs.map((kind) => sandbox.run(kind.request)));
  const wrong: string[] = [];
  results.forEach((result, i) => {
    try {
      runs[i].check(result);
    } catch {
      wrong.push(`${runs[i].name}: ${result.ok ? `ok ${JSON.stringify(result.value)}` : `${result.error.code} ${result.error.message}`}`);
    }
  });
  return wrong;
}

describe("200 concurrent mixed runs on two workers", () => {
  it("each get their own outcome, cold and then warm", async () => {
    expect(await wave()).toEqual([]);
    expect(await wave()).toEqual([]);
  }, 300_000);
});
