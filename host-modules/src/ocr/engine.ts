// Owns the OCR engine of the process: one tesseract.js worker, created lazily, reused across calls, calls
// serialized by a queue; after any failure or timeout the worker is terminated and the next call creates a new
// one. Language data comes only from the installed @tesseract.js-data/<lang> package (a local langPath and
// cacheMethod "none": nothing is downloaded, nothing is read from or written to a cache). Refuses to wait past
// TUNING.ocrStartTimeoutMs for a start or OCR_LIMITS.timeoutMs for a recognition.

import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type Tesseract from "tesseract.js";
import { HostModuleError, scrubMessage } from "../errors.js";
import { n } from "../check.js";
import { OCR_LIMITS } from "./descriptor.js";
import { TUNING } from "../tuning.js";

/** Folder of the language package's LSTM-only integer model (the data tesseract.js itself downloads by default). */
const MODEL_FOLDER = "4.0.0_best_int";
/** OEM 1: LSTM only, matching the model folder. */
const OEM_LSTM_ONLY = 1;

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

/** The createWorker options used for `language` (exported for the offline test). */
export function workerOptions(langPath: string): Partial<Tesseract.WorkerOptions> {
  return {
    langPath,
    gzip: true,
    // Never read or write a traineddata cache: no files in the working directory, no poisoned cache to read.
    cacheMethod: "none",
    logger: () => undefined,
    // Without a handler tesseract.js throws a worker's rejection out of its message listener (an uncaught
    // exception in the host); the job's promise still rejects.
    errorHandler: () => undefined,
  };
}

interface Engine {
  language: string;
  worker: Tesseract.Worker;
}

let engine: Promise<Engine> | null = null;
let queue: Promise<unknown> = Promise.resolve();
/** Rejects the call in flight (used by shutdown). */
let cancelCurrent: ((error: HostModuleError) => void) | null = null;
/** Engines started in this process (tests read it to see a replacement). */
let started = 0;

/** The node Worker inside a tesseract.js worker, to ref it while a job runs and unref it while idle. */
function thread(engine: Engine): { ref?: () => void; unref?: () => void } | undefined {
  return (engine.worker as unknown as { worker?: { ref?: () => void; unref?: () => void } }).worker;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => HostModuleError): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function startEngine(fn: string, language: string, langPath: string): Promise<Engine> {
  const module = (await import("tesseract.js")) as unknown as { default?: typeof Tesseract } & typeof Tesseract;
  const createWorker = (module.default ?? module).createWorker;
  started++;
  const worker = await withTimeout(
    createWorker(language, OEM_LSTM_ONLY, workerOptions(langPath)),
    TUNING.ocrStartTimeoutMs.value,
    () => new HostModuleError("timeout", `${fn}: the OCR engine did not start within ${n(TUNING.ocrStartTimeoutMs.value)} ms`),
  ).catch((error: unknown) => {
    if (error instanceof HostModuleError) throw error;
    throw new HostModuleError("ocr-failed", `${fn}: the OCR engine could not start: ${scrubMessage(error)}`);
  });
  const created: Engine = { language, worker };
  thread(created)?.unref?.();
  return created;
}

async function discard(current: Engine | null): Promise<void> {
  if (!current) return;
  try {
    await current.worker.terminate();
  } catch {
    // Already gone.
  }
}

async function engineFor(fn: string, language: string, langPath: string): Promise<Engine> {
  if (engine) {
    const current = await engine.catch(() => null);
    if (current && current.language === language) return current;
    engine = null;
    await discard(current);
  }
  const starting = startEngine(fn, language, langPath);
  engine = starting;
  try {
    return await starting;
  } catch (error) {
    if (engine === starting) engine = null;
    throw error;
  }
}

/**
 * Runs one recognition of `image` on the engine for `language`, after every earlier call has settled. Any
 * failure (including a timeout) terminates the engine so that the next call starts a fresh one.
 */
export function recognizeOnEngine(fn: string, language: string, langPath: string, image: Uint8Array): Promise<Tesseract.Page> {
  const run = async (): Promise<Tesseract.Page> => {
    const current = await engineFor(fn, language, langPath);
    const worker = thread(current);
    worker?.ref?.();
    try {
      const job = current.worker.recognize(image, {}, { text: true, blocks: true });
      const cancelled = new Promise<never>((_, reject) => {
        cancelCurrent = reject;
      });
      const result = await withTimeout(
        Promise.race([job, cancelled]),
        OCR_LIMITS.timeoutMs.default,
        () => new HostModuleError("timeout", `${fn}: recognition took longer than ${n(OCR_LIMITS.timeoutMs.default)} ms and was stopped; pass a smaller image`),
      );
      return result.data;
    } catch (error) {
      // Any failure may leave the engine in a bad state: replace it on the next call.
      if (engine) {
        const failed = engine;
        engine = null;
        await discard(await failed.catch(() => null));
      }
      if (error instanceof HostModuleError) throw error;
      const message = scrubMessage(error);
      if (/read image|image file|pix/i.test(message)) {
        throw new HostModuleError("parse-failed", `${fn}: the image could not be decoded: ${message}`);
      }
      throw new HostModuleError("ocr-failed", `${fn}: OCR failed: ${message}`);
    } finally {
      cancelCurrent = null;
      worker?.unref?.();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/** Terminates the engine; a call in flight fails. The next call starts a new engine. */
export async function shutdownEngine(): Promise<void> {
  cancelCurrent?.(new HostModuleError("internal-error", "ocr.recognize: the OCR engine was shut down during the call"));
  const current = engine;
  engine = null;
  if (current) await discard(await current.catch(() => null));
}

/** Engines started in this process (tests read it to see a replacement). */
export function enginesStarted(): number {
  return started;
}
