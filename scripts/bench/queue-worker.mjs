// One worker process of the queue benchmark: a sandbox with one guest thread behind a BullMQ worker. Env: REDIS_URL,
// QUEUE, CONCURRENCY. Prints "ready" once it takes jobs; SIGTERM closes it.
import { createSandbox } from "../../runtime/dist/index.js";
import { createRunWorker } from "../../queue/dist/index.js";

const sandbox = createSandbox({ maxWorkers: 1 });
const worker = createRunWorker({ connection: process.env.REDIS_URL, queueName: process.env.QUEUE, sandbox, concurrency: Number(process.env.CONCURRENCY) });
await worker.ready();
process.stdout.write("ready\n");
process.once("SIGTERM", async () => {
  await worker.close();
  await sandbox.close();
  process.exit(0);
});
