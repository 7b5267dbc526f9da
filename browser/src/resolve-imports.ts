// Owns resolving a run's imports against the catalog server: the runtime's catalog rules over sources fetched by
// digest URL and verified (catalog-client.ts), the index fetched again first when an import is missing from it
// (packs installed since), and the run's WASM modules picked out. Refuses a host module the page does not supply.

import { catalogResolverWith, type CatalogRunOptions, type RunWarning } from "@capsule/runtime/internal/catalog-resolver";
import { resolveImports, type ImportGraph } from "@capsule/runtime/internal/imports";
import { runError, type RunError } from "@capsule/runtime/internal/errors";
import type { CatalogClient, ServedEntry } from "./catalog-client.js";
import { INDEX_REFRESH_MIN_MS } from "./limits.js";

export interface ResolvedRun {
  graph: ImportGraph;
  /** WASM modules of the run, by host id ("wasm:<specifier>"). */
  wasmModules: Map<string, ServedEntry>;
}

const EMPTY: ImportGraph = { modules: {}, links: {}, moduleSetKey: "", hostModules: new Map(), facades: [] };

export async function resolveRunImports(
  client: CatalogClient,
  mainName: string,
  imports: string[],
  options: CatalogRunOptions,
  suppliedHostModules: ReadonlySet<string>,
): Promise<{ resolved?: ResolvedRun; error?: RunError; warnings: RunWarning[] }> {
  if (imports.length === 0) return { resolved: { graph: EMPTY, wasmModules: new Map() }, warnings: [] };
  const attempt = async (refresh: boolean) => {
    const served = await client.index(refresh);
    if ("code" in served) return { error: served, warnings: [] };
    const resolution = catalogResolverWith((entry) => client.source(entry), served, options, mainName);
    const graph = await resolveImports(mainName, imports, resolution.resolver);
    return graph.ok ? { served, graph: graph.graph, warnings: resolution.warnings } : { error: resolution.failure() ?? graph.error, warnings: resolution.warnings };
  };
  let result: Awaited<ReturnType<typeof attempt>> = await attempt(false);
  // Packs may have been installed since the index was fetched: look again before calling an import unresolved.
  if (result.error?.code === "E_IMPORT_UNRESOLVED" && client.indexAgeMs() > INDEX_REFRESH_MIN_MS) result = await attempt(true);
  if (result.error || !("graph" in result)) return { error: result.error, warnings: result.warnings };
  const wasmModules = new Map<string, ServedEntry>();
  for (const [id, pack] of result.graph.hostModules) {
    const entry = result.served.modules.find((m) => m.hostId === id && m.pack === pack);
    if (entry?.kind === "wasm" && entry.wasm) wasmModules.set(id, entry);
    else if (!suppliedHostModules.has(id)) {
      const error = runError("E_HOST_MODULE_UNAVAILABLE", `"${entry?.specifier ?? pack}" is a host module (${id}) that runs on a server, and this page supplies none: pass hostModules: { "${id}": { … } } to createBrowserSandbox, or run this guest on the Node runtime`);
      return { error, warnings: result.warnings };
    }
  }
  return { resolved: { graph: result.graph, wasmModules }, warnings: result.warnings };
}
