// Owns the csv worker thread: papaparse's pass over a long text (raw.mjs), so that its cost (up to ~1.3 s for a
// hostile 5 MiB text) lands on no thread that serves runs. Answers { id, op, payload } with { id, part } messages
// (the result's head, then its rows in parts: raw-parts.mjs) and then { id, ok, value } or
// { id, ok: false, code, message }: papaparse's exceptions are parse-failed, too deep a recursion input-too-complex.
// Plain JavaScript because worker threads load files as they are; the host-side checks live in index.ts.

import { parentPort } from "node:worker_threads";
import { failureOf, refusal } from "../refusal.mjs";
import { firstLine } from "../format.mjs";
import { parseRaw } from "./raw.mjs";
import { packParts } from "./raw-parts.mjs";

const OPS = {
  parse({ text, config, skipEmpty, keep, partCells }, send) {
    let parts = 0;
    for (const { value, transfer } of packParts(parseRaw(text, config, skipEmpty, keep), partCells)) {
      send(value, transfer);
      parts++;
    }
    return { value: parts, transfer: [] };
  },
};

parentPort.on("message", ({ id, op, payload }) => {
  try {
    const handler = OPS[op];
    if (!handler) throw refusal("internal-error", `unknown operation ${op}`);
    const { value, transfer } = handler(payload, (part, moved) => parentPort.postMessage({ id, part }, moved));
    parentPort.postMessage({ id, ok: true, value }, transfer);
  } catch (error) {
    const fn = payload?.fn ?? "csv.parse";
    const deep = `${fn}: the input is nested too deeply to parse the CSV; flatten it or pass a smaller document`;
    parentPort.postMessage({ id, ok: false, ...failureOf(error, deep, (e) => ({ code: "parse-failed", message: `${fn}: could not parse the CSV: ${firstLine(e)}` })) });
  }
});
