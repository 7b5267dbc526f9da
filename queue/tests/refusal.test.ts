// A request that is not data is refused, by name, before anything reaches Redis; the queue's own failures are
// QueueErrors with codes (a guest's failure never is).
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { createRunQueue, createRunWorker, isQueueError, journalKey, QueueError, toWire, WIRE_VERSION, type QueueRunRequest } from "../src/index.js";
import { useFleet } from "./support/fleet.js";

const fleet = useFleet();

async function refusal(request: unknown, queueName = "never-used") {
  // A URL nothing listens on: a refusal must come before any connection is attempted.
  const queue = createRunQueue({ connection: "redis://127.0.0.1:1", queueName, connectTimeoutMs: 200 });
  try {
    await queue.submit(request as QueueRunRequest);
    throw new Error("expected a refusal");
  } catch (error) {
    expect(isQueueError(error), String(error)).toBe(true);
    return error as QueueError;
  } finally {
    await queue.close();
  }
}

describe("refusals", () => {
  it("refuse functions, listeners, signals and unknown fields, naming the field and where it belongs", async () => {
    const hostFunctions = await refusal({ source: "1", hostFunctions: { db: { get: () => 1 } } });
    expect(hostFunctions.code).toBe("E_QUEUE_NOT_DATA");
    expect(hostFunctions.message).toMatch(/request\.hostFunctions .*createRunWorker\(\{ hostFunctions \}\)/);
    expect((await refusal({ source: "1", tools: {} })).message).toMatch(/request\.tools/);
    expect((await refusal({ source: "1", policy: () => ({ allow: true }) })).message).toMatch(/request\.policy/);
    expect((await refusal({ source: "1", onEvent: () => undefined })).message).toMatch(/request\.onEvent .*QueuedRun\.events/);
    expect((await refusal({ source: "1", signal: new AbortController().signal })).message).toMatch(/request\.signal .*timeoutMs/);
    expect((await refusal({ source: "1", journal: () => undefined })).message).toMatch(/request\.journal is a function/);
    expect((await refusal({ source: "1", sourcee: "typo" })).message).toMatch(/request\.sourcee is not a field/);
    expect((await refusal(null)).code).toBe("E_QUEUE_NOT_DATA");
  });

  it("refuse inputs that cannot be encoded, naming the field", async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const error = await refusal({ source: "1", inputs: cycle });
    expect([error.code, error.message]).toEqual(["E_QUEUE_NOT_DATA", "E_QUEUE_NOT_DATA: request.inputs cannot cross to a worker: the value contains a cycle; only tree-shaped data can cross"]);
  });

  it("refuse impossible options, and say when Redis cannot be reached or no worker answers", async () => {
    expect(() => createRunQueue({ connection: "http://127.0.0.1:6379" })).toThrow(/E_QUEUE_BAD_OPTIONS: connection .* must start with redis:\/\//);
    expect(() => createRunWorker({ connection: fleet.url(), sandbox: undefined as never })).toThrow(/E_QUEUE_BAD_OPTIONS: createRunWorker needs a sandbox/);
    expect(() => createRunWorker({ connection: fleet.url(), sandbox: fleet.sandbox(), concurrency: 0 })).toThrow(/concurrency must be a positive integer/);
    const down = createRunQueue({ connection: "redis://127.0.0.1:1", connectTimeoutMs: 300 });
    await expect(down.submit("1")).rejects.toMatchObject({ code: "E_QUEUE_UNAVAILABLE" });
    await down.close();
    const nobody = fleet.queue(fleet.name());
    await expect(nobody.submit("1", { timeoutMs: 300 })).rejects.toMatchObject({ code: "E_QUEUE_TIMEOUT", message: expect.stringMatching(/stays queued/) });
  });

  it("fail a job the worker cannot read, or whose journal in Redis cannot be replayed, without running it", async () => {
    const queueName = fleet.name();
    let ran = 0;
    const sandbox = fleet.sandbox();
    await fleet.worker(queueName, { sandbox: { run: (request) => (ran++, sandbox.run(request)) }, onError: () => undefined });
    const queue = new Queue(queueName, { connection: { host: "127.0.0.1", port: Number(new URL(fleet.url()).port) } });
    const events = new QueueEvents(queueName, { connection: { host: "127.0.0.1", port: Number(new URL(fleet.url()).port) } });
    const redis = new Redis(fleet.url());
    try {
      await events.waitUntilReady();
      const other = await queue.add("run", { v: 99, request: {} });
      await expect(other.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_VERSION: the job's data is not wire version 1/);
      await redis.rpush(journalKey(`bull:${queueName}`, "torn"), '{"type":"run","version":7}');
      const torn = await queue.add("run", { v: WIRE_VERSION, request: (toWire({ source: "1" }) as { ok: true; wire: unknown }).wire }, { jobId: "torn" });
      await expect(torn.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_JOURNAL_CORRUPT: job torn: its journal in Redis .* cannot be replayed/);
      expect(ran).toBe(0);
    } finally {
      await Promise.all([queue.close(), events.close(), redis.quit()]);
    }
  });
});
