// `capsule serve`: serves the compiled catalog over HTTP (see registry's createCatalogServer) until stopped, and
// follows the home's catalog: when <home>/catalog.json changes (a pack installed, uninstalled or recompiled by
// another command), the roots are compiled again (warm: no esbuild) and the new catalog served, with no restart.
// Tokens come from a JSON file mapping each token to the pack patterns it grants, or to { packs, limits } where
// limits are the most each run limit may be under it; without one, every module is served (and POST /run runs
// programs) for anyone who can reach the port (bind to 127.0.0.1, the default, for local use). POST /run runs a
// program under the caller's token (serve-run.ts) within the operator's --ceiling values, --max-body and --max-runs.
// Refuses a malformed tokens file or --ceiling as bad usage (exit 2).

import { readFile } from "node:fs/promises";
import { unwatchFile, watchFile } from "node:fs";
import type { AddressInfo } from "node:net";
import { createCatalogServer, staticAssets, type TokenGrant } from "@capsule/registry";
import { docs, MANIFEST_SCHEMA_URL, type Catalog } from "@capsule/compiler";
import { ASSETS_DIR } from "@capsule/browser/assets";
import { compileRoots, homeDiscoverOptions } from "./catalog-file.js";
import { resolveLocations, type LocationOptions, type Locations } from "./paths.js";
import { SERVE_CATALOG_POLL_MS } from "./tuning.js";
import { shownMessage } from "./terminal-text.js";
import type { CatalogServer } from "@capsule/registry";
import { parseServeCeilings, serveRunner, tokenLimitsProblem, type ServeRunner } from "./serve-run.js";

interface ServeOptions extends LocationOptions {
  port?: number;
  host?: string;
  tokens?: string;
  /** The operator's ceilings of POST /run as <limit>=<value>. */
  ceiling?: string[];
  /** Cap of a POST /run body in bytes. */
  maxBody?: number;
  /** Runs in flight at once before POST /run answers run-busy. */
  maxRuns?: number;
  /** Runs one token may have in flight before POST /run answers run-token-busy. */
  maxRunsPerToken?: number;
}

const TOKENS_SHAPE = `a JSON file like { "<token>": ["@capsule/*"], "<other>": { "packs": ["@capsule/csv"], "limits": { "wallMs": 5000 } } }`;

const isPatterns = (v: unknown): v is string[] => Array.isArray(v) && v.every((p) => typeof p === "string");
/** Whether one token's entry is pack patterns, or { packs, limits? } with known limit names and integers. */
const isGrant = (v: unknown): v is TokenGrant =>
  isPatterns(v) ||
  (typeof v === "object" && v !== null && Object.keys(v).every((k) => k === "packs" || k === "limits") && isPatterns((v as { packs?: unknown }).packs) &&
    ((v as { limits?: unknown }).limits === undefined || tokenLimitsProblem((v as { limits?: unknown }).limits) === undefined));

/** The tokens file's grants, or undefined when it is unreadable or not token → grant. */
async function readTokens(file: string): Promise<Record<string, TokenGrant> | undefined> {
  try {
    const tokens = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const ok = typeof tokens === "object" && tokens !== null && !Array.isArray(tokens) && Object.values(tokens).every(isGrant);
    return ok ? (tokens as Record<string, TokenGrant>) : undefined;
  } catch {
    return undefined;
  }
}

export async function serveCommand(options: ServeOptions): Promise<number> {
  const tokens = options.tokens ? await readTokens(options.tokens) : undefined;
  if (options.tokens && !tokens) {
    process.stderr.write(`capsule serve: --tokens must be ${TOKENS_SHAPE}\n`);
    return 2;
  }
  const ceilings = parseServeCeilings(options.ceiling);
  if (typeof ceilings === "string") return process.stderr.write(`capsule serve: ${ceilings}\n`), 2;
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  const runner = serveRunner(catalog, ceilings);
  const server = createCatalogServer({
    catalog,
    tokens,
    assets: staticAssets(ASSETS_DIR),
    // The compiler's reference, for exactly the modules the caller may fetch.
    docs: async (modules, format) => docs({ catalog: { ...catalog, modules: modules as Catalog["modules"] }, roots: locations.roots, discover: await homeDiscoverOptions(locations), format }),
    run: { handler: runner.handler, maxBodyBytes: options.maxBody, maxInFlight: options.maxRuns, maxInFlightPerToken: options.maxRunsPerToken },
    manifestSchema: await readFile(MANIFEST_SCHEMA_URL, "utf8"),
  });
  const stopFollowing = followCatalog(locations, server, runner);
  const stopTokens = options.tokens ? followTokens(options.tokens, server) : () => undefined;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 7300, options.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  process.stdout.write(`serving ${catalog.modules.length} modules at ${origin}/catalog${tokens ? "" : " (no tokens: open to anyone who can reach it)"}\nplayground: ${origin}/playground/\nruns: POST ${origin}/run\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopFollowing();
      stopTokens();
      server.closeAllConnections?.();
      void runner.close().finally(() => server.close(() => resolve()));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

/** Recompiles and swaps the served catalog whenever another command rewrites <home>/catalog.json. */
function followCatalog(locations: Locations, server: CatalogServer, runner: ServeRunner): () => void {
  let compiling = false;
  let again = false;
  const reload = async () => {
    if (compiling) {
      again = true;
      return;
    }
    compiling = true;
    try {
      // The file is only the signal; the catalog served is always this process's own compile of the roots.
      const { catalog } = await compileRoots(locations, { save: false });
      server.setCatalog(catalog);
      runner.setCatalog(catalog);
      process.stdout.write(`catalog reloaded: ${catalog.modules.length} modules\n`);
    } catch (error) {
      process.stderr.write(`capsule serve: recompiling after a catalog change failed (${shownMessage((error as Error).message)}); still serving the previous catalog\n`);
    } finally {
      compiling = false;
      if (again) {
        again = false;
        void reload();
      }
    }
  };
  watchFile(locations.catalogFile, { interval: SERVE_CATALOG_POLL_MS }, (now, before) => {
    if (now.mtimeMs !== before.mtimeMs && now.mtimeMs !== 0) void reload();
  });
  return () => unwatchFile(locations.catalogFile);
}

/** Swaps the token grants when the tokens file changes (rotation without a restart); a bad file keeps the old grants. */
function followTokens(file: string, server: CatalogServer): () => void {
  watchFile(file, { interval: SERVE_CATALOG_POLL_MS }, async (now, before) => {
    if (now.mtimeMs === before.mtimeMs) return;
    const tokens = await readTokens(file);
    if (!tokens) return void process.stderr.write(`capsule serve: ${file} is no longer ${TOKENS_SHAPE}; still using the previous tokens\n`);
    server.setTokens(tokens);
    process.stdout.write(`tokens reloaded: ${Object.keys(tokens).length} token(s)\n`);
  });
  return () => unwatchFile(file);
}

