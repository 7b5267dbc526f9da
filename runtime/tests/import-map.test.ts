// Import names a model already knows: an explicit map per sandbox and per run resolves a library's own name to the
// admitted module; an unmapped name stays unresolved, with a hint naming the mapping that would resolve it.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CatalogLike } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const yaml = "export const load = (text) => ({ parsed: text }); export default { load };";
const other = "export const x = 1;";
const catalog: CatalogLike = {
  modules: [
    { specifier: "@capsule/yaml", pack: "@capsule/yaml", sha256: sha(yaml), source: yaml, standsFor: ["js-yaml"] },
    { specifier: "@capsule/other", pack: "@capsule/other", sha256: sha(other), source: other, standsFor: ["lodash"] },
    { specifier: "@a/lodash", pack: "@a/lodash", sha256: sha(other), source: other, standsFor: ["lodash"] },
  ],
};
const sandbox = useSandbox({ catalog, imports: { yaml: "@capsule/yaml" } });

describe("an import map", () => {
  it("resolves a mapped name to its admitted module, per sandbox and per run", async () => {
    expect(await valueOf(sandbox, "import { load } from 'yaml'; return load('a')")).toEqual({ parsed: "a" });
    expect(await valueOf(sandbox, { source: "import jsyaml from 'js-yaml'; import { load } from '@capsule/yaml'; return jsyaml.load === load", imports: { "js-yaml": "@capsule/yaml" } })).toBe(true);
  });

  it("leaves an unmapped name unresolved, naming the mapping that would resolve it", async () => {
    const error = await errorOf(sandbox, "import { load } from 'js-yaml'; return 1");
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).toContain('imports: { "js-yaml": "@capsule/yaml" }');
  });

  it("names every module that claims a name, so no one claimant takes the hint from the others", async () => {
    const error = await errorOf(sandbox, "import _ from 'lodash'; return 1");
    expect(error.message).toContain("@capsule/other stands for it (so do @a/lodash: choose one)");
  });

  it("keeps the target's allow list: a mapped name is no way around it", async () => {
    expect((await errorOf(sandbox, { source: "import { load } from 'yaml'; return 1", allow: ["@capsule/other"] })).code).toBe("E_IMPORT_NOT_ALLOWED");
  });

  it("applies to the program's own imports only, and refuses a malformed map", async () => {
    expect((await errorOf(sandbox, { source: "return 1", imports: { "./local": "@capsule/yaml" } })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "return 1", imports: { a: "../x" } })).code).toBe("E_BAD_REQUEST");
  });
});
