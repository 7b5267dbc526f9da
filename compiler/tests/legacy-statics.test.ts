// A dependency that reads the legacy RegExp statics (RegExp.$1, rightContext, …; showdown does) is bundled with the
// call that turns them on (the runtime's legacy-statics.ts, appended by the compiler's loader), so in a guest it
// returns what it returns in Node; the call is appended, so the file stays strict code. Fixture: roots/legacy-statics.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createSandbox } from "@capsule/runtime";
import { expect, test } from "vitest";
import { compileWithSandbox } from "../src/index.js";
import { ROOTS, tmp } from "./helpers.js";

const PACK = path.join(ROOTS, "legacy-statics", "pack");

test("a dependency reading RegExp.$1 and RegExp.rightContext returns in a guest what it returns in Node, and stays strict", async () => {
  const result = await compileWithSandbox({ roots: [path.join(ROOTS, "legacy-statics")], cacheDir: tmp() });
  const m = result.catalog.modules.find((x) => x.specifier === "@fx/legacy-statics");
  expect(m, JSON.stringify(result.catalog.refused)).toBeDefined();
  const source = readFileSync(m!.sourcePath, "utf8");
  expect(source).toContain("capsule.regexp-legacy-statics"); // the hook call (LEGACY_STATICS_HOOK), minified
  const native = createRequire(path.join(PACK, "package.json"))("legacy-regexp-lib") as { pairs(s: string): string[][]; strict: boolean };
  const text = "a=1, b=two; c=3";
  const sandbox = createSandbox({ maxWorkers: 1 });
  try {
    const run = await sandbox.run<unknown>({
      source: `import lib from "@fx/legacy-statics"; return { pairs: lib.pairs(${JSON.stringify(text)}), strict: lib.strict };`,
      resolver: { resolve: (s) => (s === m!.specifier ? { specifier: s, source } : undefined) },
    });
    expect(run).toMatchObject({ ok: true, value: { pairs: native.pairs(text), strict: native.strict } });
    expect(native.pairs(text)).toEqual([["a", "1"], ["b", "two"], ["c", "3"]]);
  } finally {
    await sandbox.close();
  }
}, 120_000);
