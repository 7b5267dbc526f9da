// Manifest rules beyond the schema: reserved names, duplicates after normalization, lexical path escapes,
// `npm` naming a declared dependency. Each has its own code and a field path.

import { describe, expect, test } from "vitest";
import { checkManifest, lexicalPathProblem, normalizeSubpath, type Diagnostic } from "../src/index.js";

function pack(modules: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { name: "@fx/p", version: "1.0.0", dependencies: { dep: "1.0.0" }, capsule: { modules, ...extra } };
}
const host = (id = "capsule.a") => ({ kind: "host", host: id });

function problems(pkg: unknown): Diagnostic[] {
  const r = checkManifest(pkg);
  return r.ok ? [] : r.diagnostics;
}

describe("reserved names", () => {
  test.each([
    ["./_capsule", "reserved for Capsule"],
    ["./_capsule/runtime", "reserved for Capsule"],
    ["./_CAPSULE-x", "reserved for Capsule"],
    ["./a/__proto__", "__proto__"],
    ["./constructor", "constructor"],
    ["./Constructor", "Constructor"],
    ["./x/PROTOTYPE/y", "PROTOTYPE"],
    ["./a/../b", '".."'],
  ])("%s is refused", (key, words) => {
    const ds = problems(pack({ [key]: host() }));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: "manifest-reserved-name", severity: "error", path: `capsule.modules['${key}']` });
    expect(ds[0]!.message).toContain(words);
  });

  test("look-alikes that are not reserved pass", () => {
    for (const key of ["./capsule", "./my_capsule", "./constructors", "./proto", "./a/_capsule"]) {
      expect(checkManifest(pack({ [key]: host() })).ok, key).toBe(true);
    }
  });

  test("a reserved word as the pack name is refused", () => {
    const ds = problems({ ...pack({ ".": host() }), name: "@constructor/x" });
    expect(ds.map((d) => [d.code, d.path])).toEqual([["manifest-reserved-name", "name"]]);
  });
});

describe("duplicates after normalization", () => {
  test.each([
    ["./a", "./a/"],
    ["./a/b", "./a//b"],
    ["./a", "./a/."],
    ["./Data", "./data"],
    [".", "./"],
  ])("%s and %s", (a, b) => {
    const ds = problems(pack({ [a]: host("capsule.a"), [b]: host("capsule.b") }));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: "manifest-duplicate-module", path: `capsule.modules['${b}']` });
    expect(ds[0]!.message).toContain(`'${a}'`);
  });

  test("normalization is what the catalog uses", () => {
    expect(normalizeSubpath("./a//b/./")).toEqual({ ok: true, normalized: "./a/b" });
    const r = checkManifest(pack({ "./a/": host() }));
    expect(r.ok && r.modules[0]!.specifier).toBe("@fx/p/a");
  });
});

describe("path escapes (lexical)", () => {
  test.each([
    ["../outside.js", ".."],
    ["src/../../x.js", ".."],
    ["/etc/passwd.js", "absolute"],
    ["C:/x.js", "drive letter"],
    ["src\\\\x.js", "backslash"],
    ["src/\u0000.js", "NUL"],
    ["node_modules/dep/index.js", "node_modules"],
  ])("source %j", (source, words) => {
    const ds = problems(pack({ ".": { kind: "guest", source } }));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: "manifest-path-escape", path: "capsule.modules['.'].source" });
    expect(ds[0]!.message).toContain(words);
  });

  test("skill, types and wasm files are checked too", () => {
    const ds = problems(
      pack(
        { "./w": { kind: "wasm", file: "../w.wasm", exports: { f: { params: [] } } } },
        { skill: "/abs/SKILL.md", types: "../t.d.ts" },
      ),
    );
    expect(ds.map((d) => [d.code, d.path])).toEqual([
      ["manifest-path-escape", "capsule.skill"],
      ["manifest-path-escape", "capsule.types"],
      ["manifest-path-escape", "capsule.modules['./w'].file"],
    ]);
  });

  test("plain relative paths pass", () => {
    for (const p of ["a.js", "src/a.js", "./src/a.js", "src/deep/er/a.mjs"]) expect(lexicalPathProblem(p), p).toBeUndefined();
  });
});

describe("npm must name a declared dependency", () => {
  test("undeclared dependency", () => {
    const ds = problems(pack({ ".": { kind: "guest", npm: "left-pad" } }));
    expect(ds).toEqual([
      expect.objectContaining({ code: "manifest-npm-not-dependency", path: "capsule.modules['.'].npm", message: expect.stringContaining('"left-pad"') }),
    ]);
  });

  test("declared dependency with a subpath, and scoped names", () => {
    expect(checkManifest(pack({ ".": { kind: "guest", npm: "dep/sub/path" } })).ok).toBe(true);
    const scoped = { ...pack({ ".": { kind: "guest", npm: "@s/dep/x" } }), dependencies: { "@s/dep": "1" } };
    expect(checkManifest(scoped).ok).toBe(true);
  });

  test("all problems are reported at once", () => {
    const ds = problems(
      pack({
        "./_capsule": host(),
        "./a": host(),
        "./a/": host(),
        "./b": { kind: "guest", npm: "nope" },
        "./c": { kind: "guest", source: "../c.js" },
      }),
    );
    expect(ds.map((d) => d.code).sort()).toEqual([
      "manifest-duplicate-module",
      "manifest-npm-not-dependency",
      "manifest-path-escape",
      "manifest-reserved-name",
    ]);
  });
});
