// Owns the stable codes of every diagnostic and refusal the compiler emits, with a one-line meaning each
// (README.md expands each into "why and how to fix"). Nothing outside this union may be used as a code.

export const CODE_MEANINGS = {
  // ── options and roots
  "options-invalid": "compile()/discoverPacks() was called with an option outside its allowed range",
  "root-unreadable": "a discovery root does not exist or is not a readable folder",
  // ── manifest (package.json `capsule` field)
  "manifest-unreadable": "package.json is missing, not a regular file, too large or not valid JSON",
  "manifest-invalid": "the manifest does not match capsule-manifest.schema.json (the path says where)",
  "manifest-reserved-name": "a module subpath or pack name uses a reserved segment (_capsule*, __proto__, constructor, prototype, ..)",
  "manifest-duplicate-module": "two module subpaths are the same after normalization (trailing slash, //, ./, letter case)",
  "manifest-path-escape": "a declared file path is absolute, has .., a backslash or NUL, points into node_modules, or is a symlink leaving the pack",
  "manifest-npm-not-dependency": "a guest module's `npm` names a package that is not in the pack's dependencies",
  // ── discovery
  "pack-file-missing": "a file the manifest declares does not exist or is not a regular file",
  "pack-too-large": "the files the manifest declares add up to more than PACK_DECLARED_MAX_BYTES",
  "skill-too-large": "SKILL.md is larger than SKILL_MAX_BYTES",
  "types-too-large": "the .d.ts file is larger than TYPES_MAX_BYTES",
  "pack-shadowed": "a pack of the same name in a later root replaced this one",
  "pack-duplicate-name": "two folders in the same root declare the same pack name; the first (by folder name) is kept",
  // ── bundle (every guest module, npm or authored, takes the same bundle → scan → probe road)
  "npm-module-builtin-import": "the module (or a dependency of it) imports a Node builtin such as fs or node:path, at module load",
  "npm-module-builtin-optional": "a dependency require()s a Node builtin only optionally (try/catch, typeof require test, inside a function, browser field `false`); it gets an empty stub (warning)",
  "npm-module-unresolved": "an import could not be resolved from the pack's folder",
  "npm-module-too-large": "the bundled module is larger than MODULE_OUTPUT_MAX_BYTES",
  "npm-module-build-failed": "esbuild could not bundle the module (syntax error, unknown file type, …)",
  "npm-module-bundle-warning": "esbuild warned while bundling (for example a require() it could not bundle)",
  "guest-module-import-outside-pack": "an authored module imports something that is not a file of its own pack",
  "guest-module-file-too-large": "an authored source file is larger than AUTHORED_FILE_MAX_BYTES",
  // ── scan
  "npm-module-forbidden-global": "the bundled code reads a forbidden global (process, eval, fetch, …) without a feature test",
  "forbidden-global-guarded": "the bundled code mentions a forbidden global only behind a typeof feature test, in a dead branch, or as a code-generation feature test (warning)",
  "forbidden-global-deferred": "the bundled code uses a forbidden global only inside a function the module does not call at load; calling it throws in the guest (warning)",
  "global-dynamic-access": "the bundled code reads globalThis[<computed>], which the scan cannot name (warning)",
  "npm-module-dynamic-import": "the bundled code calls import() with a non-literal argument",
  // ── probe
  "npm-module-probe-failed": "loading the module in a fresh guest failed (the message is the guest's)",
  // ── cache
  "cache-entry-corrupt": "a cache entry failed verification (hash mismatch or unparsable); it was evicted and rebuilt",
  "cache-write-failed": "the compiled module could not be written to the cache directory",
} as const;

/** Every code the compiler can emit. */
export type Code = keyof typeof CODE_MEANINGS;

export const ALL_CODES = Object.keys(CODE_MEANINGS) as Code[];

/** Codes whose refusal is deterministic given the recorded inputs, so it may be cached. */
export const CACHEABLE_REFUSALS: ReadonlySet<Code> = new Set<Code>([
  "npm-module-builtin-import",
  "npm-module-too-large",
  "npm-module-forbidden-global",
  "npm-module-dynamic-import",
  "guest-module-import-outside-pack",
  "guest-module-file-too-large",
]);
