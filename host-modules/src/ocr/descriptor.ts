// Owns what Capsule knows of the ocr host module without loading tesseract.js: its host id, the one package allowed
// to declare it, its exports with argument shapes, its limits and its language allowlist. The registry pins it;
// index.ts, image.ts and engine.ts enforce the limits. Refuses nothing itself.

import { options, type HostModuleDescriptor } from "../descriptor.js";

export const OCR_LIMITS = {
  maxPixels: { default: 25_000_000, ceiling: 25_000_000, floor: 1, code: "image-too-large", doc: "width × height from the image header (checked before decoding)" },
  timeoutMs: { default: 120_000, ceiling: 120_000, floor: 1, code: "timeout", doc: "one recognition; the engine is then replaced" },
} as const;

/** Languages recognize allows; each must have its @tesseract.js-data/<lang> package installed. An allowlist, not a limit. */
export const OCR_LANGUAGES: readonly string[] = Object.freeze(["eng"]);

export const ocr = {
  id: "capsule.ocr",
  package: "@capsule/ocr",
  exports: {
    recognize: { params: [{ name: "image", type: "bytes" }, options()], summary: "Text, confidence and words recognised in a PNG or JPEG image." },
  },
  hostOnly: ["shutdown"],
  callContext: true,
  limits: OCR_LIMITS,
  load: () => import("./index.js"),
} satisfies HostModuleDescriptor;
