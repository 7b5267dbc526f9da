// Owns serving a compiled catalog over HTTP: the index and each module's source by specifier and by digest, with
// the digest and a strong ETag on every response (304 on a match), immutable caching for digest URLs, and bearer
// tokens that each grant a set of packs (and, for POST /run, limits). Refuses a request without a token (401
// token-required) apart from one with a token it does not know (401 token-unknown), a module the caller's token
// does not grant (403) and one that does not exist (404); the status depends only on the token's grants and the name asked for, never on what else is
// installed, and no response lists modules the caller cannot fetch. Stateless: any number of instances (or a CDN
// in front of the digest URLs) can serve the same content-addressed files. POST /run (run-route.ts) is served only
// when the embedder passes a run handler.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import type { ServeCode } from "./codes.js";
import type { StaticAssets } from "./static-assets.js";
import { createRunRoute, type Grant, type RunRouteOptions } from "./run-route.js";
import { hostname } from "node:os";
import { isIP } from "node:net";

/**
 * Sent with every response: any origin may call with a bearer token (no cookies are involved, so "*" leaks nothing),
 * and a cross-origin-isolated page elsewhere may still load what it fetched.
 */
/** The client-side bounds of a catalog server's sockets (see createCatalogServer). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const MAX_CONNECTIONS = 1_024;

/** References kept in memory, least recently written out first. */
export const DOCS_CACHE_ENTRIES = 64;

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, POST, OPTIONS",
  "access-control-allow-headers": "authorization, if-none-match, content-type",
  "access-control-expose-headers": "etag, x-capsule-digest, retry-after, www-authenticate",
  "access-control-max-age": "600",
  "cross-origin-resource-policy": "cross-origin",
};

/**
 * Why a run asked of a server without tokens comes from elsewhere, if it does: a Host that is a name other than
 * localhost or this machine's (DNS rebinding: a page's own domain pointed at 127.0.0.1), or an Origin that is not the
 * Host it was sent to. IP literals and this machine's name stay usable, so an open server on a LAN still serves.
 */
function foreignRequest(req: IncomingMessage): string | undefined {
  const host = req.headers.host ?? "";
  const name = (host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:\d+$/, "")).toLowerCase();
  if (!(name === "localhost" || isIP(name) !== 0 || name === hostname().toLowerCase())) {
    return `this server has no tokens, so it answers only requests addressed to it by IP, localhost or ${hostname()} (Host was ${JSON.stringify(host.slice(0, 80))}); give it --tokens to serve other names`;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
    return `this server has no tokens, so it answers pages of its own origin only (Origin was ${JSON.stringify(origin.slice(0, 80))}); give it --tokens to serve other pages`;
  }
  return undefined;
}

export interface ServedModule {
  specifier: string;
  pack: string;
  version?: string;
  kind: string;
  sha256: string;
  exports?: readonly string[];
  size?: number;
  summary?: string;
  sourcePath?: string;
  source?: string;
  /** For host and wasm facades: what the facade calls (a pinned host id, or "wasm:<specifier>"). */
  hostId?: string;
  /** The CPU budget (ms) the compiler's probe gave the module (its manifest's `budget.cpuMs`): a run gets it to load it. */
  loadCpuMs?: number;
  /** For wasm modules: the admitted binary, its digest and declared exports. */
  wasm?: { file: string; sha256: string; exports: Record<string, unknown>; budget?: Record<string, number> };
}

/** Where the catalog server serves the pack manifest's JSON Schema (the `manifestSchema` option). */
export const MANIFEST_SCHEMA_PATH = "/schema/capsule-manifest.schema.json";

export interface CatalogServerOptions {
  catalog: { modules: readonly ServedModule[] };
  /**
   * token → pack patterns it may fetch ("@capsule/yaml", "@capsule/*", "*"), or { packs, limits } where limits are the
   * most each run limit may be in that token's POST /run. Omitted: no authorization (local use).
   */
  tokens?: Readonly<Record<string, TokenGrant>>;
  /** Static files served at /playground/ (and / redirects there), without a token: the browser runner's page. */
  assets?: StaticAssets;
  /**
   * Writes the API reference of the given modules (those the caller's token grants, narrowed by `?allow=`), served at
   * GET /docs?allow=a,b&format=md|dts. The compiler's docs() is the usual implementation (`capsule serve` passes it).
   */
  docs?: (modules: readonly ServedModule[], format: "md" | "dts") => Promise<string>;
  /** The pack manifest's JSON Schema text, served to anyone (no token: it is public) at MANIFEST_SCHEMA_PATH. */
  manifestSchema?: string;
  /** Serves POST /run: the handler runs a program under the caller's grant (see run-route.ts). */
  run?: RunRouteOptions;
}

/** One token's grant in the tokens option: pack patterns, or pack patterns with run limits. */
export type TokenGrant = readonly string[] | Grant;

const grantOf = (grant: TokenGrant): Grant => (Array.isArray(grant) ? { packs: grant as readonly string[] } : (grant as Grant));

const grants = (patterns: readonly string[], pack: string) =>
  patterns.some((p) => p === "*" || p === pack || (p.endsWith("/*") && pack.startsWith(p.slice(0, -1))));

/** The pack a specifier belongs to, from its name alone ("@scope/name/sub" → "@scope/name"). */
const packOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** The HTTP server, plus swapping the catalog it serves (after packs are installed) without dropping a request. */
export type CatalogServer = Server & {
  setCatalog(catalog: { modules: readonly ServedModule[] }): void;
  /** Replaces the token grants (a rotated tokens file); requests already answered keep what they were given. */
  setTokens(tokens: Readonly<Record<string, TokenGrant>>): void;
};

/** A catalog indexed for serving; replaced as a whole, so a request sees one catalog or the other. */
function indexCatalog(catalog: { modules: readonly ServedModule[] }) {
  return {
    modules: catalog.modules,
    bySpecifier: new Map(catalog.modules.map((m) => [m.specifier, m])),
    byDigest: new Map(catalog.modules.map((m) => [m.sha256, m])),
    byWasmDigest: new Map(catalog.modules.flatMap((m) => (m.wasm ? [[m.wasm.sha256, m] as const] : []))),
  };
}

export function createCatalogServer(options: CatalogServerOptions): CatalogServer {
  let current = indexCatalog(options.catalog);
  let tokens = options.tokens;
  // Kept as bytes: a response writes them as they are, with no per-request UTF-8 encoding.
  const sourceOf = verifiedByDigest();
  /** Written references by format and module digests (a new catalog with other digests misses). */
  const docsCache = new Map<string, Promise<string>>();
  const binaryOf = verifiedByDigest();
  const serveRun = options.run ? createRunRoute(options.run) : undefined;
  /** The caller's grant, or why there is none: no token sent, or one this server does not know. */
  const tokenOf = (req: IncomingMessage): string | undefined => {
    const header = req.headers.authorization ?? "";
    return header.startsWith("Bearer ") ? header.slice(7) : undefined;
  };
  const grantFor = (req: IncomingMessage): Grant | "token-required" | "token-unknown" => {
    if (!tokens) return { packs: ["*"] };
    const token = tokenOf(req);
    if (!token) return "token-required";
    return Object.prototype.hasOwnProperty.call(tokens, token) ? grantOf(tokens[token]!) : "token-unknown";
  };
  const send = (res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff", ...CORS_HEADERS, ...headers });
    res.end(body);
  };
  const error = (res: ServerResponse, status: number, code: ServeCode, message: string, headers?: Record<string, string>) => send(res, status, JSON.stringify({ code, message }), headers);

  /** Serves content-addressed bytes: digest headers, 304 on a matching ETag, 500 when the file no longer matches. */
  async function serveContent(req: IncomingMessage, res: ServerResponse, digest: string, immutable: boolean, type: string, load: () => Promise<Buffer>) {
    const headers = {
      etag: `"sha256-${digest}"`,
      "x-capsule-digest": `sha256-${digest}`,
      // Token-gated bytes are the browser's to keep, not a shared cache's (it would answer clients without a token).
      "cache-control": immutable ? `${tokens ? "private" : "public"}, max-age=31536000, immutable` : "no-cache",
    };
    if ((req.headers["if-none-match"] ?? "").split(/\s*,\s*/).includes(headers.etag)) {
      res.writeHead(304, { ...CORS_HEADERS, ...headers });
      res.end();
      return;
    }
    let body: Buffer;
    try {
      body = await load();
    } catch {
      return error(res, 500, "module-unavailable", "the module's compiled file is missing or no longer matches its digest; recompile the packs");
    }
    send(res, 200, body, { ...headers, "content-type": type });
  }
  const serveModule = (req: IncomingMessage, res: ServerResponse, m: ServedModule, immutable: boolean) =>
    serveContent(req, res, m.sha256, immutable, "text/javascript; charset=utf-8", () => sourceOf(m.sha256, () => (m.source !== undefined ? Promise.resolve(Buffer.from(m.source)) : readFile(m.sourcePath!))));
  const serveBinary = (req: IncomingMessage, res: ServerResponse, m: ServedModule) =>
    serveContent(req, res, m.wasm!.sha256, true, "application/wasm", () => binaryOf(m.wasm!.sha256, () => readFile(m.wasm!.file)));

  // A failure no route foresaw answers 500 (or ends that one response), never the process: an async listener's
  // rejection is unhandled, and Node exits on one.
  const server = createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) return error(res, 500, "serve-failed", "the server failed while answering; try again");
      res.destroy();
    });
  });
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    const { modules, bySpecifier, byDigest, byWasmDigest } = current;
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS_HEADERS);
      return res.end();
    }
    const url = new URL(req.url ?? "/", "http://catalog");
    const isRun = serveRun !== undefined && url.pathname === "/run";
    // What a server without tokens serves to any page (the catalog, modules: what an embedding page imports) is
    // readable anyway; running a program is not: only its own pages, by its own address (any web page the operator
    // opened ran programs on it through CORS "*", or through DNS rebinding).
    const foreign = isRun && !tokens ? foreignRequest(req) : undefined;
    if (foreign) return error(res, 403, "origin-not-allowed", foreign);
    if (isRun && req.method !== "POST") return error(res, 405, "method-not-allowed", "send runs with POST /run and a JSON body { source, inputs?, seed?, now?, limits? }");
    if (!isRun && req.method !== "GET" && req.method !== "HEAD") return error(res, 405, "method-not-allowed", `only GET and HEAD are served here${serveRun ? "; runs go to POST /run" : ""}`);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return error(res, 400, "bad-path", "the path is not valid percent-encoding");
    }
    if (options.assets?.handles(path)) return options.assets.serve(req, res, path);
    if (path === MANIFEST_SCHEMA_PATH && options.manifestSchema !== undefined) {
      return send(res, 200, options.manifestSchema, { "content-type": "application/schema+json; charset=utf-8", "cache-control": "no-cache" });
    }
    const grant = grantFor(req);
    // RFC 6750 §3: a 401 names the scheme it wants, and says when the token sent was not one it knows.
    if (grant === "token-required") return error(res, 401, "token-required", "this server wants a bearer token: send Authorization: Bearer <token> with a token that grants the packs you need", { "www-authenticate": 'Bearer realm="capsule"' });
    if (grant === "token-unknown") return error(res, 401, "token-unknown", "this server does not know the bearer token sent: check it for typos, or ask the operator for a current one", { "www-authenticate": 'Bearer realm="capsule", error="invalid_token"' });
    const patterns = grant.packs;
    if (isRun) return serveRun!(req, res, grant, send, tokens ? tokenOf(req) : undefined);
    if (path === "/docs" && options.docs) {
      const format = url.searchParams.get("format") ?? "md";
      if (format !== "md" && format !== "dts") return error(res, 400, "bad-format", "format must be md or dts");
      const allow = url.searchParams.get("allow")?.split(",").filter(Boolean);
      const granted = modules.filter((m) => grants(patterns, m.pack) && (!allow || allow.includes(m.specifier)));
      const key = `${format}\0${granted.map((m) => m.sha256).join(",")}`;
      let text = docsCache.get(key);
      if (!text) {
        text = options.docs(granted, format);
        docsCache.set(key, text);
        text.catch(() => docsCache.delete(key));
        if (docsCache.size > DOCS_CACHE_ENTRIES) docsCache.delete(docsCache.keys().next().value!);
      }
      try {
        return send(res, 200, await text, { "content-type": `text/${format === "md" ? "markdown" : "plain"}; charset=utf-8`, "cache-control": "no-cache" });
      } catch {
        return error(res, 500, "docs-unavailable", "the reference could not be written; check the packs with `capsule packs compile`");
      }
    }
    if (path === "/catalog") {
      const listed = modules
        .filter((m) => grants(patterns, m.pack))
        .map(({ specifier, pack, version, kind, sha256, exports, size, summary, hostId, wasm, loadCpuMs }) => ({
          specifier, pack, version, kind, sha256, exports, size, summary, url: `/digest/${sha256}`,
          ...(hostId ? { hostId } : {}),
          // The browser runner gives a run importing the module this much more CPU to load it, as the Node runtime does.
          ...(loadCpuMs !== undefined ? { loadCpuMs } : {}),
          ...(wasm ? { wasm: { sha256: wasm.sha256, exports: wasm.exports, budget: wasm.budget, url: `/wasm/${wasm.sha256}` } } : {}),
        }));
      return send(res, 200, JSON.stringify({ version: 1, modules: listed }), { "cache-control": "no-cache" });
    }
    if (path.startsWith("/modules/")) {
      const specifier = path.slice("/modules/".length);
      if (!grants(patterns, packOf(specifier))) return error(res, 403, "not-allowed", "your token does not grant this pack");
      const m = bySpecifier.get(specifier);
      if (!m) return error(res, 404, "not-found", "no such module");
      return serveModule(req, res, m, false);
    }
    if (path.startsWith("/digest/")) {
      const m = byDigest.get(path.slice("/digest/".length));
      if (!m || !grants(patterns, m.pack)) return error(res, 404, "not-found", "no such module");
      return serveModule(req, res, m, true);
    }
    if (path.startsWith("/wasm/")) {
      const m = byWasmDigest.get(path.slice("/wasm/".length));
      if (!m || !grants(patterns, m.pack)) return error(res, 404, "not-found", "no such module");
      return serveBinary(req, res, m);
    }
    return error(res, 404, "not-found", `routes: /catalog, /modules/<specifier>, /digest/<sha256>, /wasm/<sha256>${options.docs ? ", /docs" : ""}${options.assets ? ", /playground/" : ""}${options.manifestSchema !== undefined ? `, ${MANIFEST_SCHEMA_PATH}` : ""}${serveRun ? ", POST /run" : ""}`);
  };
  // Bounds on what a client holds: headers within 10 s, a whole request (a run's body) within 60 s (Node's 300 s let a
  // trickled body hold its socket five minutes), and at most MAX_CONNECTIONS sockets at once.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;
  return Object.assign(server, {
    setCatalog(catalog: { modules: readonly ServedModule[] }) {
      current = indexCatalog(catalog);
      docsCache.clear(); // a pack's declarations may have changed without its module digests
    },
    setTokens(next: Readonly<Record<string, TokenGrant>>) {
      tokens = next;
    },
  });
}

/** Reads content once per digest, refusing it unless it hashes to that digest; a failed read is tried again next time. */
function verifiedByDigest() {
  const cache = new Map<string, Promise<Buffer>>();
  return (sha256: string, read: () => Promise<Buffer>): Promise<Buffer> => {
    let content = cache.get(sha256);
    if (!content) {
      content = read().then((body) => {
        if (createHash("sha256").update(body).digest("hex") !== sha256) throw new Error("digest mismatch");
        return body;
      });
      cache.set(sha256, content);
      content.catch(() => cache.delete(sha256));
    }
    return content;
  };
}
