// `capsule packs install <spec>`: a third-party pack through the real npm client (no install scripts, no bin links),
// as one transaction under the home's lock: staged in a new generation (install-root.ts), measured against the
// install caps (install-caps.ts), compiled there — the pack, and any pack that came with it, must be admitted whole —
// recorded in that generation's ledger, then made current by one rename. Refuses (leaving the install root and the
// ledger exactly as they were) a pack named like a shipped pack without --allow-shadow-shipped (pack-shadows-shipped),
// an npm failure, a pack over the caps, and any refused module (pack-install-refused, with each cause's own code and
// hint, as `pack check` prints them); with --frozen, any change to what the home's lockfile pins (pack-install-drift);
// a second install waits for the lock (home-locked after --wait).
// The home's lockfile (the generation's package-lock.json, copied into staging) is honoured: npm keeps every other pack
// at its locked version. Reinstalling the version already installed, with the same files, is a no-op (exit 0).

import { existsSync, promises as fsp, readFileSync } from "node:fs";
import path from "node:path";
import { discoverPacks, resolveInstallLimits, type HintSource, type InstallLimits } from "@capsule/compiler";
import { compileRoots } from "./catalog-file.js";
import type { CliCode } from "./codes.js";
import { hintFor } from "./hints.js";
import { acquireHomeLock, HomeLockedError, type HomeLock } from "./home-lock.js";
import { changedPackages, checkInstallCaps, lockPackages } from "./install-caps.js";
import { currentGeneration, migrate, removeLeftovers, stageGeneration, switchTo } from "./install-root.js";
import { packFolders } from "./installed-check.js";
import { digestFiles, fileDigests, readLedgerAt, writeLedgerAt, type Ledger, type LedgerEntry } from "./ledger.js";
import { lockDrift, unchangedReinstall } from "./install-drift.js";
import { npm } from "./npm-client.js";
import { resolveLocations, type LocationOptions, type Locations } from "./paths.js";
import { isLocalSpec, specName } from "./spec-name.js";
import { shown, shownMessage } from "./terminal-text.js";
import { HOME_LOCK_WAIT_MS } from "./tuning.js";

export interface InstallOptions extends LocationOptions {
  json?: boolean;
  allowShadowShipped?: boolean;
  maxFiles?: number;
  maxBytes?: number;
  wait?: number;
  /** Refuse any change to what the home's lockfile pins (pack-install-drift). */
  frozen?: boolean;
}

/** Refusal of a whole command, with its code: printed with the code's hint, exit 1. */
export class Refusal extends Error {
  /** What caused it, each with its own code (a compiler's, the registry's): printed with that code's hint. */
  readonly causes: readonly HintSource[];
  constructor(readonly code: string, message: string, causes: readonly HintSource[] = []) {
    super(message);
    this.causes = causes;
  }
}

export function dependencies(packageDir: string): Record<string, string> {
  try {
    return (JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")).dependencies ?? {}) as Record<string, string>;
  } catch {
    return {};
  }
}

/** A local directory or tarball spec becomes an absolute path, so npm resolves it wherever it runs. */
const normalizeSpec = (spec: string) => (isLocalSpec(spec) ? path.resolve(spec) : spec);

/** Shipped packs by name: where each lives and its version. */
async function shippedPacks(locations: Locations): Promise<Map<string, { location: string; version: string }>> {
  if (!locations.shippedRoot) return new Map();
  const found = await discoverPacks({ roots: [locations.shippedRoot] });
  return new Map(found.packs.map((p) => [p.name, { location: p.location, version: p.version }]));
}

function shadowRefusal(name: string, what: string, shipped: { location: string; version: string }): Refusal {
  return new Refusal(
    "pack-shadows-shipped" satisfies CliCode,
    `${what} is named like the shipped pack ${shown(name)}@${shipped.version} (${shipped.location}) and would replace it; pass --allow-shadow-shipped to install it in its place (the ledger records it)`,
  );
}

export function printRefusal(command: string, error: Refusal | HomeLockedError): void {
  const causes = error instanceof Refusal ? error.causes : [];
  // A refusal with causes is explained by theirs: each code's own hint, specialised with its details, as pack check does.
  const hints = causes.length
    ? [...new Set(causes.map((c) => `  hint (${shown(c.code)}): ${shownMessage(hintFor(c))}`))]
    : [`  hint: ${hintFor({ code: error.code })}`];
  process.stderr.write(`capsule ${command}: ${error.code}: ${shownMessage(error.message)}\n${hints.join("\n")}\n`);
}

/** Takes the home's lock for `command`, saying so when it has to wait. */
export function lockHome(locations: Locations, command: string, wait: number | undefined): Promise<HomeLock> {
  return acquireHomeLock(locations.home, {
    command,
    waitMs: wait ?? HOME_LOCK_WAIT_MS,
    onWait: (h) => process.stderr.write(`capsule ${command}: waiting for ${h ? `${shown(h.command)} (pid ${h.pid})` : "another command"} to release ${locations.home}/.lock…\n`),
  });
}

const say = (line: string) => process.stderr.write(`capsule packs install: ${line}\n`);

async function install(locations: Locations, spec: string, options: InstallOptions, caps: InstallLimits, lock: HomeLock): Promise<{ entry: LedgerEntry; unchanged: boolean }> {
  const shipped = await shippedPacks(locations);
  const known = await specName(spec);
  if (known && shipped.has(known) && !options.allowShadowShipped) throw shadowRefusal(known, shown(spec), shipped.get(known)!);

  migrate(locations.home);
  await removeLeftovers(locations.home);
  const current = currentGeneration(locations.home)!;
  const ledgerBefore = await readLedgerAt(current);
  const staging = await stageGeneration(locations.home);
  const stagingRoot = path.join(staging, "node_modules");
  const refuse = async (code: string, why: string, causes: readonly HintSource[] = []): Promise<never> => {
    await fsp.rm(staging, { recursive: true, force: true });
    throw new Refusal(code, `${shown(spec)} was refused and nothing was installed: ${why}`, causes);
  };

  // A reinstall gets a fresh copy: npm would keep a folder it thinks is up to date (even one whose files drifted).
  if (known) await fsp.rm(path.join(stagingRoot, known), { recursive: true, force: true });
  const before = dependencies(staging);
  const lockBefore = lockPackages(current);
  say(`npm is installing ${shown(spec)} into a staging folder…`);
  // The ledger records where npm got the pack: keep `resolved` in the lockfile whatever the user's npm config says.
  const installed = await npm(["install", "--save", "--install-links", "--omit-lockfile-registry-resolved=false", normalizeSpec(spec)], staging);
  if (!installed.ok) return refuse("pack-install-refused", `npm could not install it:\n${installed.output}`);
  const after = dependencies(staging);
  const lockAfter = lockPackages(staging);
  if (options.frozen) {
    const drift = lockDrift(lockBefore, lockAfter);
    if (drift.length) return refuse("pack-install-drift", `--frozen, and it would change what the home's lockfile pins: ${drift.join("; ")}`);
  }
  // A spec npm names nothing new for (the same URL or tarball again) is the ledger entry that came from it.
  const name =
    known ?? Object.keys(after).find((n) => before[n] !== after[n]) ?? Object.keys(after).find((n) => !(n in before)) ??
    Object.values(ledgerBefore.packs).find((e) => e.source === spec && !e.via)?.name;
  if (!name || !existsSync(path.join(stagingRoot, name, "package.json"))) return refuse("pack-install-refused", "npm did not add a package");
  if (shipped.has(name) && !options.allowShadowShipped) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw shadowRefusal(name, `${shown(spec)} (${shown(name)})`, shipped.get(name)!);
  }
  const changed = changedPackages(lockBefore, lockAfter);
  const capped = await checkInstallCaps(staging, changed, `node_modules/${name}`, caps);
  if (!capped.ok) return refuse(capped.code, capped.message);

  // Every pack this install brings (it, and packs among the dependencies npm added or changed) must be admitted whole.
  const folders = await packFolders(stagingRoot);
  const newPacks = [...folders.keys()].filter((p) => p === name || changed.includes(`node_modules/${p}`));
  if (!newPacks.includes(name)) return refuse("pack-install-refused", "it declares no Capsule modules (no `capsule` field in its package.json)");
  const previous = Object.hasOwn(ledgerBefore.packs, name) ? ledgerBefore.packs[name] : undefined;
  if (previous && (await unchangedReinstall(previous, folders.get(name)!, path.join(current, "node_modules", name), changed))) {
    await fsp.rm(staging, { recursive: true, force: true });
    return { entry: previous, unchanged: true };
  }
  say(`checking ${shown(name)} (${capped.files} files, ${(capped.bytes / 1024).toFixed(0)} KiB)…`);
  const roots = locations.roots.map((r) => (r === locations.installRoot ? stagingRoot : r));
  const { catalog, diagnostics } = await compileRoots(locations, {
    roots,
    save: false,
    // The packs this install brings are checked as new: a reinstall or an upgrade is not the old entry's drift.
    installed: { installRoot: stagingRoot, ledger: { version: 1, packs: Object.fromEntries(Object.entries(ledgerBefore.packs).filter(([p]) => !newPacks.includes(p))) }, expectNew: new Set(newPacks) },
    allowShadow: options.allowShadowShipped ? newPacks : [],
  });
  const ledger: Ledger = { version: 1, packs: { ...ledgerBefore.packs } };
  const lock0 = lockPackages(staging);
  for (const pack of newPacks) {
    const refused = catalog.refused.filter((r) => r.pack === pack);
    const problems = diagnostics.filter((d) => d.pack === pack && d.severity === "error");
    const causes: HintSource[] = problems.length ? problems : refused.map((r) => ({ code: r.code }));
    if (refused.length) return refuse("pack-install-refused", refused.map((r) => `${shown(r.specifier)}: ${r.code} (${r.message})`).join("; "), causes);
    const admitted = [...catalog.modules.filter((m) => m.pack === pack)];
    if (!admitted.length) {
      const problem = problems[0];
      return refuse("pack-install-refused", problem ? `${problem.code}: ${problem.message}` : `${shown(pack)} has no admitted module`, causes);
    }
    const dir = folders.get(pack)!;
    const lockEntry = lock0[`node_modules/${pack}`] ?? {};
    ledger.packs[pack] = {
      name: pack,
      version: (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version,
      source: pack === name ? spec : `${name} (dependency)`,
      ...(pack === name ? {} : { via: name }),
      ...(lockEntry.resolved ? { resolved: lockEntry.resolved } : {}),
      ...(lockEntry.integrity ? { integrity: lockEntry.integrity } : {}),
      installedAt: new Date().toISOString(),
      ...(options.allowShadowShipped && shipped.has(pack) ? { shadowsShipped: true as const } : {}),
      filesDigest: await digestFiles(dir),
      files: await fileDigests(dir),
      modules: Object.fromEntries(admitted.map((m) => [m.specifier, m.sha256])),
    };
  }
  for (const entry of Object.values(ledger.packs)) if (!folders.has(entry.name)) delete ledger.packs[entry.name];
  await writeLedgerAt(staging, ledger);
  if (!(await lock.held())) return refuse("home-lock-lost", "the home's lock was taken over while it was staged");
  switchTo(locations.home, staging);
  await fsp.rm(current, { recursive: true, force: true });
  await compileRoots(locations); // warm: the staged compile left pointers at the packs' final real folders
  return { entry: ledger.packs[name]!, unchanged: false };
}

export async function packsInstallCommand(spec: string, options: InstallOptions): Promise<number> {
  const locations = resolveLocations(options);
  const caps = resolveInstallLimits({ PACK_INSTALL_MAX_FILES: options.maxFiles, PACK_INSTALL_MAX_BYTES: options.maxBytes });
  if (!caps.ok) {
    process.stderr.write(`capsule packs install: ${caps.problems.join("; ")} (--max-files, --max-bytes)\n`);
    return 2;
  }
  let lock: HomeLock | undefined;
  try {
    lock = await lockHome(locations, `packs install ${spec}`, options.wait);
    const { entry, unchanged } = await install(locations, spec, options, caps.limits, lock);
    if (options.json) process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
    else if (unchanged) process.stdout.write(`${shown(entry.name)}@${shown(entry.version)} is already installed (the same version and files): nothing changed\n`);
    else process.stdout.write(`installed ${shown(entry.name)}@${shown(entry.version)}: ${Object.keys(entry.modules).map((s) => shown(s)).join(", ")}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof HomeLockedError) {
      printRefusal("packs install", error);
      return 1;
    }
    throw error;
  } finally {
    await lock?.release();
  }
}
