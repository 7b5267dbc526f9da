// What the catalog server offers browser runners: WASM binaries by digest, host ids and WASM declarations in the
// index, CORS for pages of other origins, and the playground's static files with cross-origin isolation.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createCatalogServer, staticAssets } from "../registry/src/index.js";
import { DOCS_CACHE_ENTRIES } from "../registry/src/catalog-server.js";
import { docs } from "../compiler/src/index.js";
import { ASSETS_DIR } from "../browser/assets.js";
import { PACKS_ROOT, shippedCatalog } from "./support/shipped-catalog.js";

const { catalog } = await shippedCatalog();
const server = createCatalogServer({
  catalog,
  tokens: { "checksum-only": ["@capsule/checksum"], "yaml-only": ["@capsule/yaml"] },
  assets: staticAssets(ASSETS_DIR),
  docs: (modules, format) => docs({ catalog: { ...catalog, modules: modules as typeof catalog.modules }, roots: [PACKS_ROOT], format }),
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
const get = (path: string, token?: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${base}${path}`, { redirect: "manual", ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
const checksum = catalog.modules.find((m) => m.specifier === "@capsule/checksum") as unknown as { sha256: string; hostId: string; wasm: { file: string; sha256: string } };

describe("WASM binaries for browser runners", () => {
  it("lists the host id and the WASM declaration of a wasm module, without host paths", async () => {
    const index = (await (await get("/catalog", "checksum-only")).json()) as { modules: Array<Record<string, unknown>> };
    const entry = index.modules.find((m) => m.specifier === "@capsule/checksum")!;
    expect(entry.hostId).toBe("wasm:@capsule/checksum");
    expect(entry.wasm).toMatchObject({ sha256: checksum.wasm.sha256, url: `/wasm/${checksum.wasm.sha256}` });
    expect((entry.wasm as { exports: Record<string, unknown> }).exports.crc32).toEqual({ params: ["bytes"], result: "i32" });
    expect(JSON.stringify(index)).not.toContain(checksum.wasm.file);
  });

  it("serves the binary by its digest, immutable, with 304 on a match", async () => {
    const res = await get(`/wasm/${checksum.wasm.sha256}`, "checksum-only");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(readFileSync(checksum.wasm.file))).toBe(true);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(checksum.wasm.sha256);
    expect((await get(`/wasm/${checksum.wasm.sha256}`, "checksum-only", { headers: { "if-none-match": `"sha256-${checksum.wasm.sha256}"` } })).status).toBe(304);
  });

  it("grants binaries like modules: 401 without a token, 404 when the token does not grant the pack or nothing matches", async () => {
    expect((await get(`/wasm/${checksum.wasm.sha256}`)).status).toBe(401);
    expect((await get(`/wasm/${checksum.wasm.sha256}`, "yaml-only")).status).toBe(404);
    expect((await get(`/wasm/${"0".repeat(64)}`, "checksum-only")).status).toBe(404);
    // A module's source digest is not a binary's.
    expect((await get(`/wasm/${checksum.sha256}`, "checksum-only")).status).toBe(404);
  });
});

describe("CORS for pages of other origins", () => {
  it("answers a preflight without a token, and exposes the digest headers", async () => {
    const preflight = await get("/catalog", undefined, { method: "OPTIONS", headers: { origin: "http://elsewhere.test", "access-control-request-headers": "authorization" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
    const res = await get("/modules/@capsule/yaml", "yaml-only", { headers: { origin: "http://elsewhere.test" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("x-capsule-digest");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  it("still refuses a missing token on real requests", async () => {
    expect((await get("/catalog", undefined, { headers: { origin: "http://elsewhere.test" } })).status).toBe(401);
  });
});

describe("the playground's static files", () => {
  it("redirects / to the playground, served without a token and cross-origin isolated", async () => {
    const root = await get("/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/playground/");
    const page = await get("/playground/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(page.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
    expect(await page.text()).toContain("Capsule playground");
    const engine = await get("/playground/quickjs.wasm");
    expect(engine.headers.get("content-type")).toBe("application/wasm");
    expect((await get("/playground/run-worker.js")).headers.get("cross-origin-embedder-policy")).toBe("require-corp");
  });

  it("serves only the files it listed, never a path built from the request", async () => {
    expect((await get("/playground/..%2Fpackage.json")).status).toBe(404);
    // fetch() normalizes encoded dots, so this asks for /package.json: a catalog route that wants a token, not a file.
    expect((await get("/playground/%2e%2e/%2e%2e/package.json")).status).toBe(401);
    expect((await get("/playground/nope.js")).status).toBe(404);
    expect((await get("/playground/%E0%A4%A")).status).toBe(400);
  });

  it("answers 304 to a conditional request for an unchanged file", async () => {
    const first = await get("/playground/playground.js");
    expect((await get("/playground/playground.js", undefined, { headers: { "if-none-match": first.headers.get("etag")! } })).status).toBe(304);
  });
});

describe("the reference at /docs", () => {
  it("covers exactly the modules the token grants, narrowed by allow, in md or dts", async () => {
    const md = await (await get("/docs", "yaml-only")).text();
    expect(md).toContain("@capsule/yaml");
    expect(md).not.toContain("@capsule/checksum");
    const dts = await get("/docs?format=dts", "checksum-only");
    expect(dts.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await dts.text();
    expect(text).toContain('declare module "@capsule/checksum"');
    expect(text).not.toContain("@capsule/yaml");
    // allow cannot widen a token's grant
    expect(await (await get("/docs?allow=@capsule/checksum", "yaml-only")).text()).not.toContain('declare module "@capsule/checksum"');
  });

  it("wants a token and a known format", async () => {
    expect((await get("/docs")).status).toBe(401);
    expect((await get("/docs?format=html", "yaml-only")).status).toBe(400);
  });
});


describe("the reference cache", () => {
  it("writes each reference once, keeps at most DOCS_CACHE_ENTRIES of them, and writes an evicted one again", async () => {
    const written: string[] = [];
    const counting = createCatalogServer({ catalog, docs: async (modules, format) => (written.push(format + modules.map((m) => m.specifier).join()), "ref") });
    await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
    try {
      const specifiers = catalog.modules.map((m) => m.specifier);
      // More distinct references than the cache holds: each specifier alone, in both formats, then pairs.
      const asks = [...specifiers.map((s) => `allow=${s}&format=md`), ...specifiers.map((s) => `allow=${s}&format=dts`), ...specifiers.map((s, i) => `allow=${s},${specifiers[(i + 1) % specifiers.length]}`)];
      expect(asks.length).toBeGreaterThan(DOCS_CACHE_ENTRIES);
      for (const ask of asks) await (await fetch(`${at}/docs?${ask}`)).text();
      expect(written).toHaveLength(asks.length);
      await (await fetch(`${at}/docs?${asks.at(-1)}`)).text(); // recent: served from the cache
      expect(written).toHaveLength(asks.length);
      await (await fetch(`${at}/docs?${asks[0]}`)).text(); // the oldest was evicted: written again
      expect(written).toHaveLength(asks.length + 1);
    } finally {
      await new Promise<void>((resolve) => counting.close(() => resolve()));
    }
  });
});
