// `capsule packs audit`: under the home's lock, checks what is on disk against the ledger — each installed pack's
// files re-hashed against its filesDigest (naming each file changed, added or removed, from the ledger's per-file digests), the catalog's digests (compiled without the drift refusal, never saved)
// against the ledger's — and reports what a killed or hand-made change left: packs in the install root without a
// ledger entry (orphans) and staging leftovers (generations that are not current). Exits 1 when anything is found.

import { existsSync } from "node:fs";
import path from "node:path";
import { compileRoots } from "./catalog-file.js";
import { HomeLockedError, type HomeLock } from "./home-lock.js";
import { leftovers, migrate } from "./install-root.js";
import { packFolders } from "./installed-check.js";
import { changedFiles, digestFiles, fileDigests, readLedger } from "./ledger.js";
import { lockHome, printRefusal, Refusal } from "./packs-install.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shown } from "./terminal-text.js";

/** Most file names one finding lists; the rest are counted. */
const FILES_SHOWN = 20;

/** "installed files changed since install: src/index.js changed, extra.js added", from the ledger's per-file digests. */
async function whatChanged(dir: string, recorded: Readonly<Record<string, string>> | undefined): Promise<string> {
  if (!recorded) return "installed files changed since install (this ledger entry predates per-file digests: reinstall the pack to record them)";
  const { changed, added, removed } = changedFiles(recorded, await fileDigests(dir));
  const named = [...changed.map((f) => `${f} changed`), ...added.map((f) => `${f} added`), ...removed.map((f) => `${f} removed`)];
  const more = named.length > FILES_SHOWN ? `, and ${named.length - FILES_SHOWN} more` : "";
  return `installed files changed since install: ${named.slice(0, FILES_SHOWN).join(", ")}${more}`;
}

export async function packsAuditCommand(options: LocationOptions & { json?: boolean; wait?: number }): Promise<number> {
  const locations = resolveLocations(options);
  let lock: HomeLock | undefined;
  try {
    lock = await lockHome(locations, "packs audit", options.wait);
    migrate(locations.home);
    const ledger = await readLedger(locations.home);
    const { catalog } = await compileRoots(locations, { installed: false });
    const findings: Array<{ pack: string; problem: string }> = [];
    for (const entry of Object.values(ledger.packs)) {
      const dir = path.join(locations.installRoot, entry.name);
      if (!existsSync(dir)) {
        findings.push({ pack: entry.name, problem: "missing from the install root" });
        continue;
      }
      if ((await digestFiles(dir)) !== entry.filesDigest) findings.push({ pack: entry.name, problem: await whatChanged(dir, entry.files) });
      for (const [specifier, sha256] of Object.entries(entry.modules)) {
        const now = catalog.modules.find((m) => m.specifier === specifier);
        if (!now) findings.push({ pack: entry.name, problem: `${specifier} is no longer admitted` });
        else if (now.sha256 !== sha256) findings.push({ pack: entry.name, problem: `${specifier} digest drifted (${sha256.slice(0, 12)} → ${now.sha256.slice(0, 12)})` });
      }
    }
    for (const [name, dir] of await packFolders(locations.installRoot)) {
      if (!Object.hasOwn(ledger.packs, name)) findings.push({ pack: name, problem: `on disk without a ledger entry (${dir}): not installed by \`capsule packs install\`, or its install did not finish` });
    }
    for (const l of await leftovers(locations.home)) {
      findings.push({ pack: "-", problem: `staging leftover ${l.path} (${l.kind === "generation" ? "an install that did not finish, or an old generation" : "a half-made switch"}; the next install or uninstall removes it)` });
    }
    if (options.json) process.stdout.write(`${JSON.stringify({ packs: Object.keys(ledger.packs).length, findings }, null, 2)}\n`);
    else if (findings.length === 0) process.stdout.write(`audit: ${Object.keys(ledger.packs).length} installed packs match the ledger and the catalog\n`);
    else for (const f of findings) process.stdout.write(`drift  ${shown(f.pack)}: ${shown(f.problem, 1000)}\n`);
    return findings.length ? 1 : 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof HomeLockedError) {
      printRefusal("packs audit", error);
      return 1;
    }
    throw error;
  } finally {
    await lock?.release();
  }
}
