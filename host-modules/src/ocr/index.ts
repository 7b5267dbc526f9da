// Owns ocr.recognize and ocr.shutdown on the host: checks the image and options, then runs it on the OCR worker
// pool (engine.ts; a call whose run ends is cancelled). Refuses languages outside OCR_LANGUAGES or not installed,
// images that are not PNG/JPEG/BMP, images whose header declares more than OCR_LIMITS.maxPixels (checked before
// decoding, see image.ts), and results over SHARED_LIMITS.outputBytes.

import { HostModuleError } from "../errors.js";
import { checkBytes, quote, readOptions, text, type OptionRule } from "../check.js";
import { OutputBudget, stringSize } from "../output.js";
import { OCR_LANGUAGES } from "./descriptor.js";
import { checkImage } from "./image.js";
import { languageFolder, recognizeOnEngine, shutdownEngine, type RecognizedPage } from "./engine.js";
import { beginCall, type HostCallContext } from "../context.js";

export interface OcrOptions {
  language?: string;
}

export interface OcrWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

export interface OcrResult {
  text: string;
  confidence: number;
  words: OcrWord[];
}

const RULES: Record<string, OptionRule> = {
  language: text(1, 32, "a language code such as \"eng\""),
};

function toResult(fn: string, page: RecognizedPage): OcrResult {
  const budget = new OutputBudget(fn);
  budget.spend(stringSize(page.text), "crop the image to the text you need");
  for (const word of page.words) budget.spend(stringSize(word.text) + 80, "crop the image to the text you need");
  return { text: page.text, confidence: page.confidence, words: page.words };
}

/**
 * Recognizes the text of a PNG, JPEG or BMP image. `language` (default "eng") must be in OCR_LANGUAGES. Returns
 * the text, the mean confidence (0-100) and every word with its confidence and bounding box in pixels.
 */
export async function recognize(image: Uint8Array, options?: OcrOptions, context?: HostCallContext): Promise<OcrResult> {
  const fn = "ocr.recognize";
  const call = beginCall(fn, context);
  const bytes = checkBytes(fn, "image", image);
  const o = readOptions(fn, options, RULES);
  const language = (o.language as string | undefined) ?? "eng";
  if (!OCR_LANGUAGES.includes(language)) {
    throw new HostModuleError("language-not-allowed", `${fn}: language ${quote(language)} is not allowed; allowed: ${OCR_LANGUAGES.join(", ")}`);
  }
  const langPath = languageFolder(language);
  if (!langPath) {
    // The data is an optional peer dependency (installing Capsule does not pull 14 MB it may never use): say which.
    const data = `@tesseract.js-data/${language}`;
    throw new HostModuleError(
      "ocr-language-data-missing",
      `${fn}: language ${quote(language)} needs its data package ${data}, which is not installed; install it beside Capsule (npm install ${data}, or npm install -g ${data} next to a global @capsule/cli)`,
    );
  }
  checkImage(fn, bytes);
  const page = await recognizeOnEngine(fn, language, langPath, new Uint8Array(bytes), call);
  return toResult(fn, page);
}

/** Host only (never pin it for guests): terminates the OCR worker; a call in flight fails. The next call starts a new one. */
export async function shutdown(): Promise<void> {
  await shutdownEngine();
}
