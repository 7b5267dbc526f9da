// Schema validation of package.json: every ajv error becomes manifest-invalid with a readable field path
// and what would be valid there; the published schema is closed under `capsule`.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { checkManifest, manifestSchema, MANIFEST_SCHEMA_URL, validateManifestSchema } from "../src/index.js";

const valid = () => ({
  name: "@capsule/yaml",
  version: "0.1.0",
  dependencies: { "js-yaml": "4.1.0" },
  capsule: {
    skill: "SKILL.md",
    types: "index.d.ts",
    modules: {
      ".": { kind: "guest", npm: "js-yaml" },
      "./schema": { kind: "guest", source: "src/schema.js" },
      "./parse": { kind: "host", host: "capsule.csv" },
      "./hash": { kind: "wasm", file: "wasm/hash.wasm", exports: { crc32: { params: ["bytes"], result: "i32" } } },
    },
  },
});

function errorsOf(pkg: unknown) {
  return validateManifestSchema(pkg).map((d) => ({ code: d.code, path: d.path, message: d.message }));
}

describe("the agreed manifest shape", () => {
  test("validates cleanly", () => {
    expect(validateManifestSchema(valid())).toEqual([]);
    const r = checkManifest(valid());
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.modules.map((m) => m.specifier)).toEqual(["@capsule/yaml", "@capsule/yaml/hash", "@capsule/yaml/parse", "@capsule/yaml/schema"]);
    }
  });

  test("other package.json fields are left to npm", () => {
    expect(validateManifestSchema({ ...valid(), scripts: { test: "x" }, main: "index.js" })).toEqual([]);
  });
});

describe("errors name the field and what is valid", () => {
  test("an unknown kind", () => {
    const pkg = valid();
    (pkg.capsule.modules as Record<string, unknown>)["./x"] = { kind: "gues", npm: "js-yaml" };
    expect(errorsOf(pkg)).toEqual([
      { code: "manifest-invalid", path: "capsule.modules['./x'].kind", message: `capsule.modules['./x'].kind must be one of guest, host, wasm (got "gues")` },
    ]);
  });

  test("a missing kind", () => {
    const pkg = valid();
    (pkg.capsule.modules as Record<string, unknown>)["./x"] = { npm: "js-yaml" };
    expect(errorsOf(pkg)).toEqual([
      { code: "manifest-invalid", path: "capsule.modules['./x'].kind", message: "capsule.modules['./x'].kind is required (one of guest, host, wasm)" },
    ]);
  });

  test("a guest module with neither or both of npm/source", () => {
    const pkg = valid();
    const mods = pkg.capsule.modules as Record<string, unknown>;
    mods["./none"] = { kind: "guest" };
    mods["./both"] = { kind: "guest", npm: "js-yaml", source: "a.js" };
    const errs = errorsOf(pkg);
    expect(errs).toHaveLength(2);
    for (const key of ["./none", "./both"]) {
      expect(errs).toContainEqual({
        code: "manifest-invalid",
        path: `capsule.modules['${key}']`,
        message: `capsule.modules['${key}'] a guest module needs exactly one of "npm" (a dependency to bundle) or "source" (a file of the pack)`,
      });
    }
  });

  test("unknown properties list what is allowed", () => {
    const pkg = valid() as ReturnType<typeof valid> & { capsule: Record<string, unknown> };
    pkg.capsule.extra = 1;
    (pkg.capsule.modules as Record<string, Record<string, unknown>>)["./parse"]!.limits = {};
    const errs = errorsOf(pkg);
    expect(errs).toContainEqual({
      code: "manifest-invalid",
      path: "capsule.extra",
      message: "capsule.extra is not allowed here (allowed: skill, types, modules)",
    });
    expect(errs).toContainEqual({
      code: "manifest-invalid",
      path: "capsule.modules['./parse'].limits",
      message: "capsule.modules['./parse'].limits is not allowed here (allowed: kind, host)",
    });
  });

  test("host ids, wasm types and subpath keys get their own hints", () => {
    const pkg = valid();
    const mods = pkg.capsule.modules as Record<string, unknown>;
    mods["./parse"] = { kind: "host", host: "CSV" };
    mods["./hash"] = { kind: "wasm", file: "wasm/hash.wasm", exports: { crc32: { params: ["u8"], result: "i32" } } };
    mods["bad key"] = { kind: "host", host: "capsule.a" };
    const errs = errorsOf(pkg);
    expect(errs).toContainEqual({
      code: "manifest-invalid",
      path: "capsule.modules['./parse'].host",
      message: expect.stringContaining(`must be a host id such as "capsule.csv"`),
    });
    expect(errs).toContainEqual({
      code: "manifest-invalid",
      path: "capsule.modules['./hash'].exports.crc32.params[0]",
      message: `capsule.modules['./hash'].exports.crc32.params[0] must be one of i32, i64, f32, f64, bytes (got "u8")`,
    });
    expect(errs).toContainEqual({
      code: "manifest-invalid",
      path: "capsule.modules['bad key']",
      message: expect.stringContaining(`module subpath must be "." or start with "./"`),
    });
  });

  test("types, required top-level fields and empty module maps", () => {
    expect(errorsOf({ name: "x", capsule: { modules: {} } })).toEqual([
      { code: "manifest-invalid", path: "version", message: "version is required" },
      { code: "manifest-invalid", path: "capsule.modules", message: "capsule.modules must declare at least one module" },
    ]);
    expect(errorsOf({ name: 5, version: "1.0.0", capsule: { modules: { ".": { kind: "host", host: "a.b" } } } })).toEqual([
      { code: "manifest-invalid", path: "name", message: "name must be a string (got 5)" },
    ]);
    expect(errorsOf({ name: "Upper", version: "one", capsule: [] }).map((e) => e.path)).toEqual(["name", "version", "capsule"]);
  });

  test("checkManifest refuses on schema errors and keeps the declared subpaths", () => {
    const r = checkManifest({ name: "@a/b", version: "1.0.0", capsule: { modules: { "./x": { kind: "nope" } } } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.declaredSubpaths).toEqual(["./x"]);
      expect(r.diagnostics.every((d) => d.code === "manifest-invalid" && d.severity === "error")).toBe(true);
    }
  });
});

describe("the published schema", () => {
  test("lives at compiler/schema and is the one the validator uses", () => {
    const file = fileURLToPath(MANIFEST_SCHEMA_URL);
    expect(file.endsWith("compiler/schema/capsule-manifest.schema.json")).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(manifestSchema());
    expect(manifestSchema().$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  test("every object schema under capsule is closed and described", () => {
    const schema = manifestSchema() as { $defs: Record<string, Record<string, unknown>> };
    const objects = Object.entries(schema.$defs).filter(([, s]) => s.type === "object");
    expect(objects.length).toBeGreaterThan(4);
    for (const [name, s] of objects) {
      expect(typeof s.description, name).toBe("string");
      // a map (modules, exports) has a schema for its values; a record has additionalProperties: false
      if (s.properties) expect(s.additionalProperties, name).toBe(false);
      for (const [prop, ps] of Object.entries((s.properties as Record<string, Record<string, unknown>>) ?? {})) {
        if (!ps.$ref) expect(typeof ps.description, `${name}.${prop}`).toBe("string");
      }
    }
    const modules = (schema.$defs.capsule!.properties as Record<string, Record<string, unknown>>).modules!;
    expect(modules.additionalProperties).toEqual({ $ref: "#/$defs/module" });
  });
});
