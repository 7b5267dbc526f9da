// Owns serving a folder of static files (the browser runner's playground) under /playground/, with / redirecting
// there. Every response makes the page cross-origin isolated (COOP + COEP), which gives its sandbox worker
// SharedArrayBuffer: graceful wall-clock and cancel stops instead of terminating the worker.
// Refuses every name not listed when the folder was read (no path is ever joined from the request).

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface StaticAssets {
  handles(path: string): boolean;
  serve(req: IncomingMessage, res: ServerResponse, path: string): void;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

const ISOLATION = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
  "cross-origin-resource-policy": "same-origin",
  "x-content-type-options": "nosniff",
};

const PREFIX = "/playground/";

/** Serves the files directly inside `dir` (read once, now): index.html at /playground/. */
export function staticAssets(dir: string): StaticAssets {
  const files = new Map<string, { body: Buffer; type: string; etag: string }>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[name.slice(name.lastIndexOf("."))];
    if (!type) continue;
    const body = readFileSync(join(dir, name));
    files.set(name, { body, type, etag: `"sha256-${createHash("sha256").update(body).digest("hex")}"` });
  }
  return {
    handles: (path) => path === "/" || path === "/playground" || path.startsWith(PREFIX),
    serve(req, res, path) {
      if (path === "/" || path === "/playground") {
        res.writeHead(302, { location: PREFIX, ...ISOLATION });
        return void res.end();
      }
      const file = files.get(path.slice(PREFIX.length) || "index.html");
      if (!file) {
        res.writeHead(404, { "content-type": "application/json; charset=utf-8", ...ISOLATION });
        return void res.end(JSON.stringify({ code: "not-found", message: "no such playground file" }));
      }
      const headers = { "content-type": file.type, etag: file.etag, "cache-control": "no-cache", ...ISOLATION };
      if (req.headers["if-none-match"] === file.etag) {
        res.writeHead(304, headers);
        return void res.end();
      }
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : file.body);
    },
  };
}
