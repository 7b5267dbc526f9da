// Discovery: which folders are packs, scoped folders, refusal entries instead of throws, shadowing across
// roots, size caps, symlink escapes and SKILL.md summaries. Discovery reads files; it never runs them.

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { discoverPacks, LIMITS, type DiscoveryResult } from "../src/index.js";
import { copyRoot, ROOTS, tmp } from "./helpers.js";

const names = (r: DiscoveryResult) => r.packs.map((p) => p.name);
const refusedBy = (r: DiscoveryResult, name: string) => r.refused.find((p) => p.name === name || p.location.endsWith(name));

function writePack(root: string, folder: string, pkg: Record<string, unknown>, files: Record<string, string | Buffer> = {}): string {
  const dir = path.join(root, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    writeFileSync(path.join(dir, f), body);
  }
  return dir;
}
const guestPack = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  version: "1.0.0",
  capsule: { modules: { ".": { kind: "guest", source: "index.js" } }, ...extra },
});

describe("what is a pack", () => {
  test("child folders and @scope/child folders with a capsule field; others are ignored silently", async () => {
    const r = await discoverPacks({ roots: [path.join(ROOTS, "invalid")] });
    expect(names(r)).toEqual(["@fx/scoped-ok"]);
    const locations = [...r.packs, ...r.refused].map((p) => path.basename(p.location));
    expect(locations).not.toContain("plain-npm");
    expect(locations).not.toContain("no-package-json");
    expect(locations).not.toContain(".hidden");
  });

  test("every invalid pack is a refusal entry with its code (never a throw)", async () => {
    const r = await discoverPacks({ roots: [path.join(ROOTS, "invalid")] });
    const codes = Object.fromEntries(r.refused.map((p) => [path.basename(p.location), p.code]));
    expect(codes).toEqual({
      "bad-json": "manifest-unreadable",
      "bad-schema": "manifest-invalid",
      reserved: "manifest-reserved-name",
      duplicate: "manifest-duplicate-module",
      escape: "manifest-path-escape",
      "not-dependency": "manifest-npm-not-dependency",
      "missing-file": "pack-file-missing",
    });
    const badSchema = refusedBy(r, "@fx/bad-schema")!;
    expect(badSchema.declaredSubpaths).toEqual(["./x", "./y", "./z", "./w"]);
    expect(badSchema.diagnostics.map((d) => d.path)).toEqual(
      expect.arrayContaining(["version", "capsule.extra", "capsule.modules['./x'].kind", "capsule.modules['./y']", "capsule.modules['./z'].host"]),
    );
    expect(r.diagnostics.filter((d) => d.severity === "error").length).toBeGreaterThanOrEqual(r.refused.length);
    expect(r.diagnostics.every((d) => d.location !== undefined)).toBe(true);
  });

  test("a missing root is a warning, not a failure", async () => {
    const r = await discoverPacks({ roots: ["/nonexistent/capsule-root", path.join(ROOTS, "shadow-a")] });
    expect(names(r)).toEqual(["@fx/shadow"]);
    expect(r.diagnostics).toEqual([expect.objectContaining({ code: "root-unreadable", severity: "warning" })]);
  });

  test("a pack folder that is a symlink (pnpm layout) is followed; its real path becomes the root", async () => {
    const root = tmp();
    const real = writePack(tmp(), "store/pk", guestPack("@fx/linked"), { "index.js": "export const a = 1;" });
    mkdirSync(path.join(root, "@fx"));
    symlinkSync(real, path.join(root, "@fx", "linked"));
    const r = await discoverPacks({ roots: [root] });
    expect(names(r)).toEqual(["@fx/linked"]);
    expect(r.packs[0]!.root).toBe(real);
    expect(r.packs[0]!.location).toBe(path.join(root, "@fx", "linked"));
  });
});

describe("shadowing", () => {
  test("a later root shadows an earlier one, and the shadowing is reported naming both", async () => {
    const a = path.join(ROOTS, "shadow-a");
    const b = path.join(ROOTS, "shadow-b");
    const r = await discoverPacks({ roots: [a, b] });
    expect(r.packs.map((p) => [p.name, p.version, p.rootIndex])).toEqual([["@fx/shadow", "2.0.0", 1]]);
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: "pack-shadowed",
        severity: "warning",
        pack: "@fx/shadow",
        details: expect.objectContaining({ winner: path.join(b, "@fx", "shadow"), shadowed: path.join(a, "shadow") }),
      }),
    ]);
    const reversed = await discoverPacks({ roots: [b, a] });
    expect(reversed.packs[0]!.version).toBe("1.0.0");
  });

  test("a broken pack in a later root still shadows (it is reported, not silently skipped)", async () => {
    const later = tmp();
    writePack(later, "shadow", { name: "@fx/shadow", version: "9.0.0", capsule: { modules: { ".": { kind: "bogus" } } } });
    const r = await discoverPacks({ roots: [path.join(ROOTS, "shadow-a"), later] });
    expect(r.packs).toEqual([]);
    expect(r.refused.map((p) => [p.name, p.code])).toEqual([["@fx/shadow", "manifest-invalid"]]);
    expect(r.diagnostics.map((d) => d.code)).toContain("pack-shadowed");
  });

  test("two folders of one root with the same name: the first is kept, the second refused", async () => {
    const root = tmp();
    writePack(root, "aaa", guestPack("@fx/twin"), { "index.js": "export const a = 1;" });
    writePack(root, "bbb", guestPack("@fx/twin"), { "index.js": "export const b = 1;" });
    const r = await discoverPacks({ roots: [root] });
    expect(r.packs.map((p) => path.basename(p.location))).toEqual(["aaa"]);
    expect(r.refused.map((p) => [path.basename(p.location), p.code])).toEqual([["bbb", "pack-duplicate-name"]]);
  });
});

describe("size caps", () => {
  test("the caps are named constants with ceilings", () => {
    expect(LIMITS.AUTHORED_FILE_MAX_BYTES.default).toBe(256 * 1024);
    expect(LIMITS.PACK_DECLARED_MAX_BYTES.default).toBe(2 * 1024 * 1024);
    expect(LIMITS.SKILL_MAX_BYTES.default).toBe(64 * 1024);
    expect(LIMITS.TYPES_MAX_BYTES.default).toBe(128 * 1024);
    for (const spec of Object.values(LIMITS)) expect(spec.ceiling).toBeGreaterThanOrEqual(spec.default);
  });

  test("SKILL.md over its default cap is skill-too-large", async () => {
    const root = tmp();
    writePack(root, "p", guestPack("@fx/big-skill", { skill: "SKILL.md" }), {
      "index.js": "export {}",
      "SKILL.md": `# x\n\n${"a".repeat(64 * 1024)}\n`,
    });
    const r = await discoverPacks({ roots: [root] });
    expect(r.refused.map((p) => p.code)).toEqual(["skill-too-large"]);
    expect(r.refused[0]!.diagnostics[0]!.details).toMatchObject({ limit: 64 * 1024 });
  });

  test(".d.ts over its cap is types-too-large; declared files over the pack cap is pack-too-large", async () => {
    const root = tmp();
    writePack(root, "t", guestPack("@fx/big-types", { types: "index.d.ts" }), { "index.js": "export {}", "index.d.ts": "x".repeat(2000) });
    writePack(root, "w", guestPack("@fx/big-pack"), { "index.js": `export const s = "${"x".repeat(5000)}";` });
    const r = await discoverPacks({ roots: [root], limits: { TYPES_MAX_BYTES: 1000, PACK_DECLARED_MAX_BYTES: 4000 } });
    expect(Object.fromEntries(r.refused.map((p) => [p.name, p.code]))).toEqual({
      "@fx/big-types": "types-too-large",
      "@fx/big-pack": "pack-too-large",
    });
    const fine = await discoverPacks({ roots: [root] });
    expect(fine.refused).toEqual([]);
  });

  test("an oversized package.json is not parsed", async () => {
    const root = tmp();
    writePack(root, "p", { ...guestPack("@fx/huge"), padding: "x".repeat(300 * 1024) }, { "index.js": "" });
    const r = await discoverPacks({ roots: [root] });
    expect(r.refused.map((p) => [p.code, p.name])).toEqual([["manifest-unreadable", undefined]]);
  });

  test("limits outside their ceiling are refused, not clamped", async () => {
    const r = await discoverPacks({ roots: [ROOTS], limits: { SKILL_MAX_BYTES: LIMITS.SKILL_MAX_BYTES.ceiling + 1 } });
    expect(r.packs).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["options-invalid"]);
    const zero = await discoverPacks({ roots: [ROOTS], limits: { SKILL_MAX_BYTES: 0 } });
    expect(zero.diagnostics.map((d) => d.code)).toEqual(["options-invalid"]);
  });
});

describe("symlinks in declared paths", () => {
  test("a declared file that is a symlink leaving the pack is manifest-path-escape", async () => {
    const root = tmp();
    const outside = path.join(tmp(), "secret.js");
    writeFileSync(outside, "export const secret = 1;");
    const dir = writePack(root, "p", guestPack("@fx/sneaky"));
    symlinkSync(outside, path.join(dir, "index.js"));
    const r = await discoverPacks({ roots: [root] });
    expect(r.refused.map((p) => p.code)).toEqual(["manifest-path-escape"]);
    expect(r.refused[0]!.message).toContain("symlink");
  });

  test("a symlinked SKILL.md leaving the pack is refused too; a symlink staying inside is fine", async () => {
    const root = tmp();
    const outside = path.join(tmp(), "SKILL.md");
    writeFileSync(outside, "# hi\n\nhello\n");
    const bad = writePack(root, "bad", guestPack("@fx/bad-skill", { skill: "SKILL.md" }), { "index.js": "" });
    symlinkSync(outside, path.join(bad, "SKILL.md"));
    const good = writePack(root, "good", guestPack("@fx/good-link", { skill: "SKILL.md" }), { "index.js": "", "docs/real.md": "# x\n\ninside\n" });
    symlinkSync(path.join(good, "docs/real.md"), path.join(good, "SKILL.md"));
    const r = await discoverPacks({ roots: [root] });
    expect(r.refused.map((p) => [p.name, p.code])).toEqual([["@fx/bad-skill", "manifest-path-escape"]]);
    expect(r.packs.map((p) => [p.name, p.modules[0]!.summary])).toEqual([["@fx/good-link", "inside"]]);
  });

  test("a symlinked directory inside the path is resolved before the check", async () => {
    const root = tmp();
    const outsideDir = tmp();
    writeFileSync(path.join(outsideDir, "index.js"), "export {}");
    const dir = writePack(root, "p", { ...guestPack("@fx/dirlink"), capsule: { modules: { ".": { kind: "guest", source: "lib/index.js" } } } });
    symlinkSync(outsideDir, path.join(dir, "lib"));
    const r = await discoverPacks({ roots: [root] });
    expect(r.refused.map((p) => p.code)).toEqual(["manifest-path-escape"]);
  });
});

describe("the fixture packs", () => {
  test("@fx/good: modules, declared files and summaries", async () => {
    const r = await discoverPacks({ roots: [path.join(ROOTS, "main")] });
    const good = r.packs.find((p) => p.name === "@fx/good")!;
    expect(good.skill?.path).toBe("SKILL.md");
    expect(good.types?.bytes).toBeGreaterThan(0);
    expect(Object.fromEntries(good.modules.map((m) => [m.specifier, m.summary]))).toEqual({
      "@fx/good": "Deep equality, tree walking and text helpers for guests.",
      "@fx/good/csv": "Deep equality, tree walking and text helpers for guests.",
      "@fx/good/guarded": "Deep equality, tree walking and text helpers for guests.",
      "@fx/good/hash": "Deep equality, tree walking and text helpers for guests.",
      "@fx/good/text": "Shout and whisper strings.",
      "@fx/good/walker": "Walk an ESTree AST with enter/leave callbacks.",
    });
  });

  test("discovery never executes pack code", async () => {
    const root = copyRoot("main");
    const marker = path.join(tmp(), "executed");
    writeFileSync(
      path.join(root, "good", "src", "text.js"),
      `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "x"); export const a = 1;`,
    );
    await discoverPacks({ roots: [root] });
    const { existsSync } = await import("node:fs");
    expect(existsSync(marker)).toBe(false);
  });
});
