// Owns where papaparse's pass over a text runs: on the calling thread for texts shorter than
// TUNING.csvWorkerFromChars (its worst case there is ~60 ms, less than a thread hop is worth for the common short
// text), else in the csv worker pool (up to tuning.csvWorkers, runs served in turn, csv.timeoutMs per call,
// cancelled when the run ends), so a hostile 5 MiB text holds up no thread that serves runs. Both run the same
// function (raw.mjs) and give the same result. Refuses what the pool refuses (timeout, memory-limit, cancelled).

import type Papa from "papaparse";
import { guarded } from "../errors.js";
import { Isolate } from "../isolate.js";
import { TUNING } from "../tuning.js";
import type { HostCallContext } from "../context.js";
import { CSV_LIMITS } from "./descriptor.js";
// Through the package root, not "./raw.mjs": tsc does not copy .mjs files into dist/.
import { parseRaw, readable, unpackRaw, type EmptyLines, type RawPage } from "../../src/csv/raw.mjs";

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "csv",
  script: new URL("../../src/csv/worker.mjs", import.meta.url),
  timeoutMs: CSV_LIMITS.timeoutMs.default,
  heapMb: TUNING.csvWorkerHeapMb.value,
  size: TUNING.csvWorkers.value,
});

/** papaparse's rows of `text` (raw.mjs's parseRaw), on the thread its length calls for. */
export async function rawRows(
  fn: string,
  text: string,
  config: Papa.ParseConfig,
  skipEmpty: EmptyLines,
  keep: number,
  context: HostCallContext,
): Promise<RawPage> {
  if (text.length < TUNING.csvWorkerFromChars.value) return guarded(fn, "parse-failed", "parse the CSV", () => readable(parseRaw(text, config, skipEmpty, keep)));
  const packed = await isolate.run<unknown>(fn, "parse", { fn, text, config, skipEmpty, keep }, [], context);
  return unpackRaw(packed);
}

/** Host only (never pin it for guests): terminates the csv workers; the next long text starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
