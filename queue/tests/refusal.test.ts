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
    const connection = { host: "127.0.0.1", port: Number(new URL(fleet.url()).port) };
    const queue = new Queue(queueName, { connection });
    const events = new QueueEvents(queueName, { connection });
    const redis = new Redis(fleet.url());
    const data = { v: WIRE_VERSION, request: (toWire({ source: "return await id.of(1)" }) as { ok: true; wire: unknown }).wire };
    try {
      await events.waitUntilReady();
      // Queued before any worker runs: a job of another wire version, a taken-over job (BullMQ counted one start)
      // whose journal is torn, and a first attempt under an id whose old journal is left over.
      const other = await queue.add("run", { v: 99, request: {} });
      for (const id of ["torn", "stale"]) await redis.rpush(journalKey(`bull:${queueName}`, id), '{"type":"run","version":7}');
      const torn = await queue.add("run", data, { jobId: "torn" });
      await redis.hset(`bull:${queueName}:torn`, "ats", "1");
      const stale = await queue.add("run", data, { jobId: "stale" });
      let ran = 0;
      const sandbox = fleet.sandbox();
      await fleet.worker(queueName, { sandbox: { run: (request) => (ran++, sandbox.run(request)) }, hostFunctions: { id: { of: (n: number) => n } }, onError: () => undefined });
      await expect(other.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_VERSION: the job's data is not wire version 1/);
      await expect(torn.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_JOURNAL_CORRUPT: job torn: its journal in Redis .* cannot be replayed/);
      expect(await stale.waitUntilFinished(events)).toMatchObject({ v: WIRE_VERSION, attempts: 1 });
      expect(ran).toBe(1);
      const journal = (await redis.lrange(journalKey(`bull:${queueName}`, "stale"), 0, -1)).map((r) => JSON.parse(r).type);
      expect(journal).toEqual(["run", "call", "end"]);
    } finally {
      await Promise.all([queue.close(), events.close(), redis.quit()]);
    }
  });

  it("answer a job asking a limit past the worker's maxLimits with E_BAD_LIMIT, nothing run, and refuse a bad maxLimits", async () => {
    const queueName = fleet.name();
    let ran = 0;
    const sandbox = fleet.sandbox();
    await fleet.worker(queueName, { sandbox: { run: (request) => (ran++, sandbox.run(request)) }, maxLimits: { resultBytes: 1024 * 1024, wallMs: 10_000 } });
    const queue = fleet.queue(queueName);
    const over = await queue.submit({ source: "return 1", limits: { resultBytes: 64 * 1024 * 1024 } });
    expect([over.result.ok, !over.result.ok && over.result.error.code, ran]).toEqual([false, "E_BAD_LIMIT", 0]);
    expect(!over.result.ok && over.result.error.message).toMatch(/limits\.resultBytes 67108864 is over this worker's most \(1048576/);
    const within = await queue.submit({ source: "return 1", limits: { resultBytes: 1024, wallMs: 10_000 } });
    expect(within.result.ok && within.result.value).toBe(1);
    for (const maxLimits of [{ cpuMss: 1 }, { cpuMs: 0 }, { cpuMs: "1" }]) {
      expect(() => createRunWorker({ connection: fleet.url(), sandbox, maxLimits: maxLimits as never })).toThrow(/^E_QUEUE_BAD_OPTIONS: createRunWorker: maxLimits\./);
    }
  });

  it("answer a submit that a close overtakes while it connects with E_QUEUE_CLOSED", async () => {
    const queue = createRunQueue({ connection: fleet.url(), queueName: fleet.name() });
    const submitted = queue.submit("return 1");
    await queue.close();
    await expect(submitted).rejects.toThrow(/^E_QUEUE_CLOSED: this run queue was closed/);
  });

  it("fail a taken-over job whose journal in Redis is another program's, without running it", async () => {
    const queueName = fleet.name();
    const connection = { host: "127.0.0.1", port: Number(new URL(fleet.url()).port) };
    const queue = new Queue(queueName, { connection });
    const events = new QueueEvents(queueName, { connection });
    const redis = new Redis(fleet.url());
    try {
      await events.waitUntilReady();
      const sandbox = fleet.sandbox();
      const other = await sandbox.run({ source: "return await id.of(2)", hostFunctions: { id: { of: (n: number) => n } }, journal: true });
      const lines = [other.journal!.header, ...other.journal!.calls].map((record) => JSON.stringify(record));
      await redis.rpush(journalKey(`bull:${queueName}`, "foreign"), ...lines);
      const job = await queue.add("run", { v: WIRE_VERSION, request: (toWire({ source: "return await id.of(1)" }) as { ok: true; wire: unknown }).wire }, { jobId: "foreign" });
      await redis.hset(`bull:${queueName}:foreign`, "ats", "1");
      let ran = 0;
      await fleet.worker(queueName, { sandbox: { run: (request) => (ran++, sandbox.run(request)) }, hostFunctions: { id: { of: (n: number) => n } }, onError: () => undefined });
      await expect(job.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_JOURNAL_CORRUPT: job foreign: its journal in Redis is another program's/);
      expect(ran).toBe(0);
    } finally {
      await Promise.all([queue.close(), events.close(), redis.quit()]);
    }
  });

  it("check a job's fields on the worker as submit() does: a job put on the queue directly cannot carry a policy or a listener", async () => {
    const queueName = fleet.name();
    const connection = { host: "127.0.0.1", port: Number(new URL(fleet.url()).port) };
    const queue = new Queue(queueName, { connection });
    const events = new QueueEvents(queueName, { connection });
    const made: number[] = [];
    const { defaultPolicy, sideEffecting } = await import("@capsule/runtime");
    const raw = (request: unknown) => queue.add("run", { v: WIRE_VERSION, request: (toWire(request) as { ok: true; wire: unknown }).wire });
    try {
      await events.waitUntilReady();
      const sandbox = fleet.sandbox();
      // The worker's policy is its sandbox's: a job must not turn it off with a falsy policy field.
      const guarded = { run: <T>(request: Parameters<typeof sandbox.run>[0]) => sandbox.run<T>({ policy: defaultPolicy({ grant: [] }), ...(request as object), source: (request as { source: string }).source }) };
      await fleet.worker(queueName, { sandbox: guarded, hostFunctions: { bank: { transfer: sideEffecting((n: number) => (made.push(n), `sent ${n}`)) } }, onError: () => undefined });
      for (const policy of [0, false, ""]) {
        const job = await raw({ source: "return await bank.transfer(100)", policy });
        await expect(job.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_NOT_DATA: request\.policy cannot be sent to a worker/);
      }
      const proto = await raw(JSON.parse('{"source": "return 1", "__proto__": {"x": 1}}'));
      await expect(proto.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_NOT_DATA: request\.__proto__ is not a field a queued run takes/);
      const none = await raw(null);
      await expect(none.waitUntilFinished(events)).rejects.toThrow(/E_QUEUE_NOT_DATA: a queued run request must be an object/);
      expect(made).toEqual([]);
    } finally {
      await Promise.all([queue.close(), events.close()]);
    }
  });
});
