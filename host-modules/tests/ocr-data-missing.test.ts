// The OCR language data is an optional peer dependency: without it, recognize refuses with a named code whose
// message names the package to install (the real missing install is covered by tests/publish.test.ts).
import { describe, expect, it, vi } from "vitest";

vi.mock("../src/ocr/engine.js", async (original) => ({
  ...(await original<typeof import("../src/ocr/engine.js")>()),
  // As when @tesseract.js-data/eng cannot be resolved from host-modules.
  languageFolder: () => null,
}));

const { recognize } = await import("../src/ocr/index.js");
const { HOST_MODULE_CODES } = await import("../src/errors.js");

describe("ocr without its language data", () => {
  it("refuses with ocr-language-data-missing and names the package to install", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const error = await recognize(png).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).toBe("ocr-language-data-missing");
    expect(error?.message).toContain("npm install @tesseract.js-data/eng");
    expect(HOST_MODULE_CODES["ocr-language-data-missing"].hint).toMatch(/install/);
  });
});
