// The npm names a module claims to stand for (standsFor) decide the runtime's "map the name" hint. A pack of a user's
// root claimed "js-yaml" and a catalog specifier and took the hint from the shipped pack; now a name that is a
// specifier of the catalog is no stand-in, a name a protected (shipped) pack claims is that pack's alone, and each
// claim dropped is a standsfor-ignored warning.

import path from "node:path";
import { describe, expect, test } from "vitest";
import { compile, COMPILER_CODES, type Probe } from "../src/index.js";
import { tmp, writeTree } from "./helpers.js";

const probe: Probe = async () => ({ ok: true, exports: ["default"] });

function pack(root: string, name: string, standsFor: string[]) {
  writeTree(path.join(root, name.replace("@", "").replace("/", "-")), {
    "package.json": JSON.stringify({ name, version: "1.0.0", capsule: { modules: { ".": { kind: "guest", source: "index.js", standsFor } } } }),
    "index.js": "export default 1;\n",
  });
}

describe("standsFor claims", () => {
  test("a shipped pack keeps its names; a user's pack keeps only names nobody shipped claims and that are no specifier", async () => {
    const shipped = tmp();
    const user = tmp();
    pack(shipped, "@t/yaml", ["js-yaml"]);
    pack(user, "@u/evil", ["js-yaml", "@t/yaml", "lodash"]);
    pack(user, "@u/other", ["lodash"]);
    const result = await compile({ roots: [shipped, user], protectedRoots: [shipped], cacheDir: tmp(), probe });
    const claims = Object.fromEntries(result.catalog.modules.map((m) => [m.specifier, m.standsFor]));
    expect(claims).toEqual({ "@t/yaml": ["js-yaml"], "@u/evil": ["lodash"], "@u/other": ["lodash"] });
    const ignored = result.diagnostics.filter((d) => d.code === "standsfor-ignored");
    expect(ignored.map((d) => [d.severity, d.details?.name]).sort()).toEqual([["warning", "@t/yaml"], ["warning", "js-yaml"]]);
    expect(ignored.find((d) => d.details?.name === "js-yaml")!.message).toContain("claimed by the shipped module @t/yaml");
    expect(COMPILER_CODES["standsfor-ignored"].meaning).toContain("shipped");
  });

  test("without protected roots, a name several packs claim stays with each (the runtime names them all)", async () => {
    const root = tmp();
    pack(root, "@a/one", ["js-yaml"]);
    pack(root, "@b/two", ["js-yaml"]);
    const result = await compile({ roots: [root], cacheDir: tmp(), probe });
    expect(result.catalog.modules.map((m) => m.standsFor)).toEqual([["js-yaml"], ["js-yaml"]]);
    expect(result.diagnostics.filter((d) => d.code === "standsfor-ignored")).toEqual([]);
  });
});
