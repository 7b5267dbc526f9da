// Owns comparing an install's lockfile with the home's: which pinned packages it would re-resolve (--frozen refuses
// any), and whether a reinstall changes nothing at all (the same version, the same files, no lockfile entry new or
// changed), so it can be a no-op instead of a new generation. Refuses nothing itself: packs-install.ts does.

import type { LedgerEntry } from "./ledger.js";
import { digestFiles } from "./ledger.js";
import type { lockPackages } from "./install-caps.js";

type LockPackages = ReturnType<typeof lockPackages>;

/** "node_modules/x: 1.0.0 → 1.1.0" for every package the home's lockfile pins that `after` resolves otherwise or drops. */
export function lockDrift(before: LockPackages, after: LockPackages): string[] {
  return Object.entries(before)
    .filter(([key]) => key.startsWith("node_modules/"))
    .flatMap(([key, was]) => {
      const now = after[key];
      if (!now) return [`${key.slice("node_modules/".length)}@${was.version ?? "?"} would be removed`];
      if (now.version !== was.version) return [`${key.slice("node_modules/".length)}: ${was.version ?? "?"} → ${now.version ?? "?"}`];
      if (now.resolved !== was.resolved || now.integrity !== was.integrity) return [`${key.slice("node_modules/".length)}@${now.version ?? "?"}: resolved from ${now.resolved ?? "?"} instead of ${was.resolved ?? "?"}`];
      return [];
    });
}

/**
 * Whether a reinstall would change nothing: the staged copy of an installed pack is what its ledger entry records, the
 * live copy is too (a reinstall is how a drifted copy is restored, so that one is never a no-op), and nothing else in
 * the lockfile is new or changed.
 */
export async function unchangedReinstall(entry: LedgerEntry, stagedDir: string, liveDir: string, changedLockKeys: readonly string[]): Promise<boolean> {
  if (changedLockKeys.length) return false;
  if ((await digestFiles(stagedDir)) !== entry.filesDigest) return false;
  return digestFiles(liveDir).then((live) => live === entry.filesDigest, () => false);
}
