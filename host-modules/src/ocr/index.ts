// Owns ocr.recognize and ocr.shutdown on the host: checks the image and options, then runs the shared OCR engine
// (engine.ts). Refuses languages outside OCR_LANGUAGES or not installed, images that are not PNG/JPEG/BMP, and
// images whose header declares more than OCR_LIMITS.maxPixels (checked before decoding, see image.ts).

import type Tesseract from "tesseract.js";
import { HostModuleError } from "../errors.js";
import { checkBytes, quote, readOptions, text, type OptionRule } from "../check.js";
import { OutputBudget, stringSize } from "../output.js";
import { OCR_LANGUAGES } from "./descriptor.js";
import { checkImage } from "./image.js";
import { languageFolder, recognizeOnEngine, shutdownEngine } from "./engine.js";

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

function toResult(fn: string, data: Tesseract.Page): OcrResult {
  const budget = new OutputBudget(fn);
  const words: OcrWord[] = [];
  const text = typeof data.text === "string" ? data.text : "";
  budget.spend(stringSize(text), "crop the image to the text you need");
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs ?? []) {
      for (const line of paragraph.lines ?? []) {
        for (const word of line.words ?? []) {
          const bbox = word.bbox ?? { x0: 0, y0: 0, x1: 0, y1: 0 };
          const out: OcrWord = {
            text: String(word.text ?? ""),
            confidence: Number(word.confidence ?? 0),
            bbox: { x0: Number(bbox.x0), y0: Number(bbox.y0), x1: Number(bbox.x1), y1: Number(bbox.y1) },
          };
          budget.spend(stringSize(out.text) + 80, "crop the image to the text you need");
          words.push(out);
        }
      }
    }
  }
  return { text, confidence: Number(data.confidence ?? 0), words };
}

/**
 * Recognizes the text of a PNG, JPEG or BMP image. `language` (default "eng") must be in OCR_LANGUAGES. Returns
 * the text, the mean confidence (0-100) and every word with its confidence and bounding box in pixels.
 */
export async function recognize(image: Uint8Array, options?: OcrOptions): Promise<OcrResult> {
  const fn = "ocr.recognize";
  const bytes = checkBytes(fn, "image", image);
  const o = readOptions(fn, options, RULES);
  const language = (o.language as string | undefined) ?? "eng";
  if (!OCR_LANGUAGES.includes(language)) {
    throw new HostModuleError("language-not-allowed", `${fn}: language ${quote(language)} is not allowed; allowed: ${OCR_LANGUAGES.join(", ")}`);
  }
  const langPath = languageFolder(language);
  if (!langPath) {
    throw new HostModuleError("language-not-allowed", `${fn}: language ${quote(language)} is allowed but its @tesseract.js-data package is not installed`);
  }
  checkImage(fn, bytes);
  const page = await recognizeOnEngine(fn, language, langPath, new Uint8Array(bytes));
  return toResult(fn, page);
}

/** Host only (never pin it for guests): terminates the OCR worker; a call in flight fails. The next call starts a new one. */
export async function shutdown(): Promise<void> {
  await shutdownEngine();
}
