// Owns the public surface of @capsule/compiler. Everything a caller may rely on is re-exported here;
// other modules are internal.

export { compile, keyOptionsFor, type CompileOptions, type CompileResult, type CompileStats } from "./compile/compile.js";
export { discoverPacks, type DiscoverOptions } from "./discovery/discover.js";
export { extractSummary } from "./discovery/skill.js";
export { checkManifest, npmPackageName, type ManifestCheck, type ManifestModule } from "./manifest/validate.js";
export { validateManifestSchema, formatFieldPath, manifestSchema, MANIFEST_SCHEMA_URL } from "./manifest/schema.js";
export { normalizeSubpath, specifierOf } from "./manifest/subpaths.js";
export { lexicalPathProblem } from "./manifest/paths.js";
export { scanSource, SCAN_RULES_VERSION, type ScanFinding, type ScanResult, type ScanOptions, type ScanCode } from "./scan/scan.js";
export { computeCacheKey, declarationHash, type CacheKeyParts, type HashedFile } from "./cache/key.js";
export { esbuildBundler, type Bundler } from "./bundle/bundler.js";
export { BUNDLE_OPTIONS } from "./bundle/options.js";
export { isNodeBuiltin } from "./bundle/builtins.js";
export { COMPILER_CODES, ALL_CODES, type Code, type CodeRow, type HintSource } from "./codes.js";
export { CompilerError } from "./errors.js";
export type { Diagnostic, Severity } from "./diagnostics.js";
export {
  LIMITS, COMPILE_CONCURRENCY, PROBE_BUDGETS, COMPILER_LIMIT_ROWS, DEFAULT_LIMITS, resolveLimits,
  type CompilerLimits, type LimitName, type LimitRow,
} from "./limits.js";
export { FORBIDDEN_GLOBALS, GLOBAL_OBJECT_NAMES, type ForbiddenGlobal } from "./forbidden-globals.js";
export { COMPILER_VERSION } from "./version.js";
export type * from "./types.js";
export { createSandboxProbe, compileWithSandbox, type SandboxProbe } from "./sandbox-probe.js";
export { admitHostModules, type HostAdmitter } from "./host-admission.js";
export { admitWasmModules, type WasmCatalogInfo } from "./wasm-admission.js";
export { admitWasm, BYTES_CONVENTION, type WasmAdmitCode, type WasmAdmitResult } from "./wasm/admit.js";
export { WASM_LIMIT_ROWS, DEFAULT_WASM_LIMITS, WASM_LIMIT_CEILINGS, type WasmLimits } from "./wasm/limits.js";
export { docs, type DocsOptions } from "./docs.js";
export { pruneCache, type PruneOptions, type PruneReport } from "./cache/prune.js";
