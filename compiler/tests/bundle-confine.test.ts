// The package boundary of an npm module's bundle (src/bundle/confine.ts): a dependency whose `main`, `exports`
// target, relative or absolute import, or symlink (of a file or of its whole folder) leads outside the pack and
// outside its own package folder is refused with manifest-path-escape naming the file, and the file's contents
// never reach the catalog; the layouts real installs use (hoisted dependencies, pnpm's store links) still compile.

import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { COMPILER_CODES, compile, type CompileResult } from "../src/index.js";
import { metafileProbe, tmp, writeTree } from "./helpers.js";

const SECRET = "OUTSIDE-THE-PACK-7f3a";

/** <tmp>/outside/secret.js (a file no pack owns) and an empty root <tmp>/root holding pack folder p. */
function layout(dep: Record<string, string>, extraDeps: Record<string, string> = {}): { base: string; root: string; pack: string } {
  const base = tmp();
  writeTree(path.join(base, "outside"), {
    "secret.js": `export const secret = ${JSON.stringify(SECRET)};\n`,
    "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "secret.js" }),
  });
  const root = path.join(base, "root");
  const pack = path.join(root, "p");
  writeTree(pack, {
    "package.json": JSON.stringify({ name: "@t/p", version: "1.0.0", dependencies: { dep: "1.0.0", ...extraDeps }, capsule: { modules: { ".": { kind: "guest", npm: "dep" } } } }),
  });
  writeTree(path.join(pack, "node_modules", "dep"), dep);
  return { base, root, pack };
}

const compileRoot = (root: string) => compile({ roots: [root], cacheDir: tmp(), probe: metafileProbe });

/** The catalog admitted nothing carrying the secret, and refused the pack's module naming the escaping file. */
function expectEscapeRefused(r: CompileResult, file: string): void {
  for (const m of r.catalog.modules) expect(readFileSync(m.sourcePath, "utf8")).not.toContain(SECRET);
  expect(r.catalog.modules).toEqual([]);
  expect(r.catalog.refused).toEqual([expect.objectContaining({ specifier: "@t/p", code: "manifest-path-escape" })]);
  const d = r.diagnostics.find((x) => x.code === "manifest-path-escape")!;
  expect(d.message).toContain(file);
  expect(d.details).toMatchObject({ file });
  expect(COMPILER_CODES["manifest-path-escape"].hint(d)).toContain(file);
}

describe("every resolved file stays inside the pack or its package's own folder", () => {
  test("a dependency whose `main` points outside the pack is refused", async () => {
    const { root } = layout({ "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "../../../../outside/secret.js" }) });
    expectEscapeRefused(await compileRoot(root), "../../outside/secret.js");
  });

  test("an `exports` target that is a symlink leaving the package is refused", async () => {
    const { root, pack } = layout({ "package.json": JSON.stringify({ name: "dep", version: "1.0.0", exports: { ".": "./entry.js" } }) });
    symlinkSync(path.join(root, "..", "outside", "secret.js"), path.join(pack, "node_modules", "dep", "entry.js"));
    expectEscapeRefused(await compileRoot(root), "../../outside/secret.js");
  });

  test("a `main` file that is a symlink to a file outside is refused", async () => {
    const { root, pack } = layout({ "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js" }) });
    symlinkSync("../../../../outside/secret.js", path.join(pack, "node_modules", "dep", "index.js"));
    expectEscapeRefused(await compileRoot(root), "../../outside/secret.js");
  });

  test("a dependency folder that is a symlink to a folder that is no node_modules package is refused", async () => {
    const { base, root, pack } = layout({});
    mkdirSync(path.join(pack, "node_modules"), { recursive: true });
    symlinkSync(path.join(base, "outside"), path.join(pack, "node_modules", "dep"));
    const r = await compileRoot(root);
    expectEscapeRefused(r, "../../outside/secret.js");
    expect(r.diagnostics.find((x) => x.code === "manifest-path-escape")!.message).toContain("is a symlink to");
  });

  test("a relative import leaving the dependency's folder, and an absolute one, are refused", async () => {
    const rel = layout({ "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js" }), "index.js": `export * from "../../../../outside/secret.js";\n` });
    expectEscapeRefused(await compileRoot(rel.root), "../../outside/secret.js");
    const abs = layout({ "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js" }) });
    writeFileSync(path.join(abs.pack, "node_modules/dep/index.js"), `export * from ${JSON.stringify(path.join(abs.base, "outside", "secret.js"))};\n`);
    expectEscapeRefused(await compileRoot(abs.root), "../../outside/secret.js");
  });

  test("a `browser` field that redirects the entry outside is not followed (only its `false` entries are honoured)", async () => {
    const { root } = layout({
      "package.json": JSON.stringify({ name: "dep", version: "1.0.0", main: "index.js", browser: { "./index.js": "../../../../outside/secret.js", "other": "../../../../outside/secret.js" } }),
      "index.js": `export const secret = "own file";\n`,
    });
    const r = await compileRoot(root);
    expect(r.catalog.refused).toEqual([]);
    expect(readFileSync(r.catalog.modules[0]!.sourcePath, "utf8")).not.toContain(SECRET);
  });

  test("a dependency hoisted to a parent node_modules, and one linked into a node_modules/<name> store folder (pnpm), compile", async () => {
    const base = tmp();
    writeTree(base, {
      "node_modules/hoisted/package.json": JSON.stringify({ name: "hoisted", version: "1.0.0", main: "index.js" }),
      "node_modules/hoisted/index.js": `export { linked } from "linked";\nexport const hoisted = 1;\n`,
      "node_modules/.pnpm/linked@1.0.0/node_modules/linked/package.json": JSON.stringify({ name: "linked", version: "1.0.0", main: "index.js" }),
      "node_modules/.pnpm/linked@1.0.0/node_modules/linked/index.js": `export const linked = 2;\n`,
      "root/p/package.json": JSON.stringify({ name: "@t/p", version: "1.0.0", dependencies: { hoisted: "1.0.0" }, capsule: { modules: { ".": { kind: "guest", npm: "hoisted" } } } }),
    });
    mkdirSync(path.join(base, "root/p/node_modules"), { recursive: true });
    symlinkSync(path.join(base, "node_modules/.pnpm/linked@1.0.0/node_modules/linked"), path.join(base, "node_modules/linked"));
    const r = await compileRoot(path.join(base, "root"));
    expect(r.catalog.refused).toEqual([]);
    expect(r.catalog.modules.map((m) => m.exports)).toEqual([["default", "hoisted", "linked"]]);
  });
});
