import { existsSync, readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as PImage from "pureimage";
import { recognize, shutdown } from "../src/ocr/index.js";
import { enginesStarted, languageFolder, workerOptions } from "../src/ocr/engine.js";
import { checkImage } from "../src/ocr/image.js";
import { OCR_LIMITS, SHARED_LIMITS } from "../src/limits.js";
import { TUNING } from "../src/tuning.js";
import { codeOf, expectNoPollution } from "./helpers.js";

// The limits this file tests, by the names its assertions use (the values come from the limit rows).
const MAX_INPUT_BYTES = SHARED_LIMITS.inputBytes.default;
const OCR_MAX_PIXELS = OCR_LIMITS.maxPixels.default;

const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

type Bitmap = ReturnType<typeof PImage.make>;

beforeAll(() => {
  PImage.registerFont(FONT, "DejaVuSans").loadSync();
});

afterAll(async () => {
  await shutdown();
});

/** Black text on white, rendered with pureimage and DejaVuSans. */
function draw(text: string, width = 900, height = 160, size = 60): Bitmap {
  const image = PImage.make(width, height);
  const context = image.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = `${size}px DejaVuSans`;
  context.fillText(text, 30, Math.round(height * 0.65));
  return image;
}

async function encode(image: Bitmap, format: "png" | "jpeg"): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  if (format === "png") await PImage.encodePNGToStream(image, sink);
  else await PImage.encodeJPEGToStream(image, sink, 90);
  return new Uint8Array(Buffer.concat(chunks));
}

/** A 24-bit bottom-up BMP (BITMAPINFOHEADER) of the bitmap. */
function bmp(image: Bitmap): Uint8Array {
  const rowSize = Math.ceil((image.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowSize * image.height);
  out.write("BM", 0);
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(image.width, 18);
  out.writeInt32LE(image.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowSize * image.height, 34);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const rgba = image.getPixelRGBA(x, image.height - 1 - y);
      const at = 54 + y * rowSize + x * 3;
      out[at] = (rgba >>> 8) & 255;
      out[at + 1] = (rgba >>> 16) & 255;
      out[at + 2] = (rgba >>> 24) & 255;
    }
  }
  return new Uint8Array(out);
}

/** A PNG signature and IHDR chunk declaring width × height, and no image data at all. */
function pngHeader(width: number, height: number): Uint8Array {
  const out = Buffer.alloc(8 + 25);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(out, 0);
  out.writeUInt32BE(13, 8);
  out.write("IHDR", 12);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out[24] = 8; // bit depth
  out[25] = 2; // colour type RGB
  return new Uint8Array(out);
}

let sample: Uint8Array;

describe("ocr.recognize", () => {
  beforeAll(async () => {
    sample = await encode(draw("CAPSULE SANDBOX 2026"), "png");
  });

  it("reads rendered text back, with word confidences and boxes", async () => {
    const result = await recognize(sample);
    expect(result.text.trim()).toBe("CAPSULE SANDBOX 2026");
    expect(result.confidence).toBeGreaterThan(60);
    expect(result.words.map((w) => w.text)).toEqual(["CAPSULE", "SANDBOX", "2026"]);
    for (const word of result.words) {
      expect(word.confidence).toBeGreaterThan(60);
      expect(word.bbox.x1).toBeGreaterThan(word.bbox.x0);
      expect(word.bbox.y1).toBeGreaterThan(word.bbox.y0);
      expect(Object.keys(word).sort()).toEqual(["bbox", "confidence", "text"]);
    }
    expect(result.words[0]!.bbox.x0).toBeLessThan(result.words[1]!.bbox.x0);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it("reads JPEG and BMP too", async () => {
    expect((await recognize(await encode(draw("HELLO WORLD"), "jpeg"))).text.trim()).toBe("HELLO WORLD");
    expect((await recognize(bmp(draw("BITMAP 42", 600, 120)))).text.trim()).toBe("BITMAP 42");
  });

  it("reuses its workers across calls: concurrent calls start at most TUNING.ocrWorkers engines", async () => {
    await recognize(sample);
    const before = enginesStarted();
    const results = await Promise.all([recognize(sample), recognize(sample), recognize(sample)]);
    for (const result of results) expect(result.text.trim()).toBe("CAPSULE SANDBOX 2026");
    const after = enginesStarted();
    expect(after - before).toBeLessThanOrEqual(TUNING.ocrWorkers.value - 1);
    await Promise.all([recognize(sample), recognize(sample), recognize(sample)]);
    expect(enginesStarted()).toBe(after);
  });

  it("replaces the worker after a failure", async () => {
    await shutdown(); // one worker from here on, so the failing call and the next one meet the same slot
    await recognize(sample);
    const before = enginesStarted();
    // A valid header (so it passes the checks) followed by a cut-off image: the engine itself fails.
    expect(await codeOf(recognize(sample.slice(0, 200)))).toBe("parse-failed");
    expect((await recognize(sample)).text.trim()).toBe("CAPSULE SANDBOX 2026");
    expect(enginesStarted()).toBe(before + 1);
  });

  it("starts again after shutdown", async () => {
    await shutdown();
    const before = enginesStarted();
    expect((await recognize(sample)).text.trim()).toBe("CAPSULE SANDBOX 2026");
    expect(enginesStarted()).toBe(before + 1);
  });
});

describe("ocr calls always settle", () => {
  it("with a named error when the engine is shut down or the run ends while it starts, and no rejection escapes", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // Shut down at several points of a fresh engine's start (tesseract.js 7, terminated while it starts, used to
      // leave the call pending forever and reject inside send.js with no handler). Whenever it lands, the call
      // settles: with internal-error, or with its result if the recognition was already done.
      for (const delayMs of [0, 200, 600]) {
        await shutdown();
        const starting = recognize(sample).then(() => "ok", (error: { code?: string }) => error.code);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await shutdown();
        expect(["internal-error", "ok"]).toContain(await starting);
      }
      // The run ends while its first call starts the engine and two more wait behind it.
      const ended = new AbortController();
      const context = { runId: "run-ended", signal: ended.signal };
      const calls = [recognize(sample, {}, context), recognize(sample, {}, context), recognize(sample, {}, context)];
      ended.abort();
      for (const call of calls) expect(await codeOf(call)).toBe("cancelled");
      expect(await codeOf(recognize(sample, {}, context))).toBe("cancelled");
      // Then a call is served by a fresh engine, and nothing was left to reject unhandled.
      expect((await recognize(sample)).text.trim()).toBe("CAPSULE SANDBOX 2026");
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("ocr limits, checked before anything is decoded", () => {
  it("refuses a PNG whose header declares more than OCR_MAX_PIXELS without starting or using the engine", async () => {
    await shutdown();
    const before = enginesStarted();
    expect(await codeOf(recognize(pngHeader(100_000, 100_000)))).toBe("image-too-large");
    expect(await codeOf(recognize(pngHeader(5_000, 5_001)))).toBe("image-too-large");
    expect(enginesStarted()).toBe(before);
  });

  it("allows exactly OCR_MAX_PIXELS and refuses one row more", () => {
    expect(OCR_MAX_PIXELS).toBe(5_000 * 5_000);
    expect(checkImage("t", pngHeader(5_000, 5_000))).toEqual({ format: "png", width: 5_000, height: 5_000 });
    expect(() => checkImage("t", pngHeader(5_000, 5_001))).toThrow(/over the 25,000,000-pixel limit/);
    expect(() => checkImage("t", pngHeader(OCR_MAX_PIXELS + 1, 1))).toThrow(/pixel limit/);
  });

  it("refuses formats other than PNG, JPEG and BMP, and headers that do not match their signature", async () => {
    const gif = new Uint8Array(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"));
    expect(await codeOf(recognize(gif))).toBe("image-format-unsupported");
    const svg = new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'));
    expect(await codeOf(recognize(svg))).toBe("image-format-unsupported");
    expect(await codeOf(recognize(new Uint8Array(Buffer.from("P5\n10 10\n255\n"))))).toBe("image-format-unsupported");
    const coreBmp = bmp(draw("x", 10, 10)).slice();
    new DataView(coreBmp.buffer).setUint32(14, 12, true); // BITMAPCOREHEADER: 16-bit sizes image-size would misread
    expect(await codeOf(recognize(coreBmp))).toBe("image-format-unsupported");
    expect(await codeOf(recognize(pngHeader(0, 10)))).toBe("parse-failed");
    expect(await codeOf(recognize(sample.slice(0, 12)))).toBe("parse-failed");
  });

  it("refuses non-bytes, empty bytes and more than MAX_INPUT_BYTES", async () => {
    expect(await codeOf(recognize("image.png" as never))).toBe("input-invalid");
    expect(await codeOf(recognize(new Uint8Array(0)))).toBe("input-invalid");
    const big = new Uint8Array(MAX_INPUT_BYTES + 1);
    big.set(sample);
    expect(await codeOf(recognize(big))).toBe("input-too-large");
  });

  it("allows only installed, allowlisted languages", async () => {
    expect(await codeOf(recognize(sample, { language: "deu" }))).toBe("language-not-allowed");
    expect(await codeOf(recognize(sample, { language: "__proto__" }))).toBe("language-not-allowed");
    expect(await codeOf(recognize(sample, { language: "../eng" }))).toBe("language-not-allowed");
    expect(await codeOf(recognize(sample, { language: 5 } as never))).toBe("option-invalid");
    expect(await codeOf(recognize(sample, { langPath: "/tmp" } as never))).toBe("option-unknown");
    expect(await codeOf(recognize(sample, JSON.parse('{"__proto__": {"polluted": 1}}')))).toBe("option-unknown");
    expect((await recognize(sample, { language: "eng" })).text.trim()).toBe("CAPSULE SANDBOX 2026");
    expectNoPollution();
  });
});

describe("ocr stays offline", () => {
  it("loads language data from the installed package folder, never a URL, and keeps no cache", () => {
    const folder = languageFolder("eng")!;
    expect(folder).not.toBeNull();
    expect(isAbsolute(folder)).toBe(true);
    expect(folder).toMatch(/@tesseract\.js-data[\\/]eng[\\/]4\.0\.0_best_int$/);
    expect(existsSync(join(folder, "eng.traineddata.gz"))).toBe(true);
    const options = workerOptions(folder);
    expect(options.langPath).toBe(folder);
    expect(options.langPath).not.toMatch(/^[a-z]+:\/\//i);
    expect(options.cacheMethod).toBe("none");
    expect(options.gzip).toBe(true);
    // The worker script and the WASM core come from node_modules: no path or URL overrides.
    expect(options).not.toHaveProperty("workerPath");
    expect(options).not.toHaveProperty("corePath");
    expect(languageFolder("deu")).toBeNull();
  });

  it("writes no traineddata into the working directory or the package folder", async () => {
    await recognize(sample);
    expect(existsSync(join(process.cwd(), "eng.traineddata"))).toBe(false);
    expect(readdirSync(languageFolder("eng")!)).toEqual(["eng.traineddata.gz"]);
  });
});
