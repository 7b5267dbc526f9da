// Owns the rules for resolving guest imports against a catalog: only admitted modules, only those the run is allowed,
// only intra-pack imports from inside a module, the private bridge only for host and wasm facades, pins checked.
// Sources come from a loader power that verifies each against its sha256, so the same rules serve Node (files) and
// the browser runner (digest URLs). Refuses unknown, disallowed and tampered modules, and drift in strict mode.

import { BRIDGE_DIGEST, BRIDGE_SOURCE, BRIDGE_SPECIFIER } from "./bridge.js";
import { quoted, runError, type RunError } from "./errors.js";
import type { ModuleResolver, ResolvedModule } from "./resolver.js";
import { resolveImports, type ImportGraph } from "./imports.js";

/** What the runtime needs of a catalog entry (the compiler's CatalogModule has these and more). */
export interface CatalogEntry {
  specifier: string;
  pack: string;
  /** "host" or "wasm" for a facade (then `hostId` names what it calls: a pinned id, or "wasm:<specifier>"); guest otherwise. */
  kind?: "guest" | "host" | "wasm";
  hostId?: string;
  version?: string;
  sha256: string;
  /** Absolute path of the compiled source, or the source itself. */
  sourcePath?: string;
  source?: string;
  exports?: readonly string[];
  /** npm names a program may write for this module, through an explicit import map only (the refusal names the map). */
  standsFor?: readonly string[];
  /** The CPU budget (ms) the compiler's probe gave the module (its manifest's `budget.cpuMs`): a run gets it to load it. */
  loadCpuMs?: number;
}

export interface CatalogLike {
  modules: readonly CatalogEntry[];
}

export interface CatalogRunOptions {
  /** Specifiers this run may import; omitted means every admitted module of the catalog. */
  allow?: readonly string[];
  /** Expected sha256 per specifier; a different digest in the catalog is drift. */
  pins?: Readonly<Record<string, string>>;
  /** Refuse drifted modules instead of warning. */
  strictPins?: boolean;
}

export interface RunWarning {
  code: "W_DIGEST_DRIFT";
  message: string;
}


/** Each catalog is indexed once (not once per run): catalogs are treated as immutable once given to a sandbox. */
const indexes = new WeakMap<CatalogLike, Map<string, CatalogEntry>>();
function indexOf(catalog: CatalogLike): Map<string, CatalogEntry> {
  let index = indexes.get(catalog);
  if (!index) {
    index = new Map(catalog.modules.map((m) => [m.specifier, m]));
    indexes.set(catalog, index);
  }
  return index;
}

export interface CatalogResolution {
  resolver: ModuleResolver;
  /** Problems found while resolving, reported after resolution (the resolver itself only says yes or no). */
  failure(): RunError | undefined;
  warnings: RunWarning[];
}

/** Reads a module's source and checks it against the entry's digest: the source, or why it cannot be used. */
export type SourceLoader = (entry: CatalogEntry) => string | RunError | Promise<string | RunError>;

/** A resolver over `catalog` whose sources come from `load` (a file in Node, a digest URL in the browser runner). */
export function catalogResolverWith(load: SourceLoader, catalog: CatalogLike, options: CatalogRunOptions, mainName: string): CatalogResolution {
  const bySpecifier = indexOf(catalog);
  const allowed = options.allow ? new Set(options.allow) : undefined;
  const warnings: RunWarning[] = [];
  let problem: RunError | undefined;
  const refuse = (error: RunError) => {
    problem ??= error;
    return undefined;
  };
  const resolver: ModuleResolver = {
    resolve(specifier: string, referrer: string): ResolvedModule | undefined | Promise<ResolvedModule | undefined> {
      // The program's name and the catalog's specifiers share one namespace: a program saved as "wok" (an unscoped
      // wasm module's specifier) was taken for that facade and given the private bridge.
      if (bySpecifier.has(mainName)) {
        return refuse(runError("E_BAD_REQUEST", `the program's filename "${quoted(mainName)}" is the specifier of an installed module; give the program another name (for example "${quoted(mainName)}.js")`));
      }
      if (specifier === BRIDGE_SPECIFIER) {
        const kind = referrer === mainName ? undefined : bySpecifier.get(referrer)?.kind;
        if (kind === "host" || kind === "wasm") return { specifier, source: BRIDGE_SOURCE, digest: BRIDGE_DIGEST };
        return refuse(runError("E_IMPORT_REFUSED", `"${BRIDGE_SPECIFIER}" is private to host-module facades; import the host module itself (for example "@capsule/csv")`));
      }
      const entry = bySpecifier.get(specifier);
      if (!entry) {
        // Every module that claims the name is named: the first alone let any pack take the hint from another.
        const standIns = catalog.modules.filter((m) => m.standsFor?.includes(specifier));
        const standIn = standIns[0];
        const others = standIns.length > 1 ? ` (so do ${standIns.slice(1, 5).map((m) => m.specifier).join(", ")}${standIns.length > 5 ? ", …" : ""}: choose one)` : "";
        const hint = standIn
          ? `; ${standIn.specifier} stands for it${others}: map the name with imports: { ${JSON.stringify(specifier)}: ${JSON.stringify(standIn.specifier)} } (capsule run --import ${specifier}=${standIn.specifier}), or import ${JSON.stringify(standIn.specifier)}`
          : " (see `capsule packs list`)";
        return refuse(runError("E_IMPORT_UNRESOLVED", `cannot import "${quoted(specifier)}": no installed pack provides it${hint}`));
      }
      if (referrer === mainName) {
        if (allowed && !allowed.has(specifier)) {
          return refuse(runError("E_IMPORT_NOT_ALLOWED", `cannot import "${quoted(specifier)}": it is installed but not allowed for this run (allowed: ${[...allowed].join(", ") || "none"})`));
        }
      } else {
        const from = bySpecifier.get(referrer);
        if (!from || from.pack !== entry.pack) {
          return refuse(runError("E_IMPORT_REFUSED", `module "${referrer}" may not import "${specifier}": a module may import only its own pack's modules`));
        }
      }
      const pin = options.pins?.[specifier];
      if (pin !== undefined && pin !== entry.sha256) {
        const message = `module "${specifier}" drifted from its pinned digest (pinned ${pin.slice(0, 12)}…, installed ${entry.sha256.slice(0, 12)}…)`;
        if (options.strictPins) return refuse(runError("E_DIGEST_DRIFT", `${message}; strict mode refuses it`));
        warnings.push({ code: "W_DIGEST_DRIFT", message });
      }
      const host = (entry.kind === "host" || entry.kind === "wasm") && entry.hostId ? { id: entry.hostId, pack: entry.pack } : undefined;
      const finish = (source: string | RunError): ResolvedModule | undefined =>
        typeof source !== "string" ? refuse(source) : { specifier, source, digest: entry.sha256, ...(host ? { host } : {}), ...(entry.loadCpuMs !== undefined ? { loadCpuMs: entry.loadCpuMs } : {}) };
      const source = load(entry);
      return source instanceof Promise ? source.then(finish) : finish(source);
    },
  };
  return { resolver, failure: () => problem, warnings };
}

/** The run's whole import graph resolved against `catalog` (sources from `load`): the graph, or the first problem met. */
export async function resolveCatalogImports(
  load: SourceLoader,
  catalog: CatalogLike,
  options: CatalogRunOptions,
  main: { filename: string; imports: string[] },
  front: (behind: ModuleResolver) => ModuleResolver | undefined = (behind) => behind,
): Promise<{ ok: true; graph: ImportGraph; warnings: RunWarning[] } | { ok: false; error: RunError; warnings: RunWarning[] }> {
  const resolution = catalogResolverWith(load, catalog, options, main.filename);
  const resolved = await resolveImports(main.filename, main.imports, front(resolution.resolver));
  if (!resolved.ok) return { ok: false, error: resolution.failure() ?? resolved.error, warnings: resolution.warnings };
  return { ok: true, graph: resolved.graph, warnings: resolution.warnings };
}
