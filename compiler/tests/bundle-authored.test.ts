// Bundling authored (`source`) modules: sibling files bundle in; anything outside the pack (packages,
// builtins, absolute paths, .. escapes, node_modules, symlinks leaving the pack) is a named refusal
// before esbuild reads it; every authored file is capped.

import { symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, type CompileResult } from "../src/index.js";
import { importCompiled, metafileProbe, ROOTS, tmp, writeTree } from "./helpers.js";

function pack(files: Record<string, string>, source = "src/index.js"): { root: string; dir: string } {
  const root = tmp();
  const dir = path.join(root, "p");
  writeTree(dir, {
    "package.json": JSON.stringify({ name: "@t/a", version: "1.0.0", capsule: { modules: { ".": { kind: "guest", source } } } }),
    ...files,
  });
  return { root, dir };
}
const run = (root: string, limits = {}) => compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe, limits });
const outsideDetails = (r: CompileResult) =>
  r.diagnostics.filter((d) => d.code === "guest-module-import-outside-pack").map((d) => [d.details?.import, d.details?.why]);

describe("inside the pack", () => {
  test("sibling files are bundled in and the module works", async () => {
    const r = await compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: metafileProbe });
    const m = r.catalog.modules.find((x) => x.specifier === "@fx/good/text")!;
    expect(m.exports).toEqual(["default", "shout", "whisper"]);
    const mod = (await importCompiled(m.sourcePath)) as { shout: (s: string) => string };
    expect(mod.shout("hi")).toBe("HI!");
  });

  test("TypeScript sources and a symlink that stays inside the pack are fine", async () => {
    const { root, dir } = pack({ "src/index.ts": `import { n } from "./real/n.js";\nexport const twice: number = n * 2;`, "src/real/n.js": "export const n = 21;" }, "src/index.ts");
    symlinkSync(path.join(dir, "src/real"), path.join(dir, "src/alias"));
    writeFileSync(path.join(dir, "src/index.ts"), `import { n } from "./alias/n.js";\nexport const twice: number = n * 2;`);
    const r = await run(root);
    expect(r.catalog.refused).toEqual([]);
    expect((await importCompiled(r.catalog.modules[0]!.sourcePath)).twice).toBe(42);
  });
});

describe("esbuild's warnings", () => {
  test("a warning of a real bundle is npm-module-bundle-warning with its file and line; the module is still admitted, and a warm compile keeps it", async () => {
    const { root } = pack({
      "src/index.js": `import { pick } from "./util.js";\nexport const config = pick();\n`,
      "src/util.js": `export function pick() {\n  return { mode: "a", retries: 1, mode: "b" };\n}\n`,
    });
    const cacheDir = tmp();
    const first = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(first.catalog.modules.map((m) => m.specifier)).toEqual(["@t/a"]);
    const warnings = first.diagnostics.filter((d) => d.code === "npm-module-bundle-warning");
    expect(warnings).toEqual([
      expect.objectContaining({ severity: "warning", specifier: "@t/a", file: "src/util.js", line: 2, message: expect.stringContaining('Duplicate key "mode"') }),
    ]);
    const warm = await compile({ roots: [root], cacheDir, probe: metafileProbe });
    expect(warm.stats.cached).toBe(1);
    expect(warm.diagnostics.filter((d) => d.code === "npm-module-bundle-warning")).toEqual(warnings);
  });
});

describe("outside the pack is refused, naming each import", () => {
  test("a package, a builtin and a .. escape (fixture @fx/refusals/outside)", async () => {
    const r = await compile({ roots: [path.join(ROOTS, "main")], cacheDir: tmp(), probe: metafileProbe });
    const ref = r.catalog.refused.find((x) => x.specifier === "@fx/refusals/outside")!;
    expect(ref.code).toBe("guest-module-import-outside-pack");
    expect(outsideDetails(r)).toEqual([
      ["fast-deep-equal", "is a package or URL, not a file of the pack"],
      ["fs", "is a Node builtin"],
      ["../../good/src/util.js", "leaves the pack folder"],
    ]);
  });

  test("node: builtins, absolute paths, URLs and node_modules files", async () => {
    const abs = path.join(tmp(), "abs.js");
    const { root } = pack({
      "src/index.js": [
        `import "node:crypto";`,
        `import ${JSON.stringify(abs)};`,
        `import "data:text/javascript,export default 1";`,
        `import "../node_modules/dep/index.js";`,
      ].join("\n"),
      "node_modules/dep/index.js": "export default 1;",
    });
    const r = await run(root);
    expect(r.catalog.refused.map((x) => x.code)).toEqual(["guest-module-import-outside-pack"]);
    expect(outsideDetails(r).map(([, why]) => why)).toEqual([
      "is a Node builtin",
      "is an absolute path",
      "is a package or URL, not a file of the pack",
      "points into node_modules (declare an `npm` module instead)",
    ]);
    expect(outsideDetails(r).map(([imp]) => imp)).toEqual(["node:crypto", abs, "data:text/javascript,export default 1", "../node_modules/dep/index.js"]);
  });

  test("a sibling that is a symlink leaving the pack is refused before it is read", async () => {
    const outside = path.join(tmp(), "secret.js");
    writeFileSync(outside, "export const secret = 'host file';");
    const { root, dir } = pack({ "src/index.js": `export { secret } from "./secret.js";` });
    symlinkSync(outside, path.join(dir, "src/secret.js"));
    const r = await run(root);
    expect(r.catalog.modules).toEqual([]);
    expect(outsideDetails(r)).toEqual([["./secret.js", "is a symlink whose target leaves the pack folder"]]);
  });

  test("an unresolvable sibling is npm-module-unresolved", async () => {
    const { root } = pack({ "src/index.js": `export { x } from "./missing.js";` });
    const r = await run(root);
    expect(r.catalog.refused).toEqual([
      expect.objectContaining({ code: "npm-module-unresolved", message: expect.stringContaining(`"./missing.js" (imported by src/index.js)`) }),
    ]);
  });
});

describe("authored file cap", () => {
  test("the entry or any sibling over AUTHORED_FILE_MAX_BYTES is refused naming the file", async () => {
    const { root } = pack({ "src/index.js": `export { big } from "./big.js";`, "src/big.js": `export const big = "${"x".repeat(3000)}";` });
    const r = await run(root, { AUTHORED_FILE_MAX_BYTES: 2048 });
    expect(r.catalog.refused.map((x) => x.code)).toEqual(["guest-module-file-too-large"]);
    const d = r.diagnostics.find((x) => x.code === "guest-module-file-too-large")!;
    expect(d.file).toBe("src/big.js");
    expect(d.details).toMatchObject({ limit: 2048 });
    const fine = await run(root);
    expect(fine.catalog.refused).toEqual([]);
  });
});
