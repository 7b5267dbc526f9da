// The executor behind a direct WASM channel (direct-executor.ts): invoke.mjs's protocol over a MessagePort, woken by
// Atomics instead of its event loop, so a call costs two futex wakes instead of two event-loop turns. Word 0 of the
// shared words: 0 idle, 1 a call was posted, 2 its reply was posted (the caller sets it back to 0 once it has taken
// the answer, and notifies); word 1 is set to 1 once this thread is ready.
// A scalar call of an export already called once comes through shared memory alone (word 2 is 1): word 4 names it
// by the key its first call registered, word 5 is the call's id, the arguments are in the 8-byte slots, and a
// number, bigint or no result goes back in slot 0 with word 3 saying which (0: the answer is on the port).
// After each reply this thread waits (briefly) for the caller to take it before its after-call work (the next
// call's spare instance, the call's memory zeroed and kept): on a machine whose cores are all busy, a thread woken
// while its waker goes on working often waits for the waker to stop, so that work would sit on the caller's path.
// While calls come in a stream (the last one came within TUNING.wasmSpinUs of the reply before) and the caller says
// there are cores to spare (word 6 is 1), this thread spins for the next call before it blocks, so that call's
// notify wakes no one.
// Refuses nothing itself: invoke.mjs answers every message (and refuses what it must).
import { receiveMessageOnPort, workerData } from "node:worker_threads";
import { handleMessage } from "./invoke.mjs";

const { port, shared, spinUs } = workerData;
const words = new Int32Array(shared, 0, 8);
const numbers = new Float64Array(shared, 32);
const bigints = new BigInt64Array(shared, 32);
/** key -> the message ({ id, digest, exportName, declaration, args }) of an export called through shared memory. */
const fastCalls = new Map();
/** A fast call whose key this thread does not know (invoke.mjs refuses it). */
const UNKNOWN = { id: 0, digest: "", exportName: "", declaration: { params: [] }, args: [] };
const CALL = 1;
const DONE = 2;

/** How long the executor blocks waiting for a call before it lets its event loop run, in ms. */
const IDLE_WAIT_MS = 20;
/** While calls keep coming, the event loop still gets a turn at least this often, in ms. */
const TURN_EVERY_MS = 5;
/** How long a reply waits for its caller to take it before the after-call work goes ahead anyway, in ms. */
const TAKE_WAIT_MS = 1;
/** How long this thread spins for the next call while calls come in a stream, in ms (TUNING.wasmSpinUs). */
const SPIN_MS = (spinUs ?? 0) / 1000;
/** One turn of the event loop: the engine's own tasks (tier-up, GC steps, freeing transferred buffers) run there. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
let lastTurn = performance.now();

/** Marks the reply posted, wakes the caller, and waits for it to take the answer. */
function replied() {
  Atomics.store(words, 0, DONE);
  Atomics.notify(words, 0);
  Atomics.wait(words, 0, DONE, TAKE_WAIT_MS);
}

Atomics.store(words, 1, 1);
Atomics.notify(words, 1);
/** When the last reply was taken (0: none since the thread last blocked), and whether to spin for the next call. */
let repliedAt = 0;
let streaming = false;
for (;;) {
  let state = Atomics.load(words, 0);
  if (state !== CALL && streaming) {
    // Calls are coming in a stream (the last one came within the window): wait for the next by spinning, so its
    // caller's notify wakes no one; past the window, block.
    const until = performance.now() + SPIN_MS;
    while ((state = Atomics.load(words, 0)) !== CALL && performance.now() < until);
    streaming = false;
  }
  if (state !== CALL) {
    // Blocking (not Atomics.waitAsync) wakes fastest; a thread that never returns to its loop starves the engine.
    if (Atomics.wait(words, 0, state, IDLE_WAIT_MS) === "timed-out") (await turn(), (lastTurn = performance.now()));
    continue;
  }
  streaming = Atomics.load(words, 6) === 1 && repliedAt > 0 && performance.now() - repliedAt <= SPIN_MS;
  if (Atomics.load(words, 2) === 1) {
    // One message object per export, reused: invoke.mjs keeps none once it has answered (bar one waiting for the
    // bytes, which its caller resends before any other call).
    const known = fastCalls.get(Atomics.load(words, 4)) ?? UNKNOWN;
    known.id = Atomics.load(words, 5);
    const { params } = known.declaration;
    for (let i = 0; i < params.length; i++) known.args[i] = params[i] === "i64" ? bigints[i] : numbers[i];
    handleMessage(known, (reply, transfer) => {
      const kind = typeof reply.value;
      if (reply.ok && (kind === "number" || kind === "bigint" || kind === "undefined")) {
        if (kind === "number") numbers[0] = reply.value;
        else if (kind === "bigint") bigints[0] = reply.value;
        Atomics.store(words, 3, kind === "number" ? 1 : kind === "bigint" ? 2 : 3);
      } else {
        port.postMessage(reply, transfer);
        Atomics.store(words, 3, 0);
      }
      replied();
    });
  } else {
    const received = receiveMessageOnPort(port);
    if (!received) {
      // The call's message is posted before word 0 is set: there is always one; never spin if there is not.
      replied();
      continue;
    }
    const { fastKey, ...message } = received.message;
    if (fastKey) fastCalls.set(fastKey, { id: 0, digest: message.digest, exportName: message.exportName, declaration: message.declaration, args: [] });
    // The reply is in the port's queue before the caller is woken to read it.
    handleMessage(message, (reply, transfer) => (port.postMessage(reply, transfer), replied()));
  }
  repliedAt = performance.now();
  // The caller already has its answer: this turn is off its critical path.
  if (performance.now() - lastTurn >= TURN_EVERY_MS) (await turn(), (lastTurn = performance.now()));
}
