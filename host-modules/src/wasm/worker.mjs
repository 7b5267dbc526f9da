// One worker thread of the host's WASM pool: invoke.mjs's protocol over node:worker_threads.
import { parentPort } from "node:worker_threads";
import { handleMessage } from "./invoke.mjs";

parentPort.on("message", (message) => handleMessage(message, (reply, transfer) => parentPort.postMessage(reply, transfer)));
// The pool starts a call's timeout only once its worker is ready.
parentPort.postMessage({ ready: true });
