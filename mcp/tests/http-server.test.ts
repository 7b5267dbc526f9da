// serveStreamableHttp's refusals on loopback: the wrong path, a request without a session that is not initialize, an
// unknown session, a body over MAX_BODY_BYTES, a body that is not JSON, and a non-loopback address to bind to.
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { MAX_BODY_BYTES, MAX_SESSIONS, serveStreamableHttp } from "../src/index.js";

const http = await serveStreamableHttp(() => new McpServer({ name: "empty", version: "1" }), { port: 0 });
afterAll(() => http.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: http.port, path, method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once("error", reject);
    req.end(body);
  });
const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

describe("serveStreamableHttp", () => {
  it("listens on loopback at /mcp", () => {
    expect(http.url).toBe(`http://127.0.0.1:${http.port}/mcp`);
  });

  it("refuses what it does not serve", async () => {
    expect(await post("/other", ping)).toBe(404);
    expect(await post("/mcp", ping)).toBe(400); // no session, not initialize
    expect(await post("/mcp", ping, { "Mcp-Session-Id": "no-such-session" })).toBe(404);
    expect(await post("/mcp", "{ not json")).toBe(400);
    expect(await post("/mcp", "x".repeat(MAX_BODY_BYTES + 1))).toBe(413);
  });

  it("refuses to bind anywhere but loopback", async () => {
    await expect(serveStreamableHttp(() => new McpServer({ name: "x", version: "1" }), { port: 0, host: "0.0.0.0" })).rejects.toThrow(/loopback only/);
  });

  it("gives the place of the session idle longest to a new one when full, and refuses while none has been idle long", async () => {
    const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    for (const [idleMs, expected] of [[0, 200], [3_600_000, 503]] as const) {
      const full = await serveStreamableHttp(() => new McpServer({ name: "empty", version: "1" }), { port: 0, sessionIdleMs: idleMs });
      try {
        const open = (port: number) =>
          new Promise<number>((resolve, reject) => {
            const req = request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
            req.once("error", reject);
            req.end(initialize);
          });
        for (let i = 0; i < MAX_SESSIONS; i++) expect(await open(full.port)).toBe(200);
        expect([idleMs, await open(full.port)]).toEqual([idleMs, expected]);
      } finally {
        await full.close();
      }
    }
  }, 120_000);
});
