// @capsule/queue: runs as BullMQ jobs over Redis. Submitters queue data-only run requests and get back what a local
// run returns; workers run them in their sandbox with the application's host functions and tools, journal each call
// into Redis, and replay a dead worker's job from its journal on another worker. Owns nothing else.

export { createRunQueue, submit, type RunQueue, type RunQueueOptions, type SubmitOptions } from "./submit.js";
export { createRunWorker, type RunWorker, type RunWorkerOptions } from "./worker.js";
export { QUEUE_DEFAULTS, journalKey, type Connection } from "./connection.js";
export { QUEUE_CODES, QueueError, isQueueError, queueCodesTable, type QueueCode } from "./errors.js";
export { WIRE_VERSION, type QueuedRun, type QueueRunRequest } from "./request.js";
export { fromWire, toWire, type WireValue } from "./wire.js";
