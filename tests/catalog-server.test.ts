// The catalog over real HTTP on loopback: digests and strong ETags, 304, immutable digest URLs, token grants.
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createCatalogServer } from "../registry/src/index.js";
import { HEADERS_TIMEOUT_MS, MAX_CONNECTIONS, REQUEST_TIMEOUT_MS } from "../registry/src/catalog-server.js";
import { shippedCatalog } from "./support/shipped-catalog.js";

const { catalog } = await shippedCatalog();
const server = createCatalogServer({ catalog, tokens: { "yaml-only": ["@capsule/yaml"], "all-capsule": ["@capsule/*"] } });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
const yaml = catalog.modules.find((m) => m.specifier === "@capsule/yaml")!;

describe("the catalog server", () => {
  it("serves a module by specifier with its digest and a strong ETag, and 304 on a match", async () => {
    const first = await get("/modules/@capsule/yaml", "yaml-only");
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe(`"sha256-${yaml.sha256}"`);
    expect(first.headers.get("x-capsule-digest")).toBe(`sha256-${yaml.sha256}`);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(await first.text()).digest("hex")).toBe(yaml.sha256);
    const again = await get("/modules/@capsule/yaml", "yaml-only", { "if-none-match": `"sha256-${yaml.sha256}"` });
    expect(again.status).toBe(304);
  });

  it("bounds what a client may hold: headers, a whole request, and sockets", () => {
    expect([server.headersTimeout, server.requestTimeout, server.maxConnections]).toEqual([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MAX_CONNECTIONS]);
    expect(HEADERS_TIMEOUT_MS).toBeLessThan(60_000); // Node's own default
    expect(REQUEST_TIMEOUT_MS).toBeLessThan(300_000); // Node's own default
  });

  it("serves digest URLs as immutable", async () => {
    const res = await get(`/digest/${yaml.sha256}`, "yaml-only");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable"); // token-gated: no shared cache may answer others with it
  });

  it("lists only what the token grants", async () => {
    const index = (await (await get("/catalog", "yaml-only")).json()) as { modules: Array<{ specifier: string; sourcePath?: string }> };
    expect(index.modules.map((m) => m.specifier)).toEqual(["@capsule/yaml"]);
    expect(index.modules[0]).not.toHaveProperty("sourcePath");
  });

  it("answers 401 without a token, 403 for a pack the token does not grant and 404 for what does not exist, without leaking", async () => {
    expect((await get("/modules/@capsule/yaml")).status).toBe(401);
    expect((await get("/modules/@capsule/yaml", "wrong-token")).status).toBe(401);
    expect((await get("/modules/@capsule/markdown", "yaml-only")).status).toBe(403);
    expect((await get("/modules/@capsule/not-installed", "yaml-only")).status).toBe(403); // same answer: nothing leaks
    expect((await get("/modules/@capsule/not-installed", "all-capsule")).status).toBe(404);
    const markdown = catalog.modules.find((m) => m.specifier === "@capsule/markdown")!;
    expect((await get(`/digest/${markdown.sha256}`, "yaml-only")).status).toBe(404);
    expect((await get(`/digest/${"0".repeat(64)}`, "all-capsule")).status).toBe(404);
  });

  it("tells a missing token from an unknown one, by code and message", async () => {
    const missing = await get("/catalog");
    expect(missing.status).toBe(401);
    const missingBody = (await missing.json()) as { code: string; message: string };
    expect(missingBody.code).toBe("token-required");
    expect(missingBody.message).toContain("wants a bearer token");
    // A header that is not a bearer token is a missing token too.
    expect(((await (await get("/catalog", undefined, { authorization: "Basic eDp5" })).json()) as { code: string }).code).toBe("token-required");
    const unknown = await get("/catalog", "wrong-token");
    expect(unknown.status).toBe(401);
    const unknownBody = (await unknown.json()) as { code: string; message: string };
    expect(unknownBody.code).toBe("token-unknown");
    expect(unknownBody.message).toContain("does not know the bearer token");
  });

  it("takes a token with limits ({ packs, limits }) as granting its packs", async () => {
    const limited = createCatalogServer({ catalog, tokens: { t: { packs: ["@capsule/yaml"], limits: { wallMs: 1000 } } } });
    await new Promise<void>((resolve) => limited.listen(0, "127.0.0.1", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(limited.address() as AddressInfo).port}/catalog`, { headers: { authorization: "Bearer t" } });
      expect(((await res.json()) as { modules: Array<{ specifier: string }> }).modules.map((m) => m.specifier)).toEqual(["@capsule/yaml"]);
    } finally {
      await new Promise<void>((resolve) => limited.close(() => resolve()));
    }
  });

  it("serves concurrent requests correctly", async () => {
    const modules = catalog.modules.filter((m) => m.pack.startsWith("@capsule/"));
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => get(`/digest/${modules[i % modules.length].sha256}`, "all-capsule")));
    const { createHash } = await import("node:crypto");
    for (const [i, res] of responses.entries()) {
      expect(res.status).toBe(200);
      expect(createHash("sha256").update(await res.text()).digest("hex")).toBe(modules[i % modules.length].sha256);
    }
  });
});
