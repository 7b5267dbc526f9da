// Owns the html worker thread's message loop: answers { id, op, payload } with the result of OPS[op] (ops.mjs; markdown.mjs)
// as { id, ok: true, value } or { id, ok: false, code, message }. Runs in a worker because parsing and selector
// matching are quadratic on hostile nesting; the host bounds each call in time and heap (see ../isolate.ts).

import { parentPort } from "node:worker_threads";
import { OPS, describe, loadCheerio } from "./ops.mjs";
import { loadTurndown, markdown } from "./markdown.mjs";
import { refusal } from "../refusal.mjs";

parentPort.on("message", async (message) => {
  const { id, op, payload } = message;
  try {
    await loadCheerio();
    if (op === "markdown") await loadTurndown();
    // cheerio is loaded: the call's own time limit starts now (see ../pool/worker-slot.ts).
    parentPort.postMessage({ id, running: true });
    const handler = op === "markdown" ? markdown : OPS[op];
    if (!handler) throw refusal("internal-error", `unknown operation ${op}`);
    const value = handler(payload);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, ...describe(payload?.fn ?? "html", error) });
  }
});
