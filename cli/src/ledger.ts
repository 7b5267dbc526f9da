// Owns the install ledger: one entry per installed pack with its version, the spec it came from (or the pack it came
// with, for a pack installed as another's dependency), what npm resolved and its integrity, when, whether the operator
// let it shadow a shipped pack, a digest of its installed files (and of each file, for audits to name) and the digests of the modules the catalog admitted.
// The ledger lives in its generation (<home>/installs/<id>/ledger.json, read through <home>/packs/ledger.json and the
// <home>/ledger.json link), so it switches with the install root. Written atomically into a staged generation only;
// a missing or unreadable ledger reads as empty (a legacy <home>/ledger.json file is still read).

import { createHash, randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import path from "node:path";

export interface LedgerEntry {
  name: string;
  version: string;
  source: string;
  /** Set when the pack was installed as a dependency of another pack (that pack's name). */
  via?: string;
  resolved?: string;
  integrity?: string;
  installedAt: string;
  /** The operator passed --allow-shadow-shipped: this pack may shadow the shipped pack of the same name. */
  shadowsShipped?: true;
  /** sha256 over the pack's installed files (sorted relative paths and contents), excluding nested node_modules. */
  filesDigest: string;
  /** Relative path → sha256 of each installed file (as filesDigest walks them), so an audit can name what changed; absent in ledgers written before it. */
  files?: Record<string, string>;
  /** Admitted module specifier → sha256 of its served source. */
  modules: Record<string, string>;
}

export interface Ledger {
  version: 1;
  packs: Record<string, LedgerEntry>;
}

const parse = (text: string): Ledger | undefined => {
  const parsed = JSON.parse(text) as Ledger;
  return parsed && parsed.version === 1 && typeof parsed.packs === "object" && parsed.packs !== null ? parsed : undefined;
};

/** The ledger of a generation folder (or of the current one, through <home>/packs). */
export async function readLedgerAt(dir: string): Promise<Ledger> {
  try {
    return parse(await fsp.readFile(path.join(dir, "ledger.json"), "utf8")) ?? { version: 1, packs: {} };
  } catch {
    return { version: 1, packs: {} };
  }
}

/** The current ledger of a home: <home>/packs/ledger.json, else a legacy <home>/ledger.json file. */
export async function readLedger(home: string): Promise<Ledger> {
  for (const file of [path.join(home, "packs", "ledger.json"), path.join(home, "ledger.json")]) {
    try {
      const ledger = parse(await fsp.readFile(file, "utf8"));
      if (ledger) return ledger;
    } catch {
      // missing or broken: try the next place, then read as empty
    }
  }
  return { version: 1, packs: {} };
}

/** Writes a generation's ledger atomically (a staged generation: the current one is never written in place). */
export async function writeLedgerAt(dir: string, ledger: Ledger): Promise<void> {
  const file = path.join(dir, "ledger.json");
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await fsp.writeFile(temp, `${JSON.stringify(ledger, null, 2)}\n`);
  await fsp.rename(temp, file);
}

/** Every file of a pack folder (absolute paths), skipping node_modules, in sorted order. */
async function packFiles(root: string): Promise<string[]> {
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
  return files;
}

/** Relative path (with /) → sha256 of each file of a pack folder, skipping node_modules, in sorted order. */
export async function fileDigests(root: string): Promise<Record<string, string>> {
  const files = await packFiles(root);
  const out: Record<string, string> = {};
  for (const file of files) out[path.relative(root, file).split(path.sep).join("/")] = createHash("sha256").update(await fsp.readFile(file)).digest("hex");
  return out;
}

/** The files that differ between two fileDigests() of a pack: changed, added (only in `now`) and removed. */
export function changedFiles(recorded: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): { changed: string[]; added: string[]; removed: string[] } {
  return {
    changed: Object.keys(now).filter((f) => f in recorded && recorded[f] !== now[f]),
    added: Object.keys(now).filter((f) => !(f in recorded)),
    removed: Object.keys(recorded).filter((f) => !(f in now)),
  };
}

/** sha256 over every file of a pack folder (relative path and bytes, in sorted order), skipping node_modules. */
export async function digestFiles(root: string): Promise<string> {
  const files = await packFiles(root);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(root, file).split(path.sep).join("/"));
    hash.update("\0");
    hash.update(await fsp.readFile(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}
