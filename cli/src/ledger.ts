// Owns the install ledger (<home>/ledger.json): one entry per installed pack with its version, the spec it came
// from, what npm resolved and its integrity, when, a digest of its installed files and the digests of the modules
// the catalog admitted. Written atomically; a missing or unreadable ledger reads as empty.

import { createHash } from "node:crypto";
import { promises as fsp } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

interface LedgerEntry {
  name: string;
  version: string;
  source: string;
  resolved?: string;
  integrity?: string;
  installedAt: string;
  /** sha256 over the pack's installed files (sorted relative paths and contents), excluding nested node_modules. */
  filesDigest: string;
  /** Admitted module specifier → sha256 of its served source. */
  modules: Record<string, string>;
}

export interface Ledger {
  version: 1;
  packs: Record<string, LedgerEntry>;
}

const ledgerPath = (home: string) => path.join(home, "ledger.json");

export async function readLedger(home: string): Promise<Ledger> {
  try {
    const parsed = JSON.parse(await fsp.readFile(ledgerPath(home), "utf8")) as Ledger;
    if (parsed && parsed.version === 1 && typeof parsed.packs === "object") return parsed;
  } catch {
    // A missing or broken ledger reads as empty; the next write repairs it.
  }
  return { version: 1, packs: {} };
}

export async function writeLedger(home: string, ledger: Ledger): Promise<void> {
  const file = ledgerPath(home);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await fsp.writeFile(temp, `${JSON.stringify(ledger, null, 2)}\n`);
  await fsp.rename(temp, file);
}

/** sha256 over every file of a pack folder (relative path and bytes, in sorted order), skipping node_modules. */
export async function digestFiles(root: string): Promise<string> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  await walk(root);
  files.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(root, file).split(path.sep).join("/"));
    hash.update("\0");
    hash.update(await fsp.readFile(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}
