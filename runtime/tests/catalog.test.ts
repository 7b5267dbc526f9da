// Imports resolved against a catalog: allowed, admitted, digest-verified modules only.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CatalogLike } from "../src/index.js";
import { BRIDGE_DIGEST, BRIDGE_SOURCE } from "../src/bridge.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const entry = (specifier: string, pack: string, source: string) => ({ specifier, pack, sha256: sha(source), source });

const dir = mkdtempSync(join(tmpdir(), "capsule-catalog-"));
const onDisk = "export const fromDisk = true; export default 'disk';";
writeFileSync(join(dir, "disk.js"), onDisk);
const tamperedPath = join(dir, "tampered.js");
writeFileSync(tamperedPath, "export const evil = true;");

const catalog: CatalogLike = {
  modules: [
    entry("@t/counter", "@t/counter", "let n = 0; export function next() { return ++n; } export default { kind: 'counter' };"),
    entry("@t/counter/helpers", "@t/counter", "import { next } from '@t/counter'; export const twice = () => [next(), next()];"),
    entry("@t/other", "@t/other", "import '@t/counter'; export const x = 1;"),
    entry("@t/dyn", "@t/dyn", "export const load = (name) => import(name);"),
    entry("@t/hog", "@t/hog", "export const hog = () => { const a = []; for (;;) a.push(new Array(1e5).fill(1)); };"),
    { specifier: "@t/disk", pack: "@t/disk", sha256: sha(onDisk), sourcePath: join(dir, "disk.js") },
    { specifier: "@t/tampered", pack: "@t/tampered", sha256: sha("export const evil = false;"), sourcePath: tamperedPath },
  ],
};

const sandbox = useSandbox({ catalog });

describe("imports through a catalog", () => {
  it("resolve admitted modules, including intra-pack imports and sources read from disk", async () => {
    expect(await valueOf(sandbox, "import c from '@t/counter'; import { twice } from '@t/counter/helpers'; import d, { fromDisk } from '@t/disk'; return [c.kind, twice(), d, fromDisk]")).toEqual(["counter", [1, 2], "disk", true]);
  });

  it("give every run fresh module state (modules are preloaded into the snapshot)", async () => {
    const source = "import { next } from '@t/counter'; next(); next(); return next()";
    for (let i = 0; i < 3; i++) expect(await valueOf(sandbox, source)).toBe(3);
  });

  it("refuse a module that is not installed, naming it, before the guest starts", async () => {
    const result = await sandbox.run({ source: "console.log('started'); import x from '@t/missing'; return x" });
    expect(!result.ok && result.error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(!result.ok && result.error.message).toContain("@t/missing");
    expect(result.logs).toEqual([]);
  });

  it("refuse node builtins", async () => {
    const error = await errorOf(sandbox, "import fs from 'node:fs'; return 1");
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).toContain("node:fs");
  });

  it("refuse an installed module the run is not allowed", async () => {
    const error = await errorOf(sandbox, { source: "import c from '@t/counter'; return c", allow: ["@t/disk"] });
    expect(error.code).toBe("E_IMPORT_NOT_ALLOWED");
    expect(await valueOf(sandbox, { source: "import { fromDisk } from '@t/disk'; return fromDisk", allow: ["@t/disk"] })).toBe(true);
  });

  it("refuse an import across packs from inside a module", async () => {
    const error = await errorOf(sandbox, "import { x } from '@t/other'; return x");
    expect(error.code).toBe("E_IMPORT_REFUSED");
    expect(error.message).toMatch(/only its own pack/);
  });

  it("refuse a computed dynamic import in the guest and inside a module", async () => {
    expect((await errorOf(sandbox, "const name = '@t/' + 'counter'; return await import(name)")).code).toBe("E_DYNAMIC_IMPORT");
    expect((await errorOf(sandbox, "import { load } from '@t/dyn'; import '@t/counter'; return await load('@t/' + 'counter')")).code).toBe("E_IMPORT_REFUSED");
  });

  it("refuse a module whose source does not match its digest", async () => {
    const error = await errorOf(sandbox, "import { evil } from '@t/tampered'; return evil");
    expect(error.code).toBe("E_MODULE_TAMPERED");
  });

  it("warn on a drifted pin by default and refuse it in strict mode", async () => {
    const pins = { "@t/counter": "0".repeat(64) };
    const warned = await sandbox.run({ source: "import c from '@t/counter'; return c.kind", pins });
    expect(warned.ok && warned.value).toBe("counter");
    expect(warned.warnings).toEqual([{ code: "W_DIGEST_DRIFT", message: expect.stringContaining("@t/counter") }]);
    const strict = await sandbox.run({ source: "import c from '@t/counter'; return c.kind", pins, strictPins: true });
    expect(!strict.ok && strict.error.code).toBe("E_DIGEST_DRIFT");
    const matching = await sandbox.run({ source: "import c from '@t/counter'; return c.kind", pins: { "@t/counter": catalog.modules[0].sha256 }, strictPins: true });
    expect(matching.ok).toBe(true);
    expect(matching.warnings).toBeUndefined();
  });

  it("keep the preloaded snapshot intact after a run exhausts memory or is interrupted", async () => {
    const hog = await errorOf(sandbox, { source: "import { hog } from '@t/hog'; import { next } from '@t/counter'; next(); hog();", limits: { memoryBytes: 8 * 1024 * 1024 } });
    expect(hog.code).toBe("E_MEMORY");
    const loop = await errorOf(sandbox, { source: "import { hog } from '@t/hog'; import { next } from '@t/counter'; next(); while (true) {}", limits: { memoryBytes: 8 * 1024 * 1024, cpuMs: 50 } });
    expect(loop.code).toBe("E_CPU_TIME");
    expect(await valueOf(sandbox, { source: "import '@t/hog'; import { next } from '@t/counter'; return next()", limits: { memoryBytes: 8 * 1024 * 1024 } })).toBe(1);
  });
});

describe("the bridge module's recorded digest", () => {
  it("is the sha256 of its source (resolvers without hashing rely on it)", () => {
    expect(BRIDGE_DIGEST).toBe(sha(BRIDGE_SOURCE));
  });
});
