import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

describe("@capsule/yaml through discovery, compile, catalog and run", () => {
  it("is admitted with js-yaml's exports and a summary", async () => {
    const { catalog } = await shippedCatalog();
    const yaml = catalog.modules.find((m) => m.specifier === "@capsule/yaml");
    expect(yaml).toBeDefined();
    expect(yaml!.exports).toEqual(expect.arrayContaining(["default", "load", "loadAll", "dump", "YAMLException"]));
    expect(yaml!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(yaml!.summary).toMatch(/YAML/);
  });

  it("loads and dumps documents in a guest, by default and named imports", async () => {
    const result = await sandbox.run({
      source: `import yaml, { dump } from "@capsule/yaml";
        const doc = yaml.load("name: capsule\\ntags: [a, b]\\nnested: { n: 1 }");
        const all = yaml.loadAll("a: 1\\n---\\nb: 2");
        return { doc, all, text: dump({ list: [1, 2] }) };`,
    });
    expect(result.ok && result.value).toEqual({ doc: { name: "capsule", tags: ["a", "b"], nested: { n: 1 } }, all: [{ a: 1 }, { b: 2 }], text: "list:\n  - 1\n  - 2\n" });
  });

  it("throws YAMLException with a position on malformed input", async () => {
    const result = await sandbox.run({ source: `import yaml from "@capsule/yaml"; try { yaml.load("a: [1, 2"); } catch (e) { return [e instanceof yaml.YAMLException, e.name, typeof e.mark.line]; }` });
    expect(result.ok && result.value).toEqual([true, "YAMLException", "number"]);
  });
});
