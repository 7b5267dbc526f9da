// Set images: a fresh engine instance of a module set restores the whole template, its modules already evaluated,
// from the image the first template of that set saved, and is then exactly a preloaded template (exports, module
// state fresh per run, the bridge sealed); a set whose sources or links changed is not served from the old image,
// a set whose preload failed or met a limit is never imaged, and an intact image a template refused is not overwritten.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareInstance, templateFor } from "../src/instances.js";
import { provideEngine } from "../src/engine-powers.js";
import { imageFiles, nodeEngine } from "../src/node-engine.js";
import { decodeImage, encodeImage } from "../src/template-image.js";
import type { EngineTemplate, PreloadSet } from "../src/template.js";
import { createSandbox } from "../src/index.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-set-images-"));
const node = nodeEngine({ imageDir: dir });
/** Put before the lazy guest file "url" (its last value is what it gives): a runtime whose url file changed, all else the same. */
let urlChange = "";
provideEngine({ ...node, guestSource: (name) => (name === "url" ? urlChange : "") + node.guestSource(name) });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MEMORY = 64 * 1024 * 1024;
/** Each module-set key is an instance of its own (the image's key does not name it): a new key is a fresh instance. */
let nextKey = 0;
const fresh = (set: PreloadSet) => templateFor(MEMORY, `set ${nextKey++}`, set);

const COUNTER = "export let count = 0;\nexport function bump() { return ++count; }\nglobalThis.loads = (globalThis.loads ?? 0) + 1;\n";
/** A module set as run-task.ts makes one; `meters` counts the preloads that started (each asks for the run's meter). */
function setOf(modules: Record<string, string>, links: Record<string, string> = {}, spent = () => false) {
  const set = {
    modules, links, facades: [] as string[], memoryBytes: MEMORY, stackBytes: 1024 * 1024, cancelled: () => false, meters: 0,
    meter() {
      set.meters++;
      return { slice: <T>(work: () => T) => work(), spent };
    },
  };
  return set;
}

/** One run on `template`: imports `m` (linked, never loaded: it must be in the template already) and reports. */
function runIn(template: EngineTemplate, code: string): unknown {
  template.begin({
    shouldInterrupt: () => false,
    loadModule: (name) => ({ error: new Error(`"${name}" was loaded by a run, not preloaded`) }),
    linkModule: (_base, requested) => requested,
    hostCall: () => undefined,
    bridgeCall: () => undefined,
    log: () => undefined,
  });
  try {
    const loaded = template.ctx.evalCode(code, "main.js", { type: "module" });
    if (loaded.error) {
      const error = template.ctx.dump(loaded.error);
      loaded.error.dispose();
      throw new Error(JSON.stringify(error));
    }
    loaded.value.dispose();
    const result = template.ctx.evalCode("JSON.stringify(globalThis.result)", "read.js", { type: "global" });
    const value = JSON.parse(template.ctx.dump(result.value ?? result.error!) as string);
    (result.value ?? result.error!).dispose();
    return value;
  } finally {
    template.end();
  }
}
const BUMPS = `import { bump, count } from "m";\nglobalThis.result = [bump(), bump(), count, globalThis.loads, typeof globalThis.__capsule_bridge];`;

const images = () => new Set(readdirSync(dir).filter((name) => name.endsWith(".image")));
/** The image files `build` saved (beyond those already there). */
async function savedBy<T>(build: () => Promise<T>): Promise<{ value: T; saved: string[] }> {
  const before = images();
  const value = await build();
  return { value, saved: [...images()].filter((name) => !before.has(name)) };
}

describe("set images", () => {
  it("are saved by the first template of a set, and restore a fresh instance of it as the preloaded template, unevaluated", async () => {
    const set = setOf({ m: COUNTER });
    const { value: built, saved } = await savedBy(() => fresh(set));
    expect([built.origin, built.preloaded, set.meters]).toEqual(["built", true, 1]);
    expect(saved).toHaveLength(2); // the prelude's and the set's
    const restored = await fresh(set);
    expect([restored.origin, restored.preloaded, restored.preloadLimit, set.meters]).toEqual(["set image", true, undefined, 1]);
    // The same handles, and a guest that cannot tell: exports, the module evaluated once, its state fresh per run, sealed.
    expect([restored.configure.value, restored.seal.value, restored.provideInputs.value]).toEqual([built.configure.value, built.seal.value, built.provideInputs.value]);
    expect(runIn(built, BUMPS)).toEqual([1, 2, 2, 1, "undefined"]);
    for (let run = 0; run < 2; run++) expect(runIn(restored, BUMPS)).toEqual([1, 2, 2, 1, "undefined"]);
  });

  it("restore onto an instance prepared before its task (a one-shot worker's), which serves one template only", async () => {
    const set = setOf({ m: COUNTER });
    await fresh(set);
    const limit = MEMORY + 64 * 1024;
    prepareInstance(limit);
    const sized = { ...set, memoryBytes: limit };
    const first = await templateFor(limit, "prepared a", sized);
    const second = await templateFor(limit, "prepared b", sized);
    expect([first.origin, second.origin]).toEqual(["image", "set image"]); // the first saved this limit's set image
    expect(runIn(first, BUMPS)).toEqual([1, 2, 2, 1, "undefined"]);
    expect(runIn(second, BUMPS)).toEqual([1, 2, 2, 1, "undefined"]);
  });

  it("are not used for a set whose module source changed (a new image is saved for it)", async () => {
    await fresh(setOf({ m: COUNTER }));
    const changed = setOf({ m: COUNTER.replace("count = 0", "count = 100") });
    const { value: template, saved } = await savedBy(() => fresh(changed));
    expect([template.origin, changed.meters]).toEqual(["image", 1]); // the prelude's image, the set evaluated
    expect(saved).toHaveLength(1);
    expect(runIn(template, BUMPS)).toEqual([101, 102, 102, 1, "undefined"]);
    expect((await fresh(changed)).origin).toBe("set image");
  });

  it("are not used for a set whose links changed", async () => {
    const modules = { m: 'export { value as count } from "dep";\nexport const bump = () => 0;', a: "export const value = 'a';", b: "export const value = 'b';" };
    const toA = setOf(modules, { "m\0dep": "a" });
    await fresh(toA);
    expect((await fresh(toA)).origin).toBe("set image");
    const toB = setOf(modules, { "m\0dep": "b" });
    const template = await fresh(toB);
    expect(template.origin).toBe("image");
    expect(runIn(template, `import { count } from "m";\nglobalThis.result = count;`)).toBe("b");
  });

  it("are not used for a set whose facades changed (they load before the bridge is sealed)", async () => {
    const modules = { m: "export const count = typeof globalThis.__capsule_bridge;\nexport const bump = () => 0;" };
    const plain = setOf(modules);
    await fresh(plain);
    expect((await fresh(plain)).origin).toBe("set image");
    const facade = { ...setOf(modules), facades: ["m"] };
    const template = await fresh(facade);
    expect(template.origin).toBe("image");
    const saw = runIn(template, `import { count } from "m";\nglobalThis.result = [count, typeof globalThis.__capsule_bridge];`);
    expect(saw).toEqual([expect.not.stringMatching(/^undefined$/), "undefined"]);
    // Restored, the facade set is as the build left it: the facade saw the bridge, which is sealed for the run.
    const restored = await fresh(facade);
    expect(restored.origin).toBe("set image");
    expect(runIn(restored, `import { count } from "m";\nglobalThis.result = [count, typeof globalThis.__capsule_bridge];`)).toEqual(saw);
  });

  it("are not used once a lazy guest file a module evaluated as it loaded changed", async () => {
    const set = setOf({ m: 'export const count = new URL("https://a.example/p").pathname;\nexport const bump = () => 0;' });
    await fresh(set);
    expect((await fresh(set)).origin).toBe("set image");
    urlChange = "globalThis.urlChanged = true;\n";
    try {
      const template = await fresh(set);
      expect(template.origin).toBe("image");
      expect(runIn(template, `import { count } from "m";\nglobalThis.result = [count, globalThis.urlChanged];`)).toEqual(["/p", true]);
    } finally {
      urlChange = "";
    }
  });

  it("are never saved for a set that met its load budget, caught the interrupt and loaded anyway, or threw", async () => {
    const spins = setOf({ m: "let i = 0;\nwhile (i < 1e9) i++;\nexport default i;" }, {}, () => true);
    const caught = setOf({ m: "try { for (;;) {} } catch {}\nexport default 1;" }, {}, () => true);
    const throws = setOf({ m: "throw new Error('no');" });
    for (const set of [spins, caught, throws]) {
      const { value: template, saved } = await savedBy(() => fresh(set));
      expect(template.preloaded).toBe(false);
      expect(saved).toEqual([]);
    }
    expect([(await fresh(spins)).preloadLimit, (await fresh(caught)).preloadLimit, (await fresh(throws)).preloadLimit]).toEqual(["cpu", "cpu", undefined]);
  });

  it("are not used when damaged, and saved again; an intact one a template refused is not overwritten", async () => {
    const set = setOf({ m: COUNTER.replace("count = 0", "count = 7") });
    const [file] = (await savedBy(() => fresh(set))).saved;
    const path = join(dir, file!);
    const bytes = readFileSync(path);
    bytes[bytes.length - 1000] ^= 0xff;
    writeFileSync(path, bytes);
    expect((await fresh(set)).origin).toBe("image");
    expect((await fresh(set)).origin).toBe("set image");
    const files = imageFiles(dir);
    const key = file!.slice(0, -".image".length);
    const image = decodeImage(files.load(key)!)!;
    const other = encodeImage({ ...image, fingerprint: image.fingerprint.map((word, i) => (i === 1 ? word + 8 : word)) });
    files.save(key, other);
    const longAgo = new Date(Date.UTC(2020, 0, 1));
    utimesSync(path, longAgo, longAgo);
    const refused = await fresh(set);
    expect([refused.origin, refused.preloaded]).toEqual(["image", true]);
    expect(Buffer.from(files.load(key)!).equals(Buffer.from(other))).toBe(true);
    // Refused, it is not counted as used (so a directory's bound can age it out); applied, it is.
    expect(statSync(path).mtimeMs).toBe(longAgo.getTime());
    files.save(key, encodeImage(image));
    utimesSync(path, longAgo, longAgo);
    expect((await fresh(set)).origin).toBe("set image");
    expect(statSync(path).mtimeMs).toBeGreaterThan(longAgo.getTime());
  });

  it("give a sandbox's workers the same runs as evaluating the set does, and never an old source's under a stale digest", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "capsule-engine-cache-"));
    // The resolver claims one digest whatever the source: the image must follow the source, not the claim.
    const resolverOf = (start: number) => ({ resolve: (specifier: string) => (specifier === "@t/counter" ? { specifier, source: COUNTER.replace("count = 0", `count = ${start}`), digest: "0".repeat(64) } : undefined) });
    const request = { source: `import { bump } from "@t/counter";\nreturn [bump(), bump(), globalThis.loads, Math.random()];`, seed: 3 };
    const runIn = async (start: number, engineCacheDir?: string) => {
      const sandbox = createSandbox({ maxWorkers: 1, resolver: resolverOf(start), ...(engineCacheDir ? { engineCacheDir } : {}) });
      try {
        const results = [];
        for (let i = 0; i < 2; i++) {
          const result = await sandbox.run(request);
          if (!result.ok) throw new Error(result.error.message);
          results.push(result.value);
        }
        return results;
      } finally {
        await sandbox.close();
      }
    };
    try {
      const plain = await runIn(0);
      expect(await runIn(0, cacheDir)).toEqual(plain); // builds, saves
      expect(readdirSync(cacheDir).filter((name) => name.endsWith(".image"))).toHaveLength(2);
      expect(await runIn(0, cacheDir)).toEqual(plain); // restores
      expect((await runIn(40, cacheDir)).map((value) => (value as number[])[0])).toEqual([41, 41]);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});
