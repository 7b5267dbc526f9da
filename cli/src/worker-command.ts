// `capsule worker --redis <url>`: one worker process of a fleet. Compiles the pack roots once (the home's catalog, as
// `capsule run` would for a program with imports), answers host and WASM modules through the shipped registry, and
// serves runs queued by `capsule run --redis` or @capsule/queue's submit() — with and without imports — until SIGINT
// or SIGTERM, then finishes the runs it holds and exits 0. BullMQ (@capsule/queue) is loaded only by this command.
// Refuses a bad --redis URL or --concurrency (exit 2); a catalog that cannot be compiled or a Redis that cannot be
// reached exits 1.

import { availableParallelism } from "node:os";
import { createCapsuleDispatcher, defaultRegistry } from "@capsule/registry";
import { createSandbox } from "@capsule/runtime";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { limitsFromFlags } from "./limit-flags.js";

interface WorkerOptions extends LocationOptions {
  redis: string;
  concurrency?: number;
  queue?: string;
  /** BullMQ's lock and stalled-check timings (see queue/README.md); tests shorten them. */
  lockDuration?: number;
  stalledInterval?: number;
}

export async function workerCommand(options: WorkerOptions): Promise<number> {
  const { createRunWorker, isQueueError } = await import("@capsule/queue");
  let catalog;
  try {
    catalog = (await compileRoots(resolveLocations(options))).catalog;
  } catch (error) {
    process.stderr.write(`capsule worker: cannot compile the pack roots: ${(error as Error).message}\n`);
    return 1;
  }
  const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const concurrency = options.concurrency ?? 1;
  // One guest thread per job it may run at once, up to the machine's cores (more would only queue on them).
  // The limit flags are the default of every run this worker serves; a run's own limits still apply over them.
  const limits = limitsFromFlags(options);
  const sandbox = createSandbox({ catalog, hostModules: dispatcher, ...(limits ? { limits } : {}), maxWorkers: Math.max(1, Math.min(concurrency, availableParallelism())) });
  const shutdown = async () => {
    await sandbox.close();
    await dispatcher.close();
  };
  let worker;
  try {
    worker = createRunWorker({
      connection: options.redis, sandbox, concurrency, ...(options.queue ? { queueName: options.queue } : {}),
      ...(options.lockDuration ? { lockDurationMs: options.lockDuration } : {}),
      ...(options.stalledInterval ? { stalledIntervalMs: options.stalledInterval } : {}),
    });
  } catch (error) {
    await shutdown();
    if (!isQueueError(error)) throw error;
    process.stderr.write(`capsule worker: ${error.message}\n`);
    return 2;
  }
  try {
    await worker.ready();
  } catch (error) {
    process.stderr.write(`capsule worker: cannot reach Redis at ${options.redis}: ${(error as Error).message}\n`);
    await worker.close({ force: true }).catch(() => undefined);
    await shutdown();
    return 1;
  }
  process.stdout.write(`capsule worker ${worker.name}: serving queue "${options.queue ?? "capsule-runs"}" with concurrency ${concurrency}, ${catalog.modules.length} admitted modules\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  process.stdout.write(`capsule worker ${worker.name}: ${signal}: finishing the runs in progress\n`);
  await worker.close();
  await shutdown();
  return 0;
}
