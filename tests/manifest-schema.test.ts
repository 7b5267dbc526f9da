// The pack manifest's JSON Schema is an address editors can use: its $id is where a published @capsule/compiler serves
// it, the catalog server serves it without a token (it is public), and scaffolds point their package.json at it.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { checkManifest, MANIFEST_SCHEMA_ID, MANIFEST_SCHEMA_URL } from "../compiler/src/index.js";
import { createCatalogServer, MANIFEST_SCHEMA_PATH } from "../registry/src/index.js";

const text = readFileSync(MANIFEST_SCHEMA_URL, "utf8");

describe("the manifest schema", () => {
  it("has the $id a published @capsule/compiler serves it at", () => {
    expect(JSON.parse(text).$id).toBe(MANIFEST_SCHEMA_ID);
    expect(MANIFEST_SCHEMA_ID).toBe("https://unpkg.com/@capsule/compiler/schema/capsule-manifest.schema.json");
  });

  it("is served by the catalog server to anyone, even where every other route wants a token", async () => {
    const server = createCatalogServer({ catalog: { modules: [] }, tokens: { t: ["@capsule/*"] }, manifestSchema: text });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}${MANIFEST_SCHEMA_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/schema+json");
      expect(await res.text()).toBe(text);
      expect((await fetch(`${base}/catalog`)).status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("accepts a package.json that names it as its $schema", () => {
    const pkg = { $schema: MANIFEST_SCHEMA_ID, name: "@acme/x", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } };
    expect(checkManifest(pkg).ok).toBe(true);
  });
});
