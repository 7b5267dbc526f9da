// `capsule packs list`: the installed packs and their modules as the last compiled catalog describes them
// (specifier, kind, version, digest, admitted / pending / refused). Compiles first when there is no catalog
// yet (or with --refresh). Listing never fails because a pack was refused: that is what it reports.

import type { Catalog } from "@capsule/compiler";
import { compileRoots, readCatalog } from "./catalog-file.js";
import { makeTable } from "./output.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shownMessage } from "./terminal-text.js";

interface PacksListOptions extends LocationOptions {
  json?: boolean;
  refresh?: boolean;
}

interface ListedModule {
  specifier: string;
  kind: "guest" | "host" | "wasm" | "unknown";
  version?: string;
  /** Full sha256 of the served source (guest modules only). */
  digest?: string;
  status: "admitted" | "pending" | "refused";
  code?: string;
  message?: string;
  exports?: string[];
  summary?: string;
}

interface ListedPack {
  name: string;
  version?: string;
  modules: ListedModule[];
}

export async function packsListCommand(options: PacksListOptions): Promise<number> {
  const locations = resolveLocations(options);
  let saved = options.refresh ? undefined : await readCatalog(locations.catalogFile);
  if (!saved) {
    // Without a catalog, compileRoots says it is compiling (the first compile of the home).
    if (!options.json && options.refresh) process.stderr.write("compiling packs…\n");
    try {
      const result = await compileRoots(locations);
      saved = { catalog: result.catalog, mtime: new Date() };
    } catch (error) {
      process.stderr.write(`capsule packs list: ${shownMessage((error as Error).message)}\n`);
      return 1;
    }
  }
  const packs = listPacks(saved.catalog);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ catalog: locations.catalogFile, compiledAt: saved.mtime.toISOString(), packs }, null, 2)}\n`);
    return 0;
  }
  const modules = packs.flatMap((p) => p.modules);
  if (!modules.length) {
    process.stdout.write(`no packs installed (roots: ${locations.roots.join(", ")})\n`);
    return 0;
  }
  const rows = modules.map((m) => [
    m.specifier,
    m.kind === "unknown" ? "-" : m.kind,
    m.version ?? "-",
    m.digest ? m.digest.slice(0, 12) : "-",
    m.status === "refused" ? `refused (${m.code})` : m.status,
  ]);
  process.stdout.write(`${makeTable(["specifier", "kind", "version", "digest", "status"], rows, [0, 4])}\n`);
  const n = (s: ListedModule["status"]) => modules.filter((m) => m.status === s).length;
  process.stdout.write(
    `${packs.length} pack${packs.length === 1 ? "" : "s"}, ${modules.length} module${modules.length === 1 ? "" : "s"}: ` +
      `${n("admitted")} admitted, ${n("pending")} pending, ${n("refused")} refused\n` +
      `catalog ${locations.catalogFile}, compiled ${saved.mtime.toISOString()} (refresh with \`capsule packs compile\` or --refresh)\n`,
  );
  return 0;
}

/** Groups the catalog's three lists by pack, modules sorted by specifier. */
function listPacks(catalog: Catalog): ListedPack[] {
  const packs = new Map<string, ListedPack>();
  const packOf = (name: string, version?: string) => {
    let p = packs.get(name);
    if (!p) packs.set(name, (p = { name, modules: [] }));
    if (version && !p.version) p.version = version;
    return p;
  };
  for (const m of catalog.modules) {
    packOf(m.pack, m.version).modules.push({
      specifier: m.specifier, kind: m.kind, version: m.version, digest: m.sha256, status: "admitted", exports: m.exports, summary: m.summary,
    });
  }
  for (const m of catalog.pending) {
    packOf(m.pack, m.version).modules.push({ specifier: m.specifier, kind: m.kind, version: m.version, status: "pending", summary: m.summary });
  }
  for (const m of catalog.refused) {
    // The guest road (bundle → scan → probe → cache) and host admission refuse single modules; pack-level refusals have no kind.
    const guestRoad = /^(npm-module-|guest-module-)/.test(m.code) || m.code === "cache-write-failed";
    const kind = guestRoad ? "guest" : m.code.startsWith("host-id-") ? "host" : "unknown";
    packOf(m.pack).modules.push({ specifier: m.specifier, kind, status: "refused", code: m.code, message: m.message });
  }
  const out = [...packs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const p of out) {
    p.modules.sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
    for (const m of p.modules) if (!m.version && p.version) m.version = p.version;
  }
  return out;
}
