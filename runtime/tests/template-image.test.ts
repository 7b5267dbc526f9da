// Template images: a fresh engine instance restores the prelude's state from a saved image instead of evaluating the
// guest scripts, and behaves exactly as one that evaluated them; an image that is damaged or was made from a start that
// differs is not used.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { templateFor } from "../src/instances.js";
import { provideEngine } from "../src/engine-powers.js";
import { imageFiles, nodeEngine } from "../src/node-engine.js";
import { decodeImage, encodeImage } from "../src/template-image.js";
import { evalInRun } from "./helpers/template-eval.js";
import { createSandbox } from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-images-"));
provideEngine(nodeEngine({ imageDir: dir }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each memory limit is an instance of its own: a new limit is a fresh instance, which may restore the image. */
let nextLimit = 48 * 1024 * 1024;
const freshTemplate = () => templateFor((nextLimit += 64 * 1024));

// What a guest can see of its start: every global and its shape, the preloaded files working, the lazy ones loading.
const SURFACE = `JSON.stringify([
  Reflect.ownKeys(globalThis).map(String).sort(),
  Object.getOwnPropertyNames(Object.prototype).sort(), Object.getOwnPropertyNames(Array.prototype).sort(),
  typeof eval, typeof console.log, new TextEncoder().encode("hé ✓").join(), new TextDecoder().decode(new Uint8Array([104, 105])),
  new Intl.NumberFormat("en-US").format(1234.5), new URL("https://a.example/b?c=1").searchParams.get("c"),
  String(new Date(0)), [3, 1, 2].sort(), JSON.stringify({ a: [1, { b: 2 }] }),
])`;

const imageFile = () => {
  const files = readdirSync(dir).filter((name) => name.endsWith(".image"));
  expect(files).toHaveLength(1);
  return { path: join(dir, files[0]!), key: files[0]!.slice(0, -".image".length) };
};

describe("template images", () => {
  it("are saved by the first template built, and restored by fresh instances, which behave as built ones", async () => {
    const built = await freshTemplate();
    expect(built.origin).toBe("built");
    const { path } = imageFile();
    const restored = await freshTemplate();
    expect(restored.origin).toBe("image");
    expect(readFileSync(path).length).toBeGreaterThan(100_000);
    const surface = evalInRun(built, SURFACE);
    expect(evalInRun(restored, SURFACE)).toBe(surface);
    // A restored template forgets a run as a built one does.
    evalInRun(restored, "globalThis.leak = 1; Object.prototype.polluted = true; Array.prototype.sort = null; 1");
    expect(evalInRun(restored, SURFACE)).toBe(surface);
    expect(evalInRun(restored, "[typeof leak, typeof ({}).polluted].join()")).toBe("undefined,undefined");
  });

  it("are not used when their checksum does not match, and are then saved again", async () => {
    const { path } = imageFile();
    const bytes = readFileSync(path);
    bytes[bytes.length - 1000] ^= 0xff; // inside the memory segments: the image would still decode
    writeFileSync(path, bytes);
    expect((await freshTemplate()).origin).toBe("built");
    expect((await freshTemplate()).origin).toBe("image");
  });

  it("are not used by an instance whose start differs from the one they were made from, nor overwritten by it", async () => {
    const { key } = imageFile();
    const files = imageFiles(dir);
    const image = decodeImage(files.load(key)!)!;
    const other = { ...image, fingerprint: image.fingerprint.map((word, i) => (i === 1 ? word + 8 : word)) };
    files.save(key, encodeImage(other));
    expect((await freshTemplate()).origin).toBe("built");
    expect(decodeImage(files.load(key)!)!.fingerprint).toEqual(other.fingerprint);
    files.save(key, encodeImage(image));
    expect((await freshTemplate()).origin).toBe("image");
  });

  it("are refused whole when truncated, padded or of another format", () => {
    const { key } = imageFile();
    const bytes = imageFiles(dir).load(key)!;
    expect(decodeImage(bytes)).toBeDefined();
    expect(decodeImage(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(decodeImage(new Uint8Array([...bytes, 0]))).toBeUndefined();
    const otherFormat = new Uint8Array(bytes);
    otherFormat[4] ^= 0x7f;
    expect(decodeImage(otherFormat)).toBeUndefined();
  });

  it("give a sandbox's workers the same guest as building the template does", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "capsule-engine-cache-"));
    const request = {
      source: `console.log("start", new Date().toISOString());
        const answer = await h.twice(21);
        return { answer, random: Math.random(), text: new TextEncoder().encode("✓").length, inputs, money: new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(3.5) };`,
      hostFunctions: { h: { twice: (n: number) => n * 2 } },
      inputs: { x: [1, 2] },
      seed: 7,
      now: Date.UTC(2026, 0, 2),
    };
    const runIn = async (engineCacheDir?: string) => {
      const sandbox = createSandbox({ maxWorkers: 1, ...(engineCacheDir ? { engineCacheDir } : {}) });
      try {
        const result = await sandbox.run(request);
        if (!result.ok) throw new Error(result.error.message);
        return { value: result.value, logs: result.logs };
      } finally {
        await sandbox.close();
      }
    };
    try {
      const plain = await runIn();
      expect(await runIn(cacheDir)).toEqual(plain); // builds, saves
      expect(readdirSync(cacheDir).filter((name) => name.endsWith(".image"))).toHaveLength(1);
      expect(await runIn(cacheDir)).toEqual(plain); // restores
      expect((plain.value as { answer: number }).answer).toBe(42);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});
