// Owns removing what a cache no longer needs after a compile: bundles and cached refusals (entries/), pointers
// (pointers/) and host/wasm facades (facades/) that the compiled catalog does not use, plus temporary files left by
// interrupted writes. Refuses to touch anything the catalog references, anything a kept pointer names, and any
// file younger than the minimum age (a concurrent compile may be about to use it).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { CACHE_PRUNE_MIN_AGE_MS } from "../tuning.js";
import type { Catalog } from "../types.js";

export interface PruneOptions {
  /** Keep unused files younger than this (default CACHE_PRUNE_MIN_AGE_MS). */
  minAgeMs?: number;
  /** Report what would go, remove nothing. */
  dryRun?: boolean;
}

export interface PruneReport {
  removedFiles: number;
  freedBytes: number;
  /** Files kept because the catalog uses them. */
  keptFiles: number;
  /** Unused files kept because they are younger than the minimum age. */
  youngFiles: number;
}

async function filesOf(dir: string): Promise<string[]> {
  try {
    return (await fsp.readdir(dir)).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/** Pointers whose module the catalog admitted or refused from a cached refusal, with the keys they name. */
async function keptPointers(pointerFiles: string[], catalog: Catalog, usedKeys: Set<string>): Promise<Set<string>> {
  const refused = new Set(catalog.refused.map((r) => r.specifier));
  const kept = new Set<string>();
  for (const file of pointerFiles) {
    try {
      const pointer = JSON.parse(await fsp.readFile(file, "utf8")) as { key?: unknown; specifier?: unknown };
      if (typeof pointer.key !== "string") continue;
      if (usedKeys.has(pointer.key) || refused.has(String(pointer.specifier))) {
        kept.add(file);
        usedKeys.add(pointer.key);
      }
    } catch {
      // unreadable: not kept (a compile treats it as a miss anyway)
    }
  }
  return kept;
}

export async function pruneCache(cacheDir: string, catalog: Catalog, options: PruneOptions = {}): Promise<PruneReport> {
  const minAgeMs = options.minAgeMs ?? CACHE_PRUNE_MIN_AGE_MS;
  const entries = path.join(cacheDir, "entries");
  const referenced = new Set(catalog.modules.map((m) => path.resolve(m.sourcePath)));
  // entries/<key>.js is a guest module's source; its <key>.json vouches for it.
  const usedKeys = new Set([...referenced].filter((p) => path.dirname(p) === path.resolve(entries)).map((p) => path.basename(p, ".js")));
  const pointerFiles = await filesOf(path.join(cacheDir, "pointers"));
  const keep = await keptPointers(pointerFiles, catalog, usedKeys);
  for (const key of usedKeys) {
    keep.add(path.join(entries, `${key}.js`));
    keep.add(path.join(entries, `${key}.json`));
  }
  for (const file of referenced) keep.add(file);

  const report: PruneReport = { removedFiles: 0, freedBytes: 0, keptFiles: 0, youngFiles: 0 };
  const now = Date.now();
  const candidates = [...(await filesOf(entries)), ...pointerFiles, ...(await filesOf(path.join(cacheDir, "facades")))];
  for (const file of candidates) {
    if (keep.has(path.resolve(file))) {
      report.keptFiles++;
      continue;
    }
    let stat;
    try {
      stat = await fsp.stat(file);
    } catch {
      continue;
    }
    if (!stat.isFile()) continue;
    if (now - stat.mtimeMs < minAgeMs) {
      report.youngFiles++;
      continue;
    }
    if (!options.dryRun) {
      try {
        await fsp.unlink(file);
      } catch {
        continue;
      }
    }
    report.removedFiles++;
    report.freedBytes += stat.size;
  }
  return report;
}
