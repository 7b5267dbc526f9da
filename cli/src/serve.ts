// `capsule serve`: serves the compiled catalog over HTTP (see registry's createCatalogServer) until stopped, and
// follows the home's catalog: when <home>/catalog.json changes (a pack installed, uninstalled or recompiled by
// another command), the roots are compiled again (warm: no esbuild) and the new catalog served, with no restart.
// Tokens come from a JSON file mapping each token to the pack patterns it grants; without one, every module is
// served to anyone who can reach the port (bind to 127.0.0.1, the default, for local use).

import { readFile } from "node:fs/promises";
import { unwatchFile, watchFile } from "node:fs";
import type { AddressInfo } from "node:net";
import { createCatalogServer, staticAssets } from "@capsule/registry";
import { docs, type Catalog } from "@capsule/compiler";
import { ASSETS_DIR } from "@capsule/browser/assets";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions, type Locations } from "./paths.js";
import { SERVE_CATALOG_POLL_MS } from "./tuning.js";
import { shownMessage } from "./terminal-text.js";
import type { CatalogServer } from "@capsule/registry";

interface ServeOptions extends LocationOptions {
  port?: number;
  host?: string;
  tokens?: string;
}

const TOKENS_SHAPE = `a JSON file like { "<token>": ["@capsule/*"] }`;

/** The tokens file's grants, or undefined when it is unreadable or not token → array of pack patterns. */
async function readTokens(file: string): Promise<Record<string, string[]> | undefined> {
  try {
    const tokens = JSON.parse(await readFile(file, "utf8")) as Record<string, string[]>;
    const ok = typeof tokens === "object" && tokens !== null && !Array.isArray(tokens) && Object.values(tokens).every((v) => Array.isArray(v) && v.every((p) => typeof p === "string"));
    return ok ? tokens : undefined;
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
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  const server = createCatalogServer({
    catalog,
    tokens,
    assets: staticAssets(ASSETS_DIR),
    // The compiler's reference, for exactly the modules the caller may fetch.
    docs: (modules, format) => docs({ catalog: { ...catalog, modules: modules as Catalog["modules"] }, roots: locations.roots, format }),
  });
  const stopFollowing = followCatalog(locations, server);
  const stopTokens = options.tokens ? followTokens(options.tokens, server) : () => undefined;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 7300, options.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  process.stdout.write(`serving ${catalog.modules.length} modules at ${origin}/catalog${tokens ? "" : " (no tokens: open to anyone who can reach it)"}\nplayground: ${origin}/playground/\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopFollowing();
      stopTokens();
      server.close(() => resolve());
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

/** Recompiles and swaps the served catalog whenever another command rewrites <home>/catalog.json. */
function followCatalog(locations: Locations, server: CatalogServer): () => void {
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

