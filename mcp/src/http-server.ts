// Owns serving MCP over Streamable HTTP on loopback: one endpoint (/mcp), stateful sessions (an initialize request
// without a session id opens one: a fresh McpServer from the factory over its own StreamableHTTPServerTransport,
// everything behind it shared), POST for requests (JSON bodies up to MAX_BODY_BYTES), GET for the server's stream,
// DELETE to end a session. Host and Origin headers must name this loopback listener, so a web page elsewhere cannot
// reach it through DNS rebinding.
// Refuses a non-loopback host to bind to (a TypeError: the server has no authentication), a request to another path
// (404), a foreign Host or Origin (403), a body too large (413) or not JSON (400), a request without a known session
// (400/404), and sessions past MAX_SESSIONS (503).

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

/** Largest JSON body of one POST (a program of execute_code is the big part). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Sessions open at once. */
export const MAX_SESSIONS = 64;
export const MCP_HTTP_PATH = "/mcp";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

export interface HttpServeOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** A loopback address (default 127.0.0.1). */
  host?: string;
  /** How long a session must have been idle before a new one may take its place when MAX_SESSIONS are open. */
  sessionIdleMs?: number;
}

export interface McpHttpServer {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  port: number;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** When a request of this session last arrived (ms since the epoch). */
  usedAt: number;
}

/** A session idle this long may be closed to make room for a new one (a client that lost its id cannot DELETE it). */
export const SESSION_IDLE_MS = 10 * 60_000;

export async function serveStreamableHttp(makeServer: () => McpServer, options: HttpServeOptions): Promise<McpHttpServer> {
  const host = options.host ?? "127.0.0.1";
  if (!LOOPBACK_HOSTS.has(host)) throw new TypeError(`MCP over HTTP listens on loopback only (127.0.0.1, ::1 or localhost), not ${host}: it has no authentication`);
  const sessions = new Map<string, Session>();
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;
  /** Closes the session idle longest when it has been idle idleMs; whether one was closed. */
  async function closeIdlest(): Promise<boolean> {
    let idlest: [string, Session] | undefined;
    for (const entry of sessions) if (!idlest || entry[1].usedAt < idlest[1].usedAt) idlest = entry;
    if (!idlest || Date.now() - idlest[1].usedAt < idleMs) return false;
    sessions.delete(idlest[0]);
    await Promise.allSettled([idlest[1].transport.close(), idlest[1].server.close()]);
    return true;
  }
  let allowed = new Set<string>();
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, -32603, `internal error: ${(error as Error).message ?? String(error)}`);
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== MCP_HTTP_PATH) return reply(res, 404, -32601, `not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
    if (!allowed.has(req.headers.host ?? "")) return reply(res, 403, -32600, "forbidden: the Host header must name this loopback listener");
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin.replace(/^https?:\/\//, ""))) return reply(res, 403, -32600, "forbidden: requests from other origins are refused");
    const sessionId = header(req, "mcp-session-id");
    if (req.method === "POST") {
      const body = await readJson(req, res);
      if (body === NO_BODY) return;
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        if (!session) return reply(res, 404, -32001, "session not found: initialize a new one");
        session.usedAt = Date.now();
        return session.transport.handleRequest(req, res, body);
      }
      if (!isInitializeRequest(body)) return reply(res, 400, -32000, "bad request: send initialize first, then the Mcp-Session-Id it returns");
      // Full: the session idle longest makes room, if it has been idle long enough — 64 initializes never ended
      // locked every client out until a restart.
      if (sessions.size >= MAX_SESSIONS && !(await closeIdlest())) return reply(res, 503, -32000, `too many sessions (${MAX_SESSIONS}), none idle for ${Math.round(idleMs / 1000)} s; end one with DELETE`);
      const server = makeServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, { transport, server, usedAt: Date.now() }),
        onsessionclosed: (id) => void sessions.delete(id),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (req.method === "GET" || req.method === "DELETE") {
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (!session) return reply(res, sessionId === undefined ? 400 : 404, -32000, "a known Mcp-Session-Id header is required");
      session.usedAt = Date.now();
      return session.transport.handleRequest(req, res);
    }
    res.setHeader("Allow", "GET, POST, DELETE");
    return reply(res, 405, -32000, "method not allowed");
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${MCP_HTTP_PATH}`,
    port,
    async close() {
      await Promise.allSettled([...sessions.values()].map(async (s) => (await s.transport.close(), await s.server.close())));
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function reply(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

const NO_BODY = Symbol("no body");

/** The request's JSON body, or NO_BODY after answering 413 or 400. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      res.setHeader("Connection", "close");
      res.once("finish", () => req.destroy());
      reply(res, 413, -32600, `request body over ${MAX_BODY_BYTES} bytes`);
      return NO_BODY;
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    reply(res, 400, -32700, "parse error: the body is not JSON");
    return NO_BODY;
  }
}
