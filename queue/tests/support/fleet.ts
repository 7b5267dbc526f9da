// Shared by the queue tests: a private redis-server for the test file (started before, stopped after), queues and
// in-process workers that are all closed after the file, and a fresh queue name per test so tests never share jobs.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createSandbox, type Sandbox } from "@capsule/runtime";
import { startRedis, type TestRedis } from "../../../tests/support/redis-server.mjs";
import { createRunQueue, createRunWorker, type RunQueue, type RunWorker, type RunWorkerOptions } from "../../src/index.js";

export function useFleet() {
  let redis: TestRedis | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    // Workers and queues first (they hold connections), then the sandboxes, then the server.
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await redis?.stop();
  });
  const url = () => {
    if (!redis) throw new Error("redis-server is not started yet (call inside a test)");
    return redis.url;
  };
  return {
    url,
    /** A fresh queue name. */
    name: () => `test-${randomUUID().slice(0, 8)}`,
    sandbox(): Sandbox {
      const sandbox = createSandbox({ maxWorkers: 1 });
      closers.push(() => sandbox.close());
      return sandbox;
    },
    queue(queueName: string): RunQueue {
      const queue = createRunQueue({ connection: url(), queueName });
      closers.push(() => queue.close());
      return queue;
    },
    async worker(queueName: string, options: Partial<RunWorkerOptions> = {}): Promise<RunWorker> {
      const worker = createRunWorker({ connection: url(), queueName, sandbox: options.sandbox ?? this.sandbox(), ...options });
      closers.push(() => worker.close());
      await worker.ready();
      return worker;
    },
  };
}
