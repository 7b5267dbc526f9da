// The pools host modules run their work in: runs served in turn, several workers at once, and a run that ends
// takes its queued and running jobs with it. Ordering and outcomes only: nothing here depends on how fast it runs.
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { FairQueue } from "../src/pool/fair-queue.js";
import { Isolate } from "../src/isolate.js";
import { codeOf } from "./helpers.js";

const script = new URL("./fixtures/test-worker.mjs", import.meta.url);

function pool(size = 1): Isolate {
  return new Isolate({ name: "test", script, timeoutMs: 60_000, heapMb: 64, size });
}

const ctx = (runId: string, controller?: AbortController) => ({ runId, signal: controller?.signal });

describe("FairQueue", () => {
  it("serves lanes round-robin, each lane in its own order", () => {
    const queue = new FairQueue<{ lane: string; name: string }>();
    for (let i = 1; i <= 4; i++) queue.push({ lane: "a", name: `a${i}` });
    queue.push({ lane: "b", name: "b1" });
    queue.push({ lane: "c", name: "c1" });
    queue.push({ lane: "b", name: "b2" });
    const order: string[] = [];
    while (queue.size > 0) order.push(queue.shift()!.name);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "a4"]);
  });

  it("serves a run that just arrived before runs already served, however many of them keep workers busy", () => {
    const queue = new FairQueue<{ lane: string; name: string }>();
    for (const lane of ["x", "y", "w"]) for (let i = 1; i <= 3; i++) queue.push({ lane, name: `${lane}${i}` });
    // Three workers, one job per run at a time: x1, y1 and w1 run, then z arrives and x1 ends (a worker frees).
    const running = [queue.shift(1)!, queue.shift(1)!, queue.shift(1)!];
    expect(running.map((job) => job.name)).toEqual(["x1", "y1", "w1"]);
    queue.push({ lane: "z", name: "z1" });
    queue.finished(running[0]!);
    expect(queue.shift(1)!.name).toBe("z1");
  });

  it("remembers when a run was served while its job runs, even with nothing of it queued", () => {
    const queue = new FairQueue<{ lane: string; name: string }>();
    queue.push({ lane: "w", name: "w1" });
    queue.push({ lane: "w", name: "w2" });
    queue.push({ lane: "x", name: "x1" });
    const w1 = queue.shift(2)!;
    expect(queue.shift(2)!.name).toBe("x1");
    // x's lane is empty but x1 runs; x queues again, and w (served before x) must still go first.
    queue.push({ lane: "x", name: "x2" });
    queue.finished(w1);
    expect([queue.shift(2)!.name, queue.shift(2)!.name]).toEqual(["w2", "x2"]);
  });

  it("removes a job from the middle of its lane and keeps the rest in order", () => {
    const queue = new FairQueue<{ lane: string; name: string }>();
    const jobs = ["a1", "a2", "a3"].map((name) => ({ lane: "a", name }));
    for (const job of jobs) queue.push(job);
    expect(queue.remove(jobs[1]!)).toBe(true);
    expect(queue.remove(jobs[1]!)).toBe(false);
    expect([queue.shift()!.name, queue.shift()!.name, queue.size]).toEqual(["a1", "a3", 0]);
  });
});

describe("a host-module pool", () => {
  it("does not make one run's single call wait for another run's whole queue", async () => {
    const worker = pool(1);
    try {
      const done: string[] = [];
      const call = (runId: string, value: string) => worker.run("t", "work", { ms: 50, value }, [], ctx(runId)).then((v) => done.push(v as string));
      const busy = Array.from({ length: 8 }, (_, i) => call("run-a", `a${i}`));
      const single = call("run-b", "b");
      await Promise.all([...busy, single]);
      // Run a's first call was running when b arrived; b, never served, goes before a's second.
      expect(done.indexOf("b")).toBe(1);
      expect(done.filter((v) => v.startsWith("a"))).toEqual(Array.from({ length: 8 }, (_, i) => `a${i}`));
    } finally {
      await worker.shutdown();
    }
  });

  it.skipIf(availableParallelism() < 2)("runs the calls of different runs at once, one worker each", async () => {
    const worker = pool(2);
    try {
      const shared = new SharedArrayBuffer(4);
      // Each job waits for the other: both can arrive only if both run at the same time.
      const both = await Promise.all(["run-a", "run-b"].map((run) => worker.run("t", "rendezvous", { shared, count: 2, waitMs: 20_000 }, [], ctx(run))));
      expect(both).toEqual([true, true]);
      expect(worker.started).toBe(2);
    } finally {
      await worker.shutdown();
    }
  });

  it.skipIf(availableParallelism() < 2)("never lets one run hold every worker: another run's call finds one free", async () => {
    const worker = pool(2);
    try {
      const done: string[] = [];
      const shared = new SharedArrayBuffer(4);
      // Run a's two calls wait for each other: run one after the other, the first waits out its time (false) and the
      // second finds the first's arrival (true). Run at once, both would be true.
      const hostile = [1, 2].map(() =>
        worker.run("t", "rendezvous", { shared, count: 2, waitMs: 5_000 }, [], ctx("run-a")).then((met) => {
          done.push("a");
          return met;
        }),
      );
      const other = worker.run("t", "echo", "b", [], ctx("run-b")).then(() => done.push("b"));
      expect(await Promise.all(hostile)).toEqual([false, true]);
      await other;
      expect(done).toEqual(["b", "a", "a"]);
    } finally {
      await worker.shutdown();
    }
  });

  it("cancels a run's queued and running jobs when its signal aborts, and serves other runs on", async () => {
    const worker = pool(1);
    try {
      const ended = new AbortController();
      const shared = new SharedArrayBuffer(4);
      // The running job waits (long) for an arrival that never comes; two more of the same run wait in the queue.
      const running = worker.run("t", "rendezvous", { shared, count: 2, waitMs: 60_000 }, [], ctx("run-a", ended));
      const queued = [1, 2].map((value) => worker.run("t", "echo", value, [], ctx("run-a", ended)));
      const other = worker.run("t", "echo", "other run", [], ctx("run-b"));
      // Wait until the running job has arrived (it holds the worker), then end its run.
      while (Atomics.load(new Int32Array(shared), 0) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      ended.abort();
      expect(await codeOf(running)).toBe("cancelled");
      for (const call of queued) expect(await codeOf(call)).toBe("cancelled");
      expect(await other).toBe("other run");
      // The worker that was mid-job was terminated and replaced.
      expect(worker.started).toBe(2);
      expect(worker.load).toEqual({ queued: 0, running: 0 });
      // A call of a run that has already ended is refused before it is queued.
      expect(await codeOf(worker.run("t", "echo", 3, [], ctx("run-a", ended)))).toBe("cancelled");
    } finally {
      await worker.shutdown();
    }
  });
});
