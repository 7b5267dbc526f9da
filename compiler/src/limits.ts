// Owns every size cap, count cap and tunable constant of the compiler, each with a default and a hard
// ceiling. A caller may tighten a limit or raise it up to its ceiling; it can never switch one off.
// Refuses (in resolveLimits) zero, negative, non-integer and above-ceiling overrides.

const KiB = 1024;
const MiB = 1024 * KiB;

export interface LimitSpec {
  readonly default: number;
  readonly ceiling: number;
}

export const LIMITS = {
  /** Largest authored guest source file (the declared `source` and every sibling file it imports). */
  AUTHORED_FILE_MAX_BYTES: { default: 256 * KiB, ceiling: 1 * MiB },
  /** Sum of the files a pack's manifest declares (skill, types, sources, wasm files), node_modules excluded. */
  PACK_DECLARED_MAX_BYTES: { default: 2 * MiB, ceiling: 16 * MiB },
  /** Largest SKILL.md a pack may ship. */
  SKILL_MAX_BYTES: { default: 64 * KiB, ceiling: 256 * KiB },
  /** Largest .d.ts a pack may ship. */
  TYPES_MAX_BYTES: { default: 128 * KiB, ceiling: 1 * MiB },
  /** Largest package.json the discovery will read (it is untrusted JSON). */
  PACKAGE_JSON_MAX_BYTES: { default: 256 * KiB, ceiling: 1 * MiB },
  /** Largest bundled guest module (npm or authored); QuickJS parse time grows with bytes. */
  MODULE_OUTPUT_MAX_BYTES: { default: 1 * MiB, ceiling: 8 * MiB },
  /** Longest the injected probe may take for one module before it counts as failed. */
  PROBE_TIMEOUT_MS: { default: 15_000, ceiling: 120_000 },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;
export type CompilerLimits = Record<LimitName, number>;

/** Defaults of every limit, as one object. */
export const DEFAULT_LIMITS: CompilerLimits = Object.fromEntries(
  Object.entries(LIMITS).map(([k, v]) => [k, v.default]),
) as CompilerLimits;

/** Most modules in one pack manifest (schema `maxProperties`). */
export const MANIFEST_MAX_MODULES = 256;
/** Longest one-line SKILL.md summary kept in the catalog; longer lines are cut with an ellipsis. */
export const SUMMARY_MAX_CHARS = 240;
/** Most findings of one code reported per module (the rest are counted in one closing diagnostic). */
export const FINDINGS_MAX_PER_CODE = 20;
/** Guest modules compiled at once in one compile() call (esbuild itself is multi-threaded). */
export const COMPILE_CONCURRENCY = { default: 4, ceiling: 16 } as const;
/** Bump when the meaning of a cache entry, pointer or key changes: every old entry then misses. */
export const CACHE_FORMAT_VERSION = 1;
/** Most resolution-candidate paths recorded per pointer (absence checks for closer node_modules copies). */
export const POINTER_MAX_ABSENT_CHECKS = 2_000;
/**
 * Largest dependency file whose require()/import() call sites are parsed to tell an optional builtin from
 * one needed at load; a bigger file counts as requiring it unguarded (a refusal). Part of the bundle
 * plugins' behaviour: changing it means bumping BUNDLE_PLUGINS_VERSION.
 */
export const IMPORT_SITES_MAX_BYTES = 4 * MiB;
/**
 * How many `module.exports = require(...)` re-export hops are followed to find a CommonJS dependency's named
 * exports (Node follows them the same way). Part of the bundle plugins' behaviour: see BUNDLE_PLUGINS_VERSION.
 */
export const CJS_REEXPORT_MAX_DEPTH = 8;
/**
 * A cache file the compiled catalog does not use is pruned only once it is at least this old: another compile
 * sharing the cache (other roots, another process) may have just written it and be about to use it.
 */
export const CACHE_PRUNE_MIN_AGE_MS = 60 * 60 * 1000;
/** Dependency files whose call-site classification is kept in memory across builds (by path and content hash). */
export const IMPORT_SITES_CACHE_FILES = 256;

export type LimitsResult =
  | { ok: true; limits: CompilerLimits }
  | { ok: false; problems: string[] };

/** Merges caller overrides with the defaults; refuses anything outside (0, ceiling]. */
export function resolveLimits(overrides: Partial<Record<string, unknown>> = {}): LimitsResult {
  const limits: CompilerLimits = { ...DEFAULT_LIMITS };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(LIMITS, name)) {
      problems.push(`unknown limit "${name}" (known: ${Object.keys(LIMITS).join(", ")})`);
      continue;
    }
    const spec = LIMITS[name as LimitName];
    if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
      problems.push(`limit ${name} must be a positive integer, got ${String(value)}`);
    } else if (value > spec.ceiling) {
      problems.push(`limit ${name} = ${value} is above its ceiling ${spec.ceiling}`);
    } else {
      limits[name as LimitName] = value;
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, limits };
}
