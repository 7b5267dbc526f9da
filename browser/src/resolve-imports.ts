// Owns resolving a run's imports against the catalog server: the runtime's catalog rules over sources fetched by
// digest URL and verified (catalog-client.ts), the index fetched again first when an import is missing from it
// (packs installed since), and the run's WASM modules picked out. Refuses a host module the page does not supply.

import { isToolHostId, resolveCatalogImports, resolveImports, runError, type CatalogRunOptions, type ModuleResolver, type ResolvedImports } from "@capsule/runtime/host";
import type { CatalogClient, ServedEntry } from "./catalog-client.js";
import { INDEX_REFRESH_MIN_MS } from "./limits.js";

type Resolved = Extract<ResolvedImports, { ok: true }> & { wasmModules: Map<string, ServedEntry> };

export async function resolveRunImports(
  client: CatalogClient,
  main: { filename: string; imports: string[] },
  options: CatalogRunOptions,
  suppliedHostModules: ReadonlySet<string>,
  front: (behind: ModuleResolver | undefined) => ModuleResolver | undefined,
): Promise<Resolved | Extract<ResolvedImports, { ok: false }>> {
  if (main.imports.length === 0) return { ok: true, graph: { modules: {}, links: {}, moduleSetKey: "", hostModules: new Map(), facades: [], digests: {}, loadCpuMs: 0 }, warnings: [], wasmModules: new Map() };
  // A program importing only tool modules needs no catalog server.
  const toolsOnly = front(undefined);
  if (toolsOnly) {
    const local = await resolveImports(main.filename, main.imports, toolsOnly);
    if (local.ok) return { ok: true, graph: local.graph, warnings: [], wasmModules: new Map() };
  }
  const attempt = async (refresh: boolean) => {
    const served = await client.index(refresh);
    if ("code" in served) return { ok: false as const, error: served, warnings: [] };
    const resolved = await resolveCatalogImports((entry) => client.source(entry), served, options, main, front);
    return resolved.ok ? { ...resolved, served } : resolved;
  };
  let result = await attempt(false);
  // Packs may have been installed since the index was fetched: look again before calling an import unresolved.
  if (!result.ok && result.error.code === "E_IMPORT_UNRESOLVED" && client.indexAgeMs() > INDEX_REFRESH_MIN_MS) result = await attempt(true);
  if (!result.ok) return result;
  const wasmModules = new Map<string, ServedEntry>();
  for (const [id, pack] of result.graph.hostModules) {
    if (isToolHostId(id)) continue; // the run path answers tool modules itself
    const entry = result.served.modules.find((m) => m.hostId === id && m.pack === pack);
    if (entry?.kind === "wasm" && entry.wasm) wasmModules.set(id, entry);
    else if (!suppliedHostModules.has(id)) {
      const error = runError("E_HOST_MODULE_UNAVAILABLE", `"${entry?.specifier ?? pack}" is a host module (${id}) that runs on a server, and this page supplies none: pass hostModules: { "${id}": { … } } to createBrowserSandbox, or run this guest on the Node runtime`);
      return { ok: false, error, warnings: result.warnings };
    }
  }
  return { ok: true, graph: result.graph, warnings: result.warnings, wasmModules };
}
