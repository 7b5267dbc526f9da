// Owns the csv worker thread: papaparse's pass over a long text (raw.mjs), so that its cost (up to ~1.3 s for a
// hostile 5 MiB text) lands on no thread that serves runs. Answers { id, op, payload } with { id, ok, value } or
// { id, ok: false, code, message }: papaparse's exceptions are parse-failed, too deep a recursion input-too-complex.
// Plain JavaScript because worker threads load files as they are; the host-side checks live in index.ts.

import { parentPort } from "node:worker_threads";
import { failureOf, refusal } from "../refusal.mjs";
import { firstLine } from "../format.mjs";
import { packRaw, parseRaw } from "./raw.mjs";

const OPS = {
  parse({ text, config, skipEmpty, keep }) {
    return packRaw(parseRaw(text, config, skipEmpty, keep));
  },
};

parentPort.on("message", ({ id, op, payload }) => {
  try {
    const handler = OPS[op];
    if (!handler) throw refusal("internal-error", `unknown operation ${op}`);
    const { value, transfer } = handler(payload);
    parentPort.postMessage({ id, ok: true, value }, transfer);
  } catch (error) {
    const fn = payload?.fn ?? "csv.parse";
    const deep = `${fn}: the input is nested too deeply to parse the CSV; flatten it or pass a smaller document`;
    parentPort.postMessage({ id, ok: false, ...failureOf(error, deep, (e) => ({ code: "parse-failed", message: `${fn}: could not parse the CSV: ${firstLine(e)}` })) });
  }
});
