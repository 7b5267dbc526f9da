// The thread-hop floors a host call is measured against, in this process: the smallest round trips two threads can
// make. A small value (a number) posted over a MessagePort and echoed, each side answering in its message handler (no
// extra turns); and a word bumped in a SharedArrayBuffer with Atomics.wait in the worker and Atomics.waitAsync on the
// main thread. Benchmarks print; they never assert.
import { MessageChannel, Worker } from "node:worker_threads";

/** Microseconds per round trip of a number over a MessagePort between the main thread and a worker. */
export async function portPingPongUs(n = 3000) {
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     parentPort.once("message", ({ port, n }) => {
       let i = 0;
       port.on("message", () => (++i === n ? parentPort.postMessage(0) : port.postMessage(i)));
       port.postMessage(0);
     });`,
    { eval: true },
  );
  const { port1, port2 } = new MessageChannel();
  port1.on("message", (v) => port1.postMessage(v));
  await new Promise((resolve) => worker.once("online", resolve));
  const started = performance.now();
  worker.postMessage({ port: port2, n }, [port2]);
  await new Promise((resolve) => worker.once("message", resolve));
  const us = ((performance.now() - started) / n) * 1000;
  port1.close();
  await worker.terminate();
  return us;
}

/** Microseconds per round trip of a shared word: the worker blocks in Atomics.wait, the main thread in waitAsync. */
export async function atomicsPingPongUs(n = 3000) {
  const words = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     parentPort.once("message", ({ words, n }) => {
       for (let i = 1; i <= n; i++) {
         Atomics.store(words, 0, i); Atomics.notify(words, 0);
         while (Atomics.load(words, 1) !== i) Atomics.wait(words, 1, i - 1);
       }
     });`,
    { eval: true },
  );
  await new Promise((resolve) => worker.once("online", resolve));
  const started = performance.now();
  await new Promise((resolve) => {
    let seen = 0;
    const arm = () => {
      const waited = Atomics.waitAsync(words, 0, seen);
      const answer = () => {
        seen = Atomics.load(words, 0);
        Atomics.store(words, 1, seen);
        Atomics.notify(words, 1);
        if (seen === n) resolve();
        else arm();
      };
      if (waited.async) waited.value.then(answer);
      else answer();
    };
    arm();
    worker.postMessage({ words, n });
  });
  const us = ((performance.now() - started) / n) * 1000;
  await worker.terminate();
  return us;
}
