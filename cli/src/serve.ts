// `capsule serve`: serves the compiled catalog over HTTP (see registry's createCatalogServer) until stopped.
// Tokens come from a JSON file mapping each token to the pack patterns it grants; without one, every module is
// served to anyone who can reach the port (bind to 127.0.0.1, the default, for local use).

import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createCatalogServer, staticAssets } from "@capsule/registry";
import { ASSETS_DIR } from "@capsule/browser/assets";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

export interface ServeOptions extends LocationOptions {
  port?: number;
  host?: string;
  tokens?: string;
}

export async function serveCommand(options: ServeOptions): Promise<number> {
  let tokens: Record<string, string[]> | undefined;
  if (options.tokens) {
    try {
      tokens = JSON.parse(await readFile(options.tokens, "utf8")) as Record<string, string[]>;
      if (typeof tokens !== "object" || tokens === null || Object.values(tokens).some((v) => !Array.isArray(v))) throw new Error("shape");
    } catch {
      process.stderr.write(`capsule serve: --tokens must be a JSON file like { "<token>": ["@capsule/*"] }\n`);
      return 2;
    }
  }
  const { catalog } = await compileRoots(resolveLocations(options));
  const server = createCatalogServer({ catalog, tokens, assets: staticAssets(ASSETS_DIR) });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 7300, options.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  process.stdout.write(`serving ${catalog.modules.length} modules at ${origin}/catalog${tokens ? "" : " (no tokens: open to anyone who can reach it)"}\nplayground: ${origin}/playground/\n`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}
