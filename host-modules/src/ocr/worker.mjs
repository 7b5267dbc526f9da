// Owns one OCR worker thread: a tesseract.js engine (itself a nested worker thread, which dies with this one),
// created on the first call for a language and reused, and the recognitions it runs. tesseract.js's own lifecycle is
// never used to stop work: the host stops a call (timeout, cancel, shutdown) by terminating this whole thread, so
// no half-started engine can leave a promise pending or a rejection unhandled in the host. Refuses to keep an engine
// that failed: the reply asks the host to retire this worker (the next call gets a fresh thread and engine).
// Answers { id, op, payload } with { id, running: true } once the engine is ready, then { id, ok, value | code }.

import { parentPort } from "node:worker_threads";
import { refusal, refusalCode } from "../refusal.mjs";
import { firstLine } from "../format.mjs";

/** OEM 1: LSTM only, matching the model folder the host points langPath at. */
const OEM_LSTM_ONLY = 1;

/** @type {{ language: string, worker: any } | null} */
let engine = null;

async function engineFor(fn, language, options) {
  if (engine && engine.language === language) return engine;
  if (engine) {
    const old = engine;
    engine = null;
    await old.worker.terminate();
  }
  const module = await import("tesseract.js");
  const createWorker = (module.default ?? module).createWorker;
  // tesseract.js reports a failed language load only to errorHandler (its start promise then never settles), so
  // the handler fails the start; after it, job rejections reach their own promises.
  let failStart = null;
  const startFailed = new Promise((_, reject) => (failStart = reject));
  let worker;
  try {
    worker = await Promise.race([
      createWorker(language, OEM_LSTM_ONLY, {
        ...options,
        logger: () => undefined,
        // Without a handler tesseract.js rethrows a job's rejection out of its message listener.
        errorHandler: (error) => failStart?.(error),
      }),
      startFailed,
    ]);
  } catch (error) {
    throw refusal("ocr-failed", `${fn}: the OCR engine could not start: ${firstLine(error)}`);
  } finally {
    failStart = null;
  }
  engine = { language, worker };
  return engine;
}

/** Only what the host returns: text, confidence and the words with their boxes (no back-references to clone). */
function plain(data) {
  const words = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) {
        for (const word of line.words ?? []) {
          const bbox = word.bbox ?? { x0: 0, y0: 0, x1: 0, y1: 0 };
          words.push({
            text: String(word.text ?? ""),
            confidence: Number(word.confidence ?? 0),
            bbox: { x0: Number(bbox.x0), y0: Number(bbox.y0), x1: Number(bbox.x1), y1: Number(bbox.y1) },
          });
        }
      }
    }
  }
  return { text: typeof data.text === "string" ? data.text : "", confidence: Number(data.confidence ?? 0), words };
}

async function recognize(id, { fn, language, options, image }) {
  const current = await engineFor(fn, language, options);
  parentPort.postMessage({ id, running: true });
  try {
    const { data } = await current.worker.recognize(image, {}, { text: true, blocks: true });
    return plain(data);
  } catch (error) {
    const message = firstLine(error);
    if (/read image|image file|pix/i.test(message)) throw refusal("parse-failed", `${fn}: the image could not be decoded: ${message}`);
    throw refusal("ocr-failed", `${fn}: OCR failed: ${message}`);
  }
}

parentPort.on("message", async ({ id, op, payload }) => {
  try {
    if (op !== "recognize") throw refusal("internal-error", `unknown operation ${op}`);
    const value = await recognize(id, payload);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    const code = refusalCode(error) ?? "ocr-failed";
    const message = refusalCode(error) ? error.message : `${payload?.fn ?? "ocr"}: OCR failed: ${firstLine(error)}`;
    // Any failure may leave the engine in a bad state: the host replaces this thread (and so the engine).
    parentPort.postMessage({ id, ok: false, code, message, retire: true });
  }
});
