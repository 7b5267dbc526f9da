// Owns the compiler's internal tuning constants: format versions, cache sizes and analysis bounds that no caller
// sets and no option overrides (the user-facing limits, each with a ceiling, are in limits.ts). Refuses nothing;
// changing one of these changes behaviour for everyone, so each says what else must change with it.

const MiB = 1024 * 1024;

/** Most modules in one pack manifest: the schema's `maxProperties` of `capsule.modules` (a test ties the two). */
export const MANIFEST_MAX_MODULES = 256;
/** Longest one-line SKILL.md summary kept in the catalog; longer lines are cut with an ellipsis. */
export const SUMMARY_MAX_CHARS = 240;
/** Most findings of one code reported per module (the rest are counted in one closing diagnostic). Part of the key. */
export const FINDINGS_MAX_PER_CODE = 20;
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
/** Dependency files whose call-site classification is kept in memory across builds (by path and content hash). */
export const IMPORT_SITES_CACHE_FILES = 256;
/**
 * How many `module.exports = require(...)` re-export hops are followed to find a CommonJS dependency's named
 * exports (Node follows them the same way). Part of the bundle plugins' behaviour: see BUNDLE_PLUGINS_VERSION.
 */
export const CJS_REEXPORT_MAX_DEPTH = 8;
/**
 * A cache file the compiled catalog does not use is pruned only once it is at least this old (the default of
 * pruneCache's `minAgeMs`): another compile sharing the cache (other roots, another process) may have just
 * written it and be about to use it.
 */
export const CACHE_PRUNE_MIN_AGE_MS = 60 * 60 * 1000;
