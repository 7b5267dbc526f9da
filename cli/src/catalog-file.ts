// Owns compiling the pack roots for the CLI and the catalog file: compileWithSandbox() (the real probe, then
// host declarations admitted against the registry's pins) with the shipped packs protected from shadowing (unless
// the ledger records the operator's --allow-shadow-shipped) and the install root checked against the ledger
// (installed-check.ts: drifted or unrecorded packs are refused, never recompiled), then the operator's policy; the
// atomic write of <home>/catalog.json, and reading it back. A catalog file that does not parse or has the wrong
// shape is treated as absent, never trusted. The first compile of a home announces itself (compile-notice.ts).

import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import path from "node:path";
import { compileWithSandbox, type Catalog, type CompileProgress, type CompileResult, type DiscoverOptions } from "@capsule/compiler";
import { ensureInstallRoot, type Locations } from "./paths.js";
import { refuseDriftedModules, refuseUninstalled, type InstalledView } from "./installed-check.js";
import { readLedger, type Ledger } from "./ledger.js";
import { applyOperatorPolicy, readOperatorPolicy } from "./operator-policy.js";
import { writeFreshRecord } from "./catalog-fresh.js";
import { firstCompileNotice } from "./compile-notice.js";

interface CompileRootsOptions {
  force?: boolean;
  onProgress?: (event: CompileProgress) => void;
  /** Override the roots (pack check compiles one pack alone; an install compiles its staging generation). */
  roots?: readonly string[];
  /** Write the result to <home>/catalog.json (default true). */
  save?: boolean;
  /**
   * What the install root is checked against: default the home's install root and ledger; an install passes its
   * staging generation's; `false` compiles the install root unchecked (audit, which reports drift itself; never saved).
   */
  installed?: InstalledView | false;
  /** Names that may shadow a shipped pack besides those the ledger records (an install given --allow-shadow-shipped). */
  allowShadow?: readonly string[];
}

/** Compiles the roots (warm compiles read the cache only: no esbuild) and, unless told not to, saves the catalog. */
export async function compileRoots(locations: Locations, options: CompileRootsOptions = {}): Promise<CompileResult> {
  ensureInstallRoot(locations);
  const view = options.installed === false ? undefined : options.installed ?? { installRoot: locations.installRoot, ledger: await readLedger(locations.home) };
  const ledger = view?.ledger ?? (await readLedger(locations.home));
  // A caller drawing its own progress (packs compile) says its own; otherwise the first compile of a home says so.
  const notice = options.onProgress || options.save === false || options.installed === false ? undefined : firstCompileNotice(locations);
  const compiled = await compileWithSandbox({
    roots: options.roots ?? locations.roots,
    cacheDir: locations.cacheDir,
    force: options.force,
    onProgress: options.onProgress ?? notice?.onProgress,
    ...discoverOptionsOf(locations, ledger, view, options.allowShadow),
  }).finally(() => notice?.stop());
  const result = applyOperatorPolicy(view ? refuseDriftedModules(compiled, view) : compiled, readOperatorPolicy(locations.home));
  if (options.save !== false && options.installed !== false) {
    const text = await writeCatalog(locations.catalogFile, result.catalog);
    // Only a compile of the home's own roots and ledger can vouch for the next command's (catalog-fresh.ts).
    await writeFreshRecord(locations, text, options.roots || options.installed ? undefined : result.inputs);
  }
  return result;
}

/** What discovery is told besides the roots: the shipped packs protected, the shadows allowed, the ledger's verdicts. */
function discoverOptionsOf(locations: Locations, ledger: Ledger, view: InstalledView | undefined, allowShadow: readonly string[] = []): Omit<DiscoverOptions, "roots"> {
  return {
    protectedRoots: locations.shippedRoot ? [locations.shippedRoot] : [],
    allowShadow: [...Object.values(ledger.packs).filter((e) => e.shadowsShipped).map((e) => e.name), ...allowShadow],
    ...(view ? { refusePack: refuseUninstalled(view) } : {}),
  };
}

/**
 * The discovery the home's catalog was compiled with, for docs() and checkProgram(): they read each pack's .d.ts from
 * the pack the compile admitted, not from a refused one that shadowed it.
 */
export async function homeDiscoverOptions(locations: Locations): Promise<Omit<DiscoverOptions, "roots">> {
  const ledger = await readLedger(locations.home);
  return discoverOptionsOf(locations, ledger, { installRoot: locations.installRoot, ledger });
}

/** Writes the catalog atomically (a unique temp file in the same folder, then rename over the target); returns its text. */
async function writeCatalog(file: string, catalog: Catalog): Promise<string> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const text = `${JSON.stringify(catalog, null, 2)}\n`;
  try {
    await fsp.writeFile(temp, text, { mode: 0o644 });
    await fsp.rename(temp, file);
    return text;
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
}

/** The saved catalog, or undefined when there is none or it is unreadable or malformed. */
export async function readCatalog(file: string): Promise<{ catalog: Catalog; mtime: Date } | undefined> {
  try {
    const [text, stat] = await Promise.all([fsp.readFile(file, "utf8"), fsp.stat(file)]);
    const parsed = JSON.parse(text) as Partial<Catalog>;
    const ok = parsed && parsed.version === 1 && Array.isArray(parsed.modules) && Array.isArray(parsed.pending) && Array.isArray(parsed.refused);
    return ok ? { catalog: parsed as Catalog, mtime: stat.mtime } : undefined;
  } catch {
    return undefined;
  }
}
