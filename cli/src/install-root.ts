// Owns the install root's generations, so an install or uninstall switches the packs and the ledger together or not
// at all. <home>/packs is a symlink to one generation, <home>/installs/<id>/ (its package.json and lock, node_modules —
// the pack root — and ledger.json; <home>/ledger.json links to packs/ledger.json). A change is staged in a new
// generation (a copy of the current one, then npm), checked there, and made current by renaming a new symlink over
// <home>/packs: one rename, so a command killed at any moment leaves the old generation current or the new one.
// Generations that are not current are leftovers (a killed install's staging, an old generation not yet removed):
// audit reports them and the next locked command removes them. Refuses nothing; callers hold the home's lock for
// every change here except creating the first, empty generation (atomic: symlink(2) fails if one exists).

import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { promises as fsp } from "node:fs";
import path from "node:path";

const EMPTY_PACKAGE = `${JSON.stringify({ name: "capsule-installed-packs", private: true, dependencies: {} }, null, 2)}\n`;

export const packsLink = (home: string) => path.join(home, "packs");
export const installsDir = (home: string) => path.join(home, "installs");
const ledgerLink = (home: string) => path.join(home, "ledger.json");
const newId = () => `${Date.now().toString(36)}-${process.pid}-${randomBytes(3).toString("hex")}`;

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A new generation folder with an empty install (package.json, node_modules). */
function emptyGeneration(home: string): string {
  const dir = path.join(installsDir(home), newId());
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), EMPTY_PACKAGE);
  return dir;
}

/** <home>/ledger.json → packs/ledger.json, unless a (legacy) file is there. */
function ensureLedgerLink(home: string): void {
  if (existsSync(ledgerLink(home)) || isSymlink(ledgerLink(home))) return;
  try {
    symlinkSync(path.join("packs", "ledger.json"), ledgerLink(home));
  } catch {
    // another command made it, or the file system has no symlinks: the ledger is still read from packs/
  }
}

/**
 * Makes sure <home>/packs exists: the first generation, empty, when there is none. Safe without the lock (a racing
 * command's symlink wins and ours is dropped). A legacy <home>/packs folder is left for migrate() (under the lock).
 */
export function ensureInstallRoot(home: string): void {
  mkdirSync(home, { recursive: true });
  if (!existsSync(packsLink(home)) && !isSymlink(packsLink(home))) {
    const dir = emptyGeneration(home);
    try {
      symlinkSync(path.relative(home, dir), packsLink(home), "dir");
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  ensureLedgerLink(home);
}

/** The current generation's folder (real path), or undefined when <home>/packs is not a generation link. */
export function currentGeneration(home: string): string | undefined {
  if (!isSymlink(packsLink(home))) return undefined;
  return path.resolve(home, readlinkSync(packsLink(home)));
}

/** Makes `dir` (a folder under <home>/installs) the current generation: one rename of a fresh symlink over <home>/packs. */
export function switchTo(home: string, dir: string): void {
  const temp = path.join(home, `.packs-${newId()}`);
  symlinkSync(path.relative(home, dir), temp, "dir");
  try {
    renameSync(temp, packsLink(home));
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Under the lock: turns a legacy home (a real <home>/packs folder, a real <home>/ledger.json) into generations. A
 * kill in between leaves either layout readable; the next locked command finishes the move.
 */
export function migrate(home: string): void {
  ensureInstallRoot(home);
  if (!isSymlink(packsLink(home)) && existsSync(packsLink(home))) {
    const dir = path.join(installsDir(home), newId());
    mkdirSync(installsDir(home), { recursive: true });
    renameSync(packsLink(home), dir);
    mkdirSync(path.join(dir, "node_modules"), { recursive: true });
    switchTo(home, dir);
  }
  const current = currentGeneration(home)!;
  if (existsSync(ledgerLink(home)) && !isSymlink(ledgerLink(home))) {
    if (!existsSync(path.join(current, "ledger.json"))) renameSync(ledgerLink(home), path.join(current, "ledger.json"));
    else rmSync(ledgerLink(home), { force: true });
  }
  ensureLedgerLink(home);
}

/** Under the lock: a new generation holding a copy of the current one, for a change to be staged in. */
export async function stageGeneration(home: string): Promise<string> {
  const current = currentGeneration(home);
  const dir = path.join(installsDir(home), newId());
  if (current) await fsp.cp(current, dir, { recursive: true, verbatimSymlinks: true });
  await fsp.mkdir(path.join(dir, "node_modules"), { recursive: true });
  if (!existsSync(path.join(dir, "package.json"))) await fsp.writeFile(path.join(dir, "package.json"), EMPTY_PACKAGE);
  return dir;
}

export interface Leftover {
  path: string;
  kind: "generation" | "switch-link";
}

/** Generations that are not current, and half-made switch links: what a killed command leaves. */
export async function leftovers(home: string): Promise<Leftover[]> {
  const current = currentGeneration(home);
  const out: Leftover[] = [];
  for (const name of await fsp.readdir(installsDir(home)).catch(() => [] as string[])) {
    const dir = path.join(installsDir(home), name);
    if (dir !== current) out.push({ path: dir, kind: "generation" });
  }
  for (const name of await fsp.readdir(home).catch(() => [] as string[])) {
    if (name.startsWith(".packs-")) out.push({ path: path.join(home, name), kind: "switch-link" });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Under the lock: removes every leftover. */
export async function removeLeftovers(home: string): Promise<number> {
  const found = await leftovers(home);
  for (const l of found) await fsp.rm(l.path, { recursive: true, force: true });
  return found.length;
}
