// Owns where papaparse's pass over a text runs: on the calling thread for texts shorter than
// TUNING.csvWorkerFromChars (its worst case there is ~60 ms, less than a thread hop is worth for the common short
// text), else in the csv worker pool (up to tuning.csvWorkers, runs served in turn, csv.timeoutMs per call,
// cancelled when the run ends), so a hostile 5 MiB text holds up no thread that serves runs. Both run the same
// function (raw.mjs) and give the same result; the worker's comes as a head and then its rows in parts of about
// TUNING.csvWorkerPartCells cells (raw-parts.mjs), so the page is built while they come. Refuses what the pool
// refuses (timeout, memory-limit, cancelled): before the head, from rawRows; after it, from the rows' next wait.

import type Papa from "papaparse";
import { HostModuleError, guarded } from "../errors.js";
import { Isolate } from "../isolate.js";
import { TUNING } from "../tuning.js";
import type { HostCallContext } from "../context.js";
import { CSV_LIMITS } from "./descriptor.js";
// Through the package root, not "./raw.mjs": tsc does not copy .mjs files into dist/.
import { parseRaw, readable, type EmptyLines, type RawPage } from "../../src/csv/raw.mjs";
import { StreamedRows, type PartsHead } from "../../src/csv/raw-parts.mjs";

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
  return new Promise<RawPage>((resolve, reject) => {
    let rows: StreamedRows | undefined;
    const onPart = (part: unknown) => {
      if (rows) return rows.add(part);
      const head = part as PartsHead;
      rows = new StreamedRows(head.length);
      resolve({ rows, rawIndex: head.rawIndex, errors: head.errors, meta: head.meta, done });
    };
    const payload = { fn, text, config, skipEmpty, keep, partCells: TUNING.csvWorkerPartCells.value };
    const done = isolate.run<number>(fn, "parse", payload, [], context, onPart).then(
      () => {
        if (!rows) reject(new HostModuleError("internal-error", `${fn}: the csv worker answered without the result's rows; retry`));
      },
      (error: unknown) => {
        if (!rows) return reject(error);
        rows.fail(error);
        throw error;
      },
    );
    // Read only by a page that got all its rows; a failure before then reaches it through the rows' wait.
    done.catch(() => undefined);
  });
}

/** Host only (never pin it for guests): terminates the csv workers; the next long text starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
