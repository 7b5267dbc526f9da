// Owns compile(): discovery → every guest module down its road (bounded concurrency) → the catalog.
// Host and wasm declarations are passed through in `catalog.pending` (compileWithSandbox admits them after), refused
// packs and modules are listed in `catalog.refused`, and nothing a pack contains can make compile()
// throw: options out of range come back as `options-invalid` diagnostics with an empty catalog.

import path from "node:path";
import { esbuildBundler, type Bundler } from "../bundle/bundler.js";
import { normalizedBundleOptions } from "../bundle/options.js";
import { CacheStore } from "../cache/store.js";
import { error, type Diagnostic } from "../diagnostics.js";
import { discoverPacks, type DiscoverOptions } from "../discovery/discover.js";
import { FORBIDDEN_GLOBALS, GLOBAL_OBJECT_NAMES } from "../forbidden-globals.js";
import { COMPILE_CONCURRENCY, concurrencyProblem, resolveLimits, type CompilerLimits } from "../limits.js";
import { FINDINGS_MAX_PER_CODE } from "../tuning.js";
import { normalizeSubpath, specifierOf } from "../manifest/subpaths.js";
import { SCAN_RULES_VERSION } from "../scan/scan.js";
import type { Catalog, CatalogModule, CompileProgress, PendingModule, Probe, RefusedModule, RefusedPack } from "../types.js";
import { compileGuestModule, type ModuleOutcome, type ModuleRoadContext } from "./module.js";
import { settleStandsFor } from "./stands-for.js";

export interface CompileOptions {
  /** Discovery roots, in order; a later root shadows an earlier one. */
  roots: readonly string[];
  /** Folder for entries/ and pointers/ (created if missing). */
  cacheDir: string;
  /** Loads a compiled source in a fresh guest and reports its exports. */
  probe: Probe;
  /** Rebuild and re-probe every module, ignoring cached entries (they are overwritten). */
  force?: boolean;
  /** Progress events: start (total), one per guest module, end. Exceptions thrown by it are ignored. */
  onProgress?: (event: CompileProgress) => void;
  /** Overrides of LIMITS, within their ceilings. */
  limits?: Partial<CompilerLimits>;
  /** The bundler power (default: esbuild). Injectable to measure or to prove warm compiles skip it. */
  bundler?: Bundler;
  /** Guest modules compiled at once (default COMPILE_CONCURRENCY.default). */
  concurrency?: number;
  /** Roots whose packs later roots may not shadow unless named in allowShadow (discovery: pack-shadow-refused). */
  protectedRoots?: DiscoverOptions["protectedRoots"];
  allowShadow?: DiscoverOptions["allowShadow"];
  /** The caller's own verdict on each valid pack before it is compiled (discovery). */
  refusePack?: DiscoverOptions["refusePack"];
}

export interface CompileStats {
  modules: number;
  compiled: number;
  cached: number;
  skipped: number;
  /** Calls to bundler.build. */
  bundlerCalls: number;
  /** Wall time spent inside bundler builds (summed over concurrent builds). */
  bundleMs: number;
  /** Calls to the probe (a warm compile makes none: admissions and deterministic refusals are cached). */
  probeCalls: number;
  totalMs: number;
}

/**
 * What the guest modules' outcomes were decided on: every file the bundles read (absolute path and content hash; a
 * null hash is a file that must stay absent). `complete` is false when some outcome is retried every compile anyway
 * (a build failure, a probe failure that is not cached). With the packs' own files, which discovery reads (the caller
 * can re-read those), this is what a caller needs to tell, without compiling, that a compile would change nothing.
 */
export interface CompileInputs {
  files: Array<{ path: string; sha256: string | null }>;
  complete: boolean;
}

export interface CompileResult {
  catalog: Catalog;
  diagnostics: Diagnostic[];
  stats: CompileStats;
  inputs?: CompileInputs;
}

const bySpecifier = <T extends { specifier: string }>(a: T, b: T) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0);

/** The normalized option set that goes into every cache key. */
function keyOptionsFor(limits: CompilerLimits): unknown {
  return {
    bundle: normalizedBundleOptions(),
    scan: {
      rules: SCAN_RULES_VERSION,
      forbidden: [...FORBIDDEN_GLOBALS].sort(),
      globalObjects: [...GLOBAL_OBJECT_NAMES].sort(),
      findingsPerCode: FINDINGS_MAX_PER_CODE,
    },
    limits: { MODULE_OUTPUT_MAX_BYTES: limits.MODULE_OUTPUT_MAX_BYTES, AUTHORED_FILE_MAX_BYTES: limits.AUTHORED_FILE_MAX_BYTES },
  };
}

function refusedPackModules(p: RefusedPack): RefusedModule[] {
  const pack = p.name ?? p.location;
  if (!p.name || p.declaredSubpaths.length === 0) return [{ specifier: pack, pack, code: p.code, message: p.message }];
  return p.declaredSubpaths.map((key) => {
    const n = normalizeSubpath(key);
    const specifier = specifierOf(p.name!, n.ok ? n.normalized : key);
    return { specifier, pack, code: p.code, message: `pack refused: ${p.message}` };
  });
}

function emptyResult(diagnostics: Diagnostic[], started: number): CompileResult {
  return {
    catalog: { version: 1, modules: [], pending: [], refused: [] },
    diagnostics,
    stats: { modules: 0, compiled: 0, cached: 0, skipped: 0, bundlerCalls: 0, bundleMs: 0, probeCalls: 0, totalMs: performance.now() - started },
  };
}

export async function compile(options: CompileOptions): Promise<CompileResult> {
  const started = performance.now();
  const lim = resolveLimits(options.limits);
  const problems = lim.ok ? [] : [...lim.problems];
  const concurrency = options.concurrency ?? COMPILE_CONCURRENCY.default;
  const badConcurrency = concurrencyProblem(options.concurrency);
  if (badConcurrency) problems.push(badConcurrency);
  if (typeof options.cacheDir !== "string" || !options.cacheDir) problems.push("cacheDir is required");
  if (typeof options.probe !== "function") problems.push("probe is required (a function)");
  if (!lim.ok || problems.length) return emptyResult(problems.map((p) => error("options-invalid", p)), started);
  const limits = lim.limits;

  const emit = (e: CompileProgress) => {
    try {
      options.onProgress?.(e);
    } catch {
      // a progress callback never breaks a compile
    }
  };

  const discovery = await discoverPacks({
    roots: options.roots,
    limits,
    protectedRoots: options.protectedRoots,
    allowShadow: options.allowShadow,
    refusePack: options.refusePack,
  });
  const diagnostics: Diagnostic[] = [...discovery.diagnostics];
  const modules: CatalogModule[] = [];
  const pending: PendingModule[] = [];
  const refused: RefusedModule[] = discovery.refused.flatMap(refusedPackModules);

  const tasks: Array<() => Promise<void>> = [];
  const counts = { compiled: 0, cached: 0, skipped: 0 };
  let done = 0;
  let bundlerCalls = 0;
  let bundleMs = 0;
  let probeCalls = 0;
  const inputFiles = new Map<string, string | null>();
  let inputsComplete = true;
  const bundler = options.bundler ?? esbuildBundler;
  const counted: Bundler = {
    version: bundler.version,
    build: (o) => {
      bundlerCalls++;
      return bundler.build(o);
    },
  };
  const cacheDir = path.resolve(options.cacheDir);
  const ctx: ModuleRoadContext = {
    store: new CacheStore(cacheDir),
    cacheDir,
    bundler: counted,
    probe: options.probe,
    limits,
    force: options.force === true,
    keyOptions: keyOptionsFor(limits),
    onProbe: () => {
      probeCalls++;
    },
    probeSpent: new Map(),
    onBundle: (ms) => {
      bundleMs += ms;
    },
  };

  for (const pack of discovery.packs) {
    for (const mod of pack.modules) {
      const d = mod.declaration;
      if (d.kind === "host" || d.kind === "wasm") {
        pending.push({
          specifier: mod.specifier,
          pack: pack.name,
          version: pack.version,
          kind: d.kind,
          status: "pending",
          summary: mod.summary,
          declaration: d,
          root: pack.root,
          ...(d.kind === "wasm" ? { file: path.resolve(pack.root, d.file) } : {}),
        });
        continue;
      }
      tasks.push(async () => {
        let outcome: ModuleOutcome;
        try {
          outcome = await compileGuestModule(ctx, pack, mod);
        } catch (e) {
          const message = `unexpected failure while compiling: ${(e as Error).message ?? String(e)}`;
          outcome = {
            status: "skipped",
            refused: { specifier: mod.specifier, pack: pack.name, code: "npm-module-build-failed", message },
            diagnostics: [error("npm-module-build-failed", message, { pack: pack.name, specifier: mod.specifier })],
          };
        }
        diagnostics.push(...outcome.diagnostics);
        if (!outcome.inputs) inputsComplete = false;
        else for (const f of outcome.inputs.files) inputFiles.set(path.resolve(outcome.inputs.packRoot, f.path), f.sha256);
        if (outcome.status === "skipped") refused.push(outcome.refused);
        else modules.push(outcome.module);
        counts[outcome.status]++;
        done++;
        emit({
          type: "module",
          specifier: mod.specifier,
          pack: pack.name,
          status: outcome.status,
          ...(outcome.status === "skipped" ? { code: outcome.refused.code } : {}),
          done,
          total: tasks.length,
        });
      });
    }
  }

  emit({ type: "start", total: tasks.length });
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  const totalMs = performance.now() - started;
  emit({ type: "end", ...counts, ms: totalMs });

  const protectedRoots = new Set((options.protectedRoots ?? []).map((r) => path.resolve(r)));
  const protectedPacks = new Set(discovery.packs.filter((p) => protectedRoots.has(path.resolve(options.roots[p.rootIndex] ?? ""))).map((p) => p.name));
  const specifiers = new Set([...modules, ...pending, ...refused].map((m) => m.specifier));
  const claims = settleStandsFor(modules, specifiers, (pack) => protectedPacks.has(pack));
  diagnostics.push(...claims.diagnostics);
  return {
    catalog: { version: 1, modules: claims.modules.sort(bySpecifier), pending: pending.sort(bySpecifier), refused: refused.sort(bySpecifier) },
    diagnostics,
    stats: { modules: tasks.length, ...counts, bundlerCalls, bundleMs, probeCalls, totalMs },
    inputs: { files: [...inputFiles].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([p, sha256]) => ({ path: p, sha256 })), complete: inputsComplete },
  };
}
