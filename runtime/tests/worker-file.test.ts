// The pool's default worker file (worker-file.ts): the one-file bundle scripts/bundle.mjs makes, only while it is
// current; missing, or older than the package's last tsc build, the pool loads tsc's dist/worker.js instead (a worker
// never runs code older than the build). And the bundle the build made is a worker that runs guests.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../src/index.js";
import { defaultWorkerFile } from "../src/worker-file.js";

/** A package folder with the given files, each at the given age in seconds. */
function packageWith(files: Record<string, number>): URL {
  const root = mkdtempSync(join(tmpdir(), "capsule-worker-file-"));
  mkdirSync(join(root, "dist"));
  for (const [name, ageS] of Object.entries(files)) {
    writeFileSync(join(root, name), "");
    const at = new Date(Date.now() - ageS * 1000);
    utimesSync(join(root, name), at, at);
  }
  return pathToFileURL(`${root}/`);
}

describe("the pool's default worker file", () => {
  it("is dist/worker.js when there is no bundle", () => {
    const root = packageWith({ "dist/worker.js": 10, "tsconfig.tsbuildinfo": 10 });
    expect(defaultWorkerFile(root)).toBe(new URL("dist/worker.js", root).href);
  });

  it("is the bundle when it was made after the last tsc build", () => {
    const root = packageWith({ "dist/worker.js": 10, "tsconfig.tsbuildinfo": 10, "dist/worker.bundle.js": 5 });
    expect(defaultWorkerFile(root)).toBe(new URL("dist/worker.bundle.js", root).href);
  });

  it("is dist/worker.js when tsc built after the bundle was made (a stale bundle)", () => {
    const root = packageWith({ "dist/worker.js": 5, "tsconfig.tsbuildinfo": 5, "dist/worker.bundle.js": 10 });
    expect(defaultWorkerFile(root)).toBe(new URL("dist/worker.js", root).href);
  });

  it("is the bundle of a package installed from npm (no tsbuildinfo to compare)", () => {
    const root = packageWith({ "dist/worker.js": 10, "dist/worker.bundle.js": 10 });
    expect(defaultWorkerFile(root)).toBe(new URL("dist/worker.bundle.js", root).href);
  });
});

describe("the built worker bundle", () => {
  // Made by `pnpm build` (scripts/bundle.mjs) beside dist/worker.js, so its ../guest/ scripts resolve as worker.js's do.
  const sandbox = createSandbox({ maxWorkers: 1, workerFile: new URL("../dist/worker.bundle.js", import.meta.url).href });
  afterAll(() => sandbox.close());

  it("runs a guest, with the engine's WASM and the lazily read guest scripts (URL, TextEncoder) found from dist/", async () => {
    const result = await sandbox.run({ source: "const d = new Date(0); return [1 + 1, d.getHours(), new URL(\"https://a.example/b?c=1\").searchParams.get(\"c\"), new TextEncoder().encode(\"é\").length]", now: "2026-01-01T00:00:00Z" });
    expect(result.ok && result.value).toEqual([2, 0, "1", 2]);
  }, 120_000);
});
