// Owns the public surface of @capsule/compiler. Everything a caller may rely on is re-exported here;
// other modules are internal.

export { compile, type CompileInputs, type CompileOptions, type CompileResult, type CompileStats } from "./compile/compile.js";
export { discoverPacks, type DiscoverOptions, type PackVerdict, type PackVerdictInput } from "./discovery/discover.js";
export { extractSummary } from "./discovery/skill.js";
export { readCappedSync, type CappedRead } from "./fsutil.js";
export { checkManifest, type ManifestCheck, type ManifestModule } from "./manifest/validate.js";
export { validateManifestSchema, manifestSchema, MANIFEST_SCHEMA_ID, MANIFEST_SCHEMA_URL } from "./manifest/schema.js";
export { normalizeSubpath } from "./manifest/subpaths.js";
export { lexicalPathProblem } from "./manifest/paths.js";
export { scanSource, type ScanFinding, type ScanResult, type ScanOptions, type ScanCode } from "./scan/scan.js";
export { computeCacheKey, declarationHash, type CacheKeyParts, type HashedFile } from "./cache/key.js";
export { esbuildBundler, type Bundler } from "./bundle/bundler.js";
export { BUNDLE_OPTIONS } from "./bundle/options.js";
export { isNodeBuiltin } from "./bundle/builtins.js";
export { COMPILER_CODES, ALL_CODES, type Code, type CodeRow, type HintSource } from "./codes.js";
export { CompilerError } from "./errors.js";
export type { Diagnostic, Severity } from "./diagnostics.js";
export {
  LIMITS, COMPILE_CONCURRENCY, PROBE_BUDGETS, INSTALL_LIMITS, COMPILER_LIMIT_ROWS, DEFAULT_LIMITS, resolveLimits, resolveInstallLimits,
  type CompilerLimits, type InstallLimits, type LimitName, type LimitRow,
} from "./limits.js";
export { FORBIDDEN_GLOBALS, type ForbiddenGlobal } from "./forbidden-globals.js";
export { COMPILER_VERSION } from "./version.js";
export type * from "./types.js";
export { createSandboxProbe, compileWithSandbox, type SandboxProbe } from "./sandbox-probe.js";
export type { HostAdmitter } from "./admission/host.js";
export type { WasmCatalogInfo } from "./admission/wasm.js";
export { admitWasm, type WasmAdmitCode, type WasmAdmitResult } from "./wasm/admit.js";
export { ADMITTED_WASM_FEATURES } from "./wasm/features.js";
export { BYTES_CONVENTION } from "./wasm/convention.js";
export { WASM_LIMIT_ROWS, DEFAULT_WASM_LIMITS, WASM_LIMIT_CEILINGS, type WasmLimits } from "./wasm/limits.js";
export { docs, type DocsOptions } from "./docs.js";
export { pruneCache, type PruneOptions, type PruneReport } from "./cache/prune.js";
export { checkProgram, type CheckOptions, type CheckResult } from "./check/check-program.js";
export type { CheckDiagnostic, CheckCode } from "./check/diagnostic.js";
export type { CheckDeclarations } from "./check/declarations.js";
export { GUEST_GLOBALS_FILE, guestGlobalsDeclarations } from "./check/guest-globals.js";
export { GUEST_COMPILER_OPTIONS } from "./check/options.js";
export { declaredModuleExports, skillImports } from "./check/declared-exports.js";
