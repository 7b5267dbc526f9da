// Test support for the browser runner: Debian's chromium driven by playwright-core, the catalog server with the
// playground (cross-origin isolated), and a plain "embedder" origin that is not isolated and loads the runner
// library from its own origin while fetching modules cross-origin from the catalog server.
import { existsSync, readFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll } from "vitest";
import { createCatalogServer, staticAssets, type CatalogServerOptions } from "../../registry/src/index.js";
import { ASSETS_DIR } from "../../browser/assets.js";
import { docs } from "../../compiler/src/index.js";
import { PACKS_ROOT, shippedCatalog } from "./shipped-catalog.js";
import { serveRunner } from "../../cli/src/serve-run.js";
import { serverCeilings } from "../../mcp/src/index.js";

/** Debian's chromium (installed by scripts/setup-browser.mjs); CAPSULE_CHROMIUM points elsewhere. */
export const CHROMIUM = process.env.CAPSULE_CHROMIUM ?? "/usr/bin/chromium";
/** Flags for a headless Chromium on a machine with no outside network (no background lookups, no sandbox as root). */
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM}: run \`node scripts/setup-browser.mjs\` (installs Debian's chromium) or set CAPSULE_CHROMIUM`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  afterAll(() => browser.close());
  return browser;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The shipped catalog served with the playground, as `capsule serve` does (with runs: POST /run too, on `capsule
 * serve`'s own runner and the shipped host modules); returns its origin.
 */
export async function servePlayground(options: Partial<CatalogServerOptions> & { runs?: boolean } = {}): Promise<string> {
  const { catalog } = await shippedCatalog();
  const reference = (modules: readonly unknown[], format: "md" | "dts") => docs({ catalog: { ...catalog, modules: modules as typeof catalog.modules }, roots: [PACKS_ROOT], format });
  const { runs, ...rest } = options;
  const runner = runs ? serveRunner(catalog, serverCeilings()) : undefined;
  if (runner) afterAll(() => runner.close());
  return listen(createCatalogServer({ catalog, assets: staticAssets(ASSETS_DIR), docs: reference, ...(runner ? { run: { handler: runner.handler } } : {}), ...rest }));
}

/** How long /slow-lib/ holds back the engine binary: a machine slow to fetch and compile the engine. */
export const SLOW_ENGINE_MS = 6_000;

/**
 * Another origin, NOT cross-origin isolated: "/" is an empty page and /lib/ serves the built runner, so a page there
 * embeds @capsule/browser the way a third-party site would; /slow-lib/ serves the same files, the engine binary
 * only after SLOW_ENGINE_MS and never from cache.
 */
export async function serveEmbedder(): Promise<string> {
  const types: Record<string, string> = { js: "text/javascript", wasm: "application/wasm", map: "application/json" };
  return listen(
    createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (path === "/") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<!doctype html><title>embedder</title><p>embedder</p>");
      }
      const slow = path.startsWith("/slow-lib/");
      const name = path.startsWith("/lib/") ? path.slice(5) : slow ? path.slice(10) : "";
      const file = join(ASSETS_DIR, name);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) {
        res.writeHead(404);
        return res.end();
      }
      const send = () => {
        res.writeHead(200, { "content-type": types[name.split(".").pop()!] ?? "application/octet-stream", ...(slow ? { "cache-control": "no-store" } : {}) });
        res.end(readFileSync(file));
      };
      if (slow && name.endsWith(".wasm")) setTimeout(send, SLOW_ENGINE_MS);
      else send();
    }),
  );
}

/** A new page that fails the test on uncaught page errors; its console is kept for messages. */
/** Runs `source` in the playground served at `origin` and reads what the page shows of the run. */
export async function playOnce(browser: Browser, origin: string, source: string) {
  const page = await openPage(browser, `${origin}/playground/`);
  await page.waitForSelector(".cm-content");
  await page.evaluate((t) => (window as unknown as { capsulePlayground: { setSource(t: string): void } }).capsulePlayground.setSource(t), source);
  await page.click("#run");
  await page.waitForSelector('#status[data-state="ok"], #status[data-state="error"]', { timeout: 20_000 });
  return { status: await page.textContent("#status"), result: await page.textContent("#result"), error: await page.textContent("#error"), logs: await page.textContent("#logs") };
}

export async function openPage(browser: Browser, url: string): Promise<Page & { errors: string[] }> {
  const page = (await browser.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(error.message));
  await page.goto(url);
  return page;
}

/** Loads the runner library at `url` into the page as window.capsule (the test's own code cannot import() there). */
export async function loadLibrary(page: Page, url: string): Promise<void> {
  await page.addScriptTag({ type: "module", content: `import * as capsule from ${JSON.stringify(url)}; window.capsule = capsule;` });
  await page.waitForFunction(() => "capsule" in window);
}

/**
 * An HTTP proxy in front of `upstream` (a cache or CDN, honest or not): every response body passes through `rewrite`,
 * which may return other bytes. Returns the proxy's origin.
 */
export function proxy(upstream: string, rewrite: (req: IncomingMessage, body: Buffer) => Buffer): Promise<string> {
  const target = new URL(upstream);
  return listen(
    createServer((req, res) => {
      const forwarded = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        const chunks: Buffer[] = [];
        up.on("data", (c: Buffer) => chunks.push(c));
        up.on("end", () => {
          const body = rewrite(req, Buffer.concat(chunks));
          res.writeHead(up.statusCode ?? 502, { ...up.headers, "content-length": String(body.length) });
          res.end(body);
        });
      });
      req.pipe(forwarded);
    }),
  );
}
