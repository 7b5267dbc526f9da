// The executor behind a direct WASM channel (direct.ts): invoke.mjs's protocol over a MessagePort, woken by Atomics
// instead of its event loop, so a call costs two futex wakes instead of two event-loop turns. Word 0 of the shared
// words: 0 idle, 1 a call was posted, 2 its reply was posted; word 1 is set to 1 once this thread is ready.
// A scalar call of an export already called once comes through shared memory alone (word 2 is 1): word 4 names it
// by the key its first call registered, word 5 is the call's id, the arguments are in the 8-byte slots, and a
// number, bigint or no result goes back in slot 0 with word 3 saying which (0: the answer is on the port).
// Refuses nothing itself: invoke.mjs answers every message (and refuses what it must).
import { receiveMessageOnPort, workerData } from "node:worker_threads";
import { handleMessage } from "./invoke.mjs";

const { port, shared } = workerData;
const words = new Int32Array(shared, 0, 8);
const numbers = new Float64Array(shared, 32);
const bigints = new BigInt64Array(shared, 32);
/** key -> { digest, exportName, declaration } of the exports called through shared memory. */
const fastCalls = new Map();
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
  if (Atomics.load(words, 2) === 1) {
    const known = fastCalls.get(Atomics.load(words, 4));
    const args = known ? known.declaration.params.map((type, i) => (type === "i64" ? bigints[i] : numbers[i])) : [];
    const message = known ? { id: Atomics.load(words, 5), ...known, args } : { id: Atomics.load(words, 5), digest: "", exportName: "", declaration: { params: [] }, args };
    handleMessage(message, (reply, transfer) => {
      const kind = typeof reply.value;
      if (reply.ok && (kind === "number" || kind === "bigint" || kind === "undefined")) {
        if (kind === "number") numbers[0] = reply.value;
        else if (kind === "bigint") bigints[0] = reply.value;
        Atomics.store(words, 3, kind === "number" ? 1 : kind === "bigint" ? 2 : 3);
      } else {
        port.postMessage(reply, transfer);
        Atomics.store(words, 3, 0);
      }
      Atomics.store(words, 0, DONE);
      Atomics.notify(words, 0);
    });
    await turn();
    continue;
  }
  const received = receiveMessageOnPort(port);
  if (!received) {
    // The call's message is posted before word 0 is set: there is always one; never spin if there is not.
    Atomics.store(words, 0, DONE);
    Atomics.notify(words, 0);
    continue;
  }
  const { fastKey, ...message } = received.message;
  if (fastKey) fastCalls.set(fastKey, { digest: message.digest, exportName: message.exportName, declaration: message.declaration });
  handleMessage(message, (reply, transfer) => {
    port.postMessage(reply, transfer);
    // The reply is in the port's queue before the caller is woken to read it.
    Atomics.store(words, 0, DONE);
    Atomics.notify(words, 0);
  });
  // The caller already has its reply: this turn is off its critical path.
  await turn();
}
