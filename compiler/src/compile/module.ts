// Owns the road of one guest module: pointer lookup (warm: no bundler), else bundle → record inputs →
// key → (an entry already stored under that key is reused: no scan, no probe) → scan → store → probe. A refusal is a named skip returned as data, never a throw. Deterministic
// refusals found after a successful bundle are cached, and so are probe failures the probe vouches for
// (ProbeResult.cacheable: the module threw, ran out of CPU…); unresolved imports, build failures and the other
// probe failures (a timeout) are not (they depend on things outside the recorded inputs, or on the machine), and
// a bundled entry whose probe failed that way is kept without exports so the next compile re-probes without bundling.

import { promises as fsp } from "node:fs";
import { sha256 } from "../canonical.js";
import type { Bundler } from "../bundle/bundler.js";
import type { RunContext } from "../bundle/run.js";
import { recordInputs, keyFiles, type InputRecord } from "../cache/inputs.js";
import { computeCacheKey, declarationHash } from "../cache/key.js";
import { currentRecords, pointerPath, readPointer, writePointer } from "../cache/pointer.js";
import type { BundledEntry, CacheStore, EntryRead, RefusedEntry } from "../cache/store.js";
import { CACHEABLE_REFUSALS } from "../codes.js";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { PROBE_BUDGETS, probeCpuMs, type CompilerLimits } from "../limits.js";
import { CACHE_FORMAT_VERSION } from "../tuning.js";
import type { CatalogModule, DiscoveredPack, GuestDeclaration, PackModule, Probe, ProbeFailure, ProbeResult, RefusedModule } from "../types.js";
import { COMPILER_VERSION } from "../version.js";
import { buildModule, inputSet } from "./build-variant.js";
import { summarizeRefusal } from "./findings.js";
import { withBufferPolyfill } from "./buffer-fallback.js";
import { runProbe } from "./probe.js";

export interface ModuleRoadContext {
  store: CacheStore;
  cacheDir: string;
  bundler: Bundler;
  probe: Probe;
  limits: CompilerLimits;
  force: boolean;
  /** Normalized options that go into every key. */
  keyOptions: unknown;
  /** Called around every bundler build (for stats). */
  onBundle?: (ms: number) => void;
  /** Called before every probe (for stats). */
  onProbe?: () => void;
  /** Probe time each pack has spent in this compile, by pack name (PACK_PROBE_MS bounds it). */
  probeSpent: Map<string, number>;
}

export type ModuleOutcome = (
  | { status: "compiled" | "cached"; module: CatalogModule; diagnostics: Diagnostic[] }
  | { status: "skipped"; refused: RefusedModule; diagnostics: Diagnostic[] }
) & {
  /**
   * The recorded inputs the outcome is a pure function of (the pointer's files, paths relative to packRoot; null
   * hashes must stay absent); absent when it is not (a build failure, a probe failure that is retried).
   */
  inputs?: { packRoot: string; files: InputRecord[] };
};

/** What the road saw: the input records it decided on, and whether its outcome is retried next compile anyway. */
interface Seen {
  files?: InputRecord[];
  volatile: boolean;
}

export async function compileGuestModule(ctx: ModuleRoadContext, pack: DiscoveredPack, mod: PackModule): Promise<ModuleOutcome> {
  const seen: Seen = { volatile: false };
  const outcome = await road(ctx, pack, mod, seen);
  return seen.files && !seen.volatile ? { ...outcome, inputs: { packRoot: pack.root, files: seen.files } } : outcome;
}

async function road(ctx: ModuleRoadContext, pack: DiscoveredPack, mod: PackModule, seen: Seen): Promise<ModuleOutcome> {
  const tag = (d: Diagnostic): Diagnostic => ({ ...d, pack: pack.name, specifier: mod.specifier });
  const declaration = mod.declaration as GuestDeclaration;
  const base = {
    compilerVersion: COMPILER_VERSION,
    bundlerVersion: ctx.bundler.version,
    options: ctx.keyOptions,
    specifier: mod.specifier,
    declaration,
  };
  const declHash = declarationHash(mod.specifier, declaration);
  const ptrFile = pointerPath(ctx.cacheDir, pack.root, mod.specifier, declHash);
  const diagnostics: Diagnostic[] = [];

  const skip = (errors: Diagnostic[], extra: Diagnostic[] = []): ModuleOutcome => {
    const { code, message } = summarizeRefusal(errors);
    return {
      status: "skipped",
      refused: { specifier: mod.specifier, pack: pack.name, code, message },
      diagnostics: [...diagnostics, ...errors.map(tag), ...extra.map(tag)],
    };
  };

  const declaredCpuMs = declaration.budget?.cpuMs;
  const cpuMs = probeCpuMs(declaredCpuMs);
  // A raised CPU budget raises the probe's overall timeout by as much, so the budget, not the timeout, decides.
  const probeTimeoutMs = ctx.limits.PROBE_TIMEOUT_MS + Math.max(0, cpuMs - PROBE_BUDGETS.PROBE_CPU_MS.default);
  // One probe per bundle: the Buffer fallback (buffer-fallback.ts) may probe a bundle the admission then keeps.
  const probed = new Map<string, ReturnType<typeof runProbe>>();
  const probeModule = (code: string) => {
    let result = probed.get(code);
    if (!result) {
      result = probeWithinPackBudget(ctx, pack.name, () => {
        ctx.onProbe?.();
        return runProbe(ctx.probe, code, mod.specifier, probeTimeoutMs, { cpuMs });
      });
      probed.set(code, result);
    }
    return result;
  };

  const admit = async (entry: BundledEntry, sourcePath: string, status: "compiled" | "cached", source?: string, probedExports?: string[]): Promise<ModuleOutcome> => {
    let exports = probedExports ?? (ctx.force ? undefined : entry.exports);
    if (!exports) {
      const code = source ?? (await fsp.readFile(sourcePath, "utf8"));
      const probed = await probeModule(code);
      if (!probed.ok) {
        const errors = [probeFailure(probed, cpuMs, declaredCpuMs !== undefined)];
        // A refusal the probe vouches for is cached like an admission: under the same key, replacing the entry's
        // metadata, so the next compile serves it without probing and any change to an input (a new key) probes again.
        if (probed.cacheable) await cacheRefusal(entry.key, errors, entry.warnings);
        else seen.volatile = true;
        return skip(errors, entry.warnings);
      }
      exports = probed.exports;
      try {
        await ctx.store.writeBundled({ ...entry, exports }, code);
      } catch (e) {
        seen.volatile = true;
        diagnostics.push(tag(warning("cache-write-failed", `could not record the probe result in the cache: ${(e as Error).message}`)));
      }
    }
    return {
      status,
      module: {
        specifier: mod.specifier,
        pack: pack.name,
        version: pack.version,
        kind: "guest",
        sha256: entry.sha256,
        exports,
        size: entry.size,
        summary: mod.summary,
        sourcePath,
        ...standsFor(mod.declaration),
        ...(declaredCpuMs !== undefined ? { loadCpuMs: cpuMs } : {}),
      },
      diagnostics: [...diagnostics, ...entry.warnings.map(tag)],
    };
  };

  const cacheRefusal = async (key: string, errors: Diagnostic[], warnings: Diagnostic[]): Promise<void> => {
    const { code, message } = summarizeRefusal(errors);
    const entry: RefusedEntry = { v: CACHE_FORMAT_VERSION, key, status: "refused", specifier: mod.specifier, pack: pack.name, code, message, diagnostics: [...errors, ...warnings] };
    try {
      await ctx.store.writeRefused(entry);
    } catch {
      // a refusal that cannot be cached is simply recomputed next time
    }
  };

  const fromEntry = (read: Extract<EntryRead, { kind: "hit" }>, status: "compiled" | "cached"): Promise<ModuleOutcome> | ModuleOutcome => {
    const e = read.entry;
    if (e.status === "refused") {
      const errs = e.diagnostics.filter((d) => d.severity === "error");
      return skip(errs.length ? errs : [error(e.code, e.message)], e.diagnostics.filter((d) => d.severity !== "error"));
    }
    return admit(e, read.sourcePath!, status);
  };

  // ── warm path: pointer → re-hash recorded files → key → verified entry. No bundler.
  if (!ctx.force) {
    const pointer = await readPointer(ptrFile, { packRoot: pack.root, specifier: mod.specifier, declHash });
    const records = pointer ? await currentRecords(pointer) : undefined;
    if (records) {
      const key = computeCacheKey({ ...base, ...keyFiles(records) });
      const read = await ctx.store.read(key);
      if (read.kind === "corrupt") {
        diagnostics.push(tag(warning("cache-entry-corrupt", `cache entry ${key.slice(0, 12)}… was evicted (${read.reason}); rebuilding`, { details: { key } })));
      } else if (read.kind === "hit") {
        seen.files = records;
        return fromEntry(read, "cached");
      }
    }
  }

  // ── cold path.
  const run: RunContext = { bundler: ctx.bundler, packRoot: pack.root, maxOutputBytes: ctx.limits.MODULE_OUTPUT_MAX_BYTES };
  const started = performance.now();
  let built = await buildModule(run, pack.root, declaration, ctx.limits.AUTHORED_FILE_MAX_BYTES, false);
  // A refused npm build gets one more try as its browser build (the `browser` condition and field): a package whose
  // Node build imports builtins often ships a sandbox-safe one (jsonpath-plus). Used only when it passes every
  // check the default build failed; otherwise the refusal says it was tried.
  if (built.kind === "refused" && "npm" in declaration) {
    const alt = await buildModule(run, pack.root, declaration, ctx.limits.AUTHORED_FILE_MAX_BYTES, true);
    const differs = alt.kind !== "failed" && inputSet(alt.kind === "bundled" ? alt.outcome.metafile : alt.metafile) !== inputSet(built.metafile);
    // only a browser build that passes outright: one the probe would still have to rescue is not worth the Node
    // build's clear refusal
    if (alt.kind === "bundled" && alt.overrulable.length === 0 && differs) {
      const nodeRefusal = summarizeRefusal(built.errors);
      alt.warnings.unshift(
        warning(
          "npm-module-browser-build",
          `the package's default build is refused (${nodeRefusal.code}: ${nodeRefusal.message}); its browser build (the "browser" export condition and package.json field) passes, so that build is bundled`,
          { details: { refused: nodeRefusal.code } },
        ),
      );
      built = alt;
    } else if (differs && (alt.kind === "refused" || alt.kind === "bundled")) {
      const other = summarizeRefusal(alt.kind === "refused" ? alt.errors : alt.overrulable);
      const [first, ...rest] = built.errors;
      const browserBuild = `${other.code}: ${other.message}`;
      built = {
        ...built,
        errors: [{ ...first!, message: `${first!.message} (its browser build was tried too and is refused: ${browserBuild})`, details: { ...first!.details, browserBuild } }, ...rest],
      };
    }
  }
  if ("npm" in declaration) built = await withBufferPolyfill(built, () => buildModule(run, pack.root, declaration, ctx.limits.AUTHORED_FILE_MAX_BYTES, false, true), probeModule);
  ctx.onBundle?.(performance.now() - started);
  if (built.kind === "failed") {
    seen.volatile = true;
    return skip(built.errors);
  }

  const metafile = built.kind === "bundled" ? built.outcome.metafile : built.metafile;
  const records: InputRecord[] = await recordInputs(pack.root, metafile);
  seen.files = records;
  const key = computeCacheKey({ ...base, ...keyFiles(records) });
  const savePointer = async () => {
    try {
      await writePointer(ptrFile, { v: CACHE_FORMAT_VERSION, packRoot: pack.root, specifier: mod.specifier, declHash, key, files: records });
    } catch (e) {
      seen.volatile = true;
      diagnostics.push(tag(warning("cache-write-failed", `could not write the pointer index: ${(e as Error).message}`)));
    }
  };
  const refuseAndCache = async (errors: Diagnostic[], warnings: Diagnostic[]): Promise<ModuleOutcome> => {
    const { code } = summarizeRefusal(errors);
    if (CACHEABLE_REFUSALS.has(code)) {
      await cacheRefusal(key, errors, warnings);
      await savePointer();
    } else seen.volatile = true;
    return skip(errors, warnings);
  };

  // The same inputs reached by another path (a pack folder that moved, e.g. a new install generation): the entry
  // under this key is what this build would store, probe result included, so it is reused instead of re-probed.
  if (!ctx.force && built.kind === "bundled") {
    const known = await ctx.store.read(key);
    if (known.kind === "hit") {
      await savePointer();
      return fromEntry(known, "cached");
    }
  }

  if (built.kind === "refused") return refuseAndCache(built.errors, built.warnings);
  const { outcome, warnings } = built;
  // The scan's load-time analysis is conservative (a function passed as an argument counts as called). When every
  // refusal is a missing global (or a code-generation call in a bundle that feature-tests it; build-variant.ts) the
  // probe decides: the guest has none of these globals, so a module that loads never touched one
  // at load, and the findings become warnings. A module that fails to load keeps the scan's refusal, cached when the
  // probe's failure is a property of the module (ProbeResult.cacheable).
  let probedExports: string[] | undefined;
  if (built.overrulable.length) {
    const probed = await probeModule(outcome.code);
    if (!probed.ok) {
      const failure = probeFailure(probed, cpuMs, declaredCpuMs !== undefined);
      // a module left unprobed is refused for that, not for the scan's doubt the probe would have settled
      const errors = failure.code === "pack-probe-budget-exhausted" ? [failure, ...built.overrulable] : [...built.overrulable, failure];
      // The probe vouches for the scan's refusal as it does for its own: cached under this key, probed again on change.
      if (probed.cacheable) {
        await cacheRefusal(key, errors, warnings);
        await savePointer();
      } else seen.volatile = true;
      return skip(errors, warnings);
    }
    probedExports = probed.exports;
    warnings.push(...built.overrulable.map(overruled));
  }

  const entry: BundledEntry = {
    v: CACHE_FORMAT_VERSION,
    key,
    status: "bundled",
    specifier: mod.specifier,
    pack: pack.name,
    sha256: sha256(outcome.code),
    size: Buffer.byteLength(outcome.code),
    warnings,
  };
  let sourcePath: string;
  try {
    sourcePath = await ctx.store.writeBundled(entry, outcome.code);
  } catch (e) {
    seen.volatile = true;
    return skip([error("cache-write-failed", `could not write the compiled module to ${ctx.store.entriesDir}: ${(e as Error).message}`)]);
  }
  await savePointer();
  return admit(probedExports ? { ...entry, exports: probedExports } : entry, sourcePath, "compiled", outcome.code, probedExports);
}

/** The warning a load-time finding becomes when the module loaded in the guest all the same. */
function overruled(d: Diagnostic): Diagnostic {
  const where = d.origin ? `${d.origin.file}:${d.origin.line}:${d.origin.column}` : `bundle ${d.line}:${d.column}`;
  const name = d.details?.via ? `${String(d.details.via)}.${String(d.details.name)}` : `"${String(d.details?.name)}"`;
  const codegen = d.details?.name === "eval" || d.details?.name === "Function";
  const after = codegen
    ? "the sandbox refuses code generation, so that call throws EvalError; the bundle feature-tests code generation, so the library has a path without it"
    : "the sandbox does not provide it, so the code that uses it throws when called";
  return {
    ...d,
    severity: "warning",
    code: "forbidden-global-deferred",
    message: `uses ${name} at ${where} in code the scan could not prove deferred, but the module loaded in a fresh guest without reaching it (the probe is the ground truth at load); ${after}`,
    details: { ...d.details, reason: "probe-loaded" },
  };
}

/** Marks a probe the compile did not make: the module's pack had spent its PACK_PROBE_MS. */
type PackBudgetRefusal = ProbeFailure & { packSpentMs: number };

/**
 * Runs `probe` unless the pack's probes already took PACK_PROBE_MS in this compile, and charges what it took: one
 * pack of 256 modules spinning to its CPU budget held a compile (and the home's lock) for about two hours. A probe
 * that started before the pack ran out is let finish, so a pack may overrun by the probes in flight (at most
 * `concurrency`, each within its own budget). The refusal is not cached: it depends on what else the pack loaded.
 */
async function probeWithinPackBudget(ctx: ModuleRoadContext, packName: string, probe: () => Promise<ProbeResult>): Promise<ProbeResult> {
  const spentMs = ctx.probeSpent.get(packName) ?? 0;
  const budgetMs = ctx.limits.PACK_PROBE_MS;
  if (spentMs >= budgetMs) {
    const refusal: PackBudgetRefusal = { ok: false, message: `the pack's probes took ${Math.round(spentMs)} ms in this compile (PACK_PROBE_MS ${budgetMs} ms)`, packSpentMs: spentMs };
    return refusal;
  }
  const started = performance.now();
  const result = await probe();
  ctx.probeSpent.set(packName, (ctx.probeSpent.get(packName) ?? 0) + (result.spentMs ?? performance.now() - started));
  return result;
}

/** The refusal for a failed probe: a budget that ran out has its own code, naming the budget and how to raise it. */
function probeFailure(probed: ProbeFailure & { packSpentMs?: number }, cpuMs: number, declared: boolean): Diagnostic {
  if (probed.packSpentMs !== undefined) {
    return error("pack-probe-budget-exhausted", `the module was not loaded in a fresh guest: ${probed.message}; the next compile probes it again`, {
      details: { spentMs: Math.round(probed.packSpentMs) },
    });
  }
  if (probed.exhausted) {
    const budgetMs = probed.budgetMs ?? cpuMs;
    const ceiling = PROBE_BUDGETS.PROBE_CPU_MS.ceiling;
    return error(
      "npm-module-probe-cpu-exhausted",
      `loading the module in a fresh guest ran out of its ${probed.exhausted === "cpu" ? "CPU" : "wall-clock"} budget (${budgetMs} ms${declared ? ", from budget.cpuMs" : ", PROBE_CPU_MS default"}) before it finished: ${probed.message}`,
      { details: { exhausted: probed.exhausted, budgetMs, cpuMs, ceiling, declared } },
    );
  }
  return error("npm-module-probe-failed", `loading the module in a fresh guest failed: ${probed.message}`);
}

/** The npm names a guest module stands for: its manifest's `standsFor`, else the `npm` it bundles. */
function standsFor(declaration: object): { standsFor?: string[] } {
  const d = declaration as { npm?: string; standsFor?: string[] };
  const names = d.standsFor ?? (d.npm ? [d.npm] : []);
  return names.length ? { standsFor: [...names] } : {};
}
