// The executor behind a direct WASM channel (direct.ts): invoke.mjs's protocol over a MessagePort, woken by Atomics
// instead of its event loop, so a call costs two futex wakes instead of two event-loop turns. Word 0 of the shared
// words: 0 idle, 1 a call was posted, 2 its reply was posted; word 1 is set to 1 once this thread is ready.
// Refuses nothing itself: invoke.mjs answers every message (and refuses what it must).
import { receiveMessageOnPort, workerData } from "node:worker_threads";
import { handleMessage } from "./invoke.mjs";

const { port, words } = workerData;
const CALL = 1;
const DONE = 2;

/** How long the executor blocks waiting for a call before it lets its event loop run, in ms. */
const IDLE_WAIT_MS = 20;
/** One turn of the event loop: the engine's own tasks (tier-up, GC steps, freeing transferred buffers) run there. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

Atomics.store(words, 1, 1);
Atomics.notify(words, 1);
for (;;) {
  const state = Atomics.load(words, 0);
  if (state !== CALL) {
    // Blocking (not Atomics.waitAsync) wakes fastest; a thread that never returns to its loop starves the engine.
    if (Atomics.wait(words, 0, state, IDLE_WAIT_MS) === "timed-out") await turn();
    continue;
  }
  const received = receiveMessageOnPort(port);
  if (!received) {
    // The call's message is posted before word 0 is set: there is always one; never spin if there is not.
    Atomics.store(words, 0, DONE);
    Atomics.notify(words, 0);
    continue;
  }
  handleMessage(received.message, (reply, transfer) => {
    port.postMessage(reply, transfer);
    // The reply is in the port's queue before the caller is woken to read it.
    Atomics.store(words, 0, DONE);
    Atomics.notify(words, 0);
  });
  // The caller already has its reply: this turn is off its critical path.
  await turn();
}
