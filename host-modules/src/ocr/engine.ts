// Owns where OCR runs: a pool of OCR worker threads (worker.mjs; up to TUNING.ocrWorkers, runs served in turn), each
// holding one tesseract.js engine, created on its first call and reused; after any failure the worker (and its
// engine) is replaced. Language data comes only from the installed @tesseract.js-data/<lang> package (a local
// langPath and cacheMethod "none": nothing is downloaded, nothing is read from or written to a cache). Refuses to
// wait past TUNING.ocrStartTimeoutMs for a start or OCR_LIMITS.timeoutMs for a recognition, and to go on with a call
// whose run ended (`cancelled`): in each case the worker thread is terminated, which ends its engine with it, so
// every call settles with a named error and no tesseract.js promise is left pending in the host.

import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type Tesseract from "tesseract.js";
import { OCR_LIMITS } from "./descriptor.js";
import { TUNING } from "../tuning.js";
import { Isolate } from "../isolate.js";
import type { HostCallContext } from "../context.js";

/** Folder of the language package's LSTM-only integer model (the data tesseract.js itself downloads by default). */
const MODEL_FOLDER = "4.0.0_best_int";

const require = createRequire(import.meta.url);

/** The local folder holding `<language>.traineddata.gz`, or null when the language package is not installed. */
export function languageFolder(language: string): string | null {
  try {
    const folder = join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL_FOLDER);
    return existsSync(join(folder, `${language}.traineddata.gz`)) ? folder : null;
  } catch {
    return null;
  }
}

/**
 * The createWorker options used for `langPath` (exported for the offline test). The worker adds a logger and an
 * errorHandler (functions cannot be sent to it).
 */
export function workerOptions(langPath: string): Partial<Tesseract.WorkerOptions> {
  return {
    langPath,
    gzip: true,
    // Never read or write a traineddata cache: no files in the working directory, no poisoned cache to read.
    cacheMethod: "none",
  };
}

/** What an OCR worker answers: the page reduced to what recognize returns. */
export interface RecognizedPage {
  text: string;
  confidence: number;
  words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[];
}

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "ocr",
  script: new URL("../../src/ocr/worker.mjs", import.meta.url),
  startTimeoutMs: TUNING.ocrStartTimeoutMs.value,
  timeoutMs: OCR_LIMITS.timeoutMs.default,
  heapMb: TUNING.ocrWorkerHeapMb.value,
  size: TUNING.ocrWorkers.value,
});

/** Runs one recognition of `image` on an engine for `language`, once this call's turn comes. */
export function recognizeOnEngine(fn: string, language: string, langPath: string, image: Uint8Array, context?: HostCallContext): Promise<RecognizedPage> {
  return isolate.run<RecognizedPage>(fn, "recognize", { fn, language, options: workerOptions(langPath), image }, [image.buffer as ArrayBuffer], context);
}

/** Terminates every OCR worker (and so its engine); a call in flight fails. The next call starts a new one. */
export async function shutdownEngine(): Promise<void> {
  await isolate.shutdown();
}

/** Engines started in this process: one per OCR worker thread (tests read it to see a replacement). */
export function enginesStarted(): number {
  return isolate.started;
}
