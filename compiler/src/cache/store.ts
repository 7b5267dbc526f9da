// Owns the content-addressed entry store: <cacheDir>/entries/<key>.json (metadata) and <key>.js (the
// served source). Writes are atomic (temp file + rename; the .js lands before the .json that vouches for
// it), so concurrent compiles in other processes only ever see complete files. Every read is verified:
// the .js must hash to the metadata's sha256 and size; a mismatch or unparsable metadata is evicted and
// reported as corrupt, never served.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { sha256 } from "../canonical.js";
import type { Code } from "../codes.js";
import type { Diagnostic } from "../diagnostics.js";
import { writeFileAtomic } from "../fsutil.js";
import { CACHE_FORMAT_VERSION } from "../tuning.js";

export interface BundledEntry {
  v: number;
  key: string;
  status: "bundled";
  specifier: string;
  pack: string;
  sha256: string;
  size: number;
  /** Warnings found while bundling and scanning (pack-relative paths only). */
  warnings: Diagnostic[];
  /** Export names, once a probe has admitted this source; absent until then. */
  exports?: string[];
}

export interface RefusedEntry {
  v: number;
  key: string;
  status: "refused";
  specifier: string;
  pack: string;
  code: Code;
  message: string;
  diagnostics: Diagnostic[];
}

type CacheEntry = BundledEntry | RefusedEntry;

export type EntryRead =
  | { kind: "miss" }
  | { kind: "hit"; entry: CacheEntry; sourcePath?: string }
  | { kind: "corrupt"; reason: string };

const KEY_RE = /^[0-9a-f]{64}$/;

export class CacheStore {
  readonly entriesDir: string;

  constructor(readonly cacheDir: string) {
    this.entriesDir = path.join(cacheDir, "entries");
  }

  jsonPath(key: string): string {
    return path.join(this.entriesDir, `${key}.json`);
  }

  jsPath(key: string): string {
    return path.join(this.entriesDir, `${key}.js`);
  }

  /** Reads and verifies an entry; a corrupt one is evicted before returning. */
  async read(key: string): Promise<EntryRead> {
    if (!KEY_RE.test(key)) return { kind: "miss" };
    let text: string;
    try {
      text = await fsp.readFile(this.jsonPath(key), "utf8");
    } catch {
      return { kind: "miss" };
    }
    const corrupt = async (reason: string): Promise<EntryRead> => {
      await this.evict(key);
      return { kind: "corrupt", reason };
    };
    let entry: CacheEntry;
    try {
      entry = JSON.parse(text) as CacheEntry;
    } catch {
      return corrupt("metadata is not valid JSON");
    }
    if (!entry || entry.v !== CACHE_FORMAT_VERSION || entry.key !== key) return corrupt("metadata does not describe this key");
    if (entry.status === "refused") {
      return typeof entry.code === "string" && typeof entry.message === "string" ? { kind: "hit", entry } : corrupt("refusal metadata incomplete");
    }
    if (entry.status !== "bundled" || typeof entry.sha256 !== "string") return corrupt("metadata incomplete");
    let js: Buffer;
    try {
      js = await fsp.readFile(this.jsPath(key));
    } catch {
      return corrupt("source file missing");
    }
    if (js.length !== entry.size || sha256(js) !== entry.sha256) return corrupt("source does not match its sha256");
    return { kind: "hit", entry, sourcePath: this.jsPath(key) };
  }

  async writeBundled(entry: BundledEntry, source: string): Promise<string> {
    await writeFileAtomic(this.jsPath(entry.key), source);
    await writeFileAtomic(this.jsonPath(entry.key), JSON.stringify(entry));
    return this.jsPath(entry.key);
  }

  async writeRefused(entry: RefusedEntry): Promise<void> {
    await writeFileAtomic(this.jsonPath(entry.key), JSON.stringify(entry));
  }

  async evict(key: string): Promise<void> {
    await fsp.rm(this.jsonPath(key), { force: true });
    await fsp.rm(this.jsPath(key), { force: true });
  }
}
