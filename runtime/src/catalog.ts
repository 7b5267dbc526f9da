// Owns resolving guest imports against a compiled catalog: only admitted modules, only those the run is allowed,
// only intra-pack imports from inside a module; every source is read once and checked against its sha256.
// Refuses unknown, disallowed and tampered modules, and (in strict mode) modules whose digest drifted from a pin.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { runError, type RunError } from "./errors.js";
import type { ModuleResolver, ResolvedModule } from "./types.js";

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

/** The private bridge module: only facades may import it; it takes the bridge global while modules load. */
export const BRIDGE_SPECIFIER = "capsule:bridge";
const BRIDGE_SOURCE = "const bridge = globalThis.__capsule_bridge;\nexport default bridge;\n";

const verified = new Map<string, string>();

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

/** The module's source, read once per process and refused unless it hashes to the catalog's digest. */
function loadVerified(entry: CatalogEntry): string | RunError {
  const cached = verified.get(entry.sha256);
  if (cached !== undefined) return cached;
  let source: string;
  try {
    source = entry.source ?? readFileSync(entry.sourcePath!, "utf8");
  } catch {
    return runError("E_IMPORT_UNRESOLVED", `module "${entry.specifier}" is in the catalog but its compiled source is missing; run \`capsule packs compile\``);
  }
  const digest = createHash("sha256").update(source).digest("hex");
  if (digest !== entry.sha256) {
    return runError("E_MODULE_TAMPERED", `module "${entry.specifier}" does not match its catalog digest (expected ${entry.sha256.slice(0, 12)}…, got ${digest.slice(0, 12)}…); recompile with \`capsule packs compile --force\``);
  }
  verified.set(entry.sha256, source);
  return source;
}

export interface CatalogResolution {
  resolver: ModuleResolver;
  /** Problems found while resolving, reported after resolution (the resolver itself only says yes or no). */
  failure(): RunError | undefined;
  warnings: RunWarning[];
}

export function catalogResolver(catalog: CatalogLike, options: CatalogRunOptions, mainName: string): CatalogResolution {
  const bySpecifier = indexOf(catalog);
  const allowed = options.allow ? new Set(options.allow) : undefined;
  const warnings: RunWarning[] = [];
  let problem: RunError | undefined;
  const refuse = (error: RunError) => {
    problem ??= error;
    return undefined;
  };
  const resolver: ModuleResolver = {
    resolve(specifier: string, referrer: string): ResolvedModule | undefined {
      if (specifier === BRIDGE_SPECIFIER) {
        const kind = bySpecifier.get(referrer)?.kind;
        if (kind === "host" || kind === "wasm") return { specifier, source: BRIDGE_SOURCE };
        return refuse(runError("E_IMPORT_REFUSED", `"${BRIDGE_SPECIFIER}" is private to host-module facades; import the host module itself (for example "@capsule/csv")`));
      }
      const entry = bySpecifier.get(specifier);
      if (!entry) return refuse(runError("E_IMPORT_UNRESOLVED", `cannot import "${specifier}": no installed pack provides it (see \`capsule packs list\`)`));
      if (referrer === mainName) {
        if (allowed && !allowed.has(specifier)) {
          return refuse(runError("E_IMPORT_NOT_ALLOWED", `cannot import "${specifier}": it is installed but not allowed for this run (allowed: ${[...allowed].join(", ") || "none"})`));
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
      const source = loadVerified(entry);
      if (typeof source !== "string") return refuse(source);
      const host = (entry.kind === "host" || entry.kind === "wasm") && entry.hostId ? { id: entry.hostId, pack: entry.pack } : undefined;
      return { specifier, source, digest: entry.sha256, ...(host ? { host } : {}) };
    },
  };
  return { resolver, failure: () => problem, warnings };
}
