// Template image files (node-engine.ts imageFiles): every module set has an image of its own, so a directory keeps at
// most MAX_IMAGE_FILES of them, removing the least recently used (applied, not merely loaded), never the one just saved, and
// none larger than MAX_IMAGE_BYTES.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imageFiles, MAX_IMAGE_BYTES, MAX_IMAGE_FILES } from "../src/node-engine.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-image-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const names = () => readdirSync(dir).filter((name) => name.endsWith(".image")).sort();

describe("template image files", () => {
  it("keep at most MAX_IMAGE_FILES, removing the least recently used, an applied one counting as used", () => {
    const files = imageFiles(dir);
    const hour = 3_600_000;
    for (let i = 0; i < MAX_IMAGE_FILES; i++) {
      files.save(`k${i}`, new Uint8Array([i, 1, 2, 3]));
      // Saved an hour apart, oldest first: the order does not hang on the file system's clock resolution.
      const at = new Date(Date.now() - (MAX_IMAGE_FILES - i) * hour);
      utimesSync(join(dir, `k${i}.image`), at, at);
    }
    expect(names()).toHaveLength(MAX_IMAGE_FILES);
    files.used!("k0"); // k0 is now the most recently used
    expect([...files.load("k1")!]).toEqual([1, 1, 2, 3]); // loading (an image then refused, say) is no use
    files.save("new", new Uint8Array([9]));
    expect(names()).toHaveLength(MAX_IMAGE_FILES);
    expect(names()).not.toContain("k1.image");
    expect(names()).toEqual(expect.arrayContaining(["k0.image", "k2.image", "new.image"]));
    expect(readdirSync(dir).some((name) => name.endsWith(".tmp"))).toBe(false);
  });

  it("never remove the image just saved, whatever the clock says of the others", () => {
    const own = mkdtempSync(join(dir, "future-"));
    const files = imageFiles(own);
    for (let i = 0; i < MAX_IMAGE_FILES; i++) {
      files.save(`k${i}`, new Uint8Array([i]));
      const at = new Date(Date.now() + (i + 1) * 3_600_000); // written by a machine whose clock runs ahead
      utimesSync(join(own, `k${i}.image`), at, at);
    }
    files.save("new", new Uint8Array([9]));
    const left = readdirSync(own);
    expect(left).toHaveLength(MAX_IMAGE_FILES);
    expect(left).toContain("new.image");
    expect(left).not.toContain("k0.image");
  });

  it("never save an image larger than MAX_IMAGE_BYTES", () => {
    const own = mkdtempSync(join(dir, "large-"));
    const files = imageFiles(own);
    files.save("large", new Uint8Array(MAX_IMAGE_BYTES + 1));
    files.save("fits", new Uint8Array(MAX_IMAGE_BYTES));
    expect(readdirSync(own).sort()).toEqual(["fits.image"]);
    expect(files.load("fits")!.byteLength).toBe(MAX_IMAGE_BYTES);
  });
});
