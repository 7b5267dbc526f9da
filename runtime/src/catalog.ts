// Owns resolving guest imports against a compiled catalog in Node: the rules of catalog-resolver.ts, with every
// source read from its compiled file once per process and checked against its sha256.
// Refuses a missing compiled file and a source that does not hash to its catalog digest.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { runError, type RunError } from "./errors.js";
import { catalogResolverWith, type CatalogEntry, type CatalogLike, type CatalogResolution, type CatalogRunOptions } from "./catalog-resolver.js";

const verified = new Map<string, string>();

/** The module's source, read once per process and refused unless it hashes to the catalog's digest. */
function loadVerified(entry: CatalogEntry): string | RunError {
  const cached = verified.get(entry.sha256);
  if (cached !== undefined) return cached;
  let source: string;
  try {
    source = entry.source ?? readFileSync(entry.sourcePath!, "utf8");
  } catch {
    return runError("E_IMPORT_UNRESOLVED", `module "${entry.specifier}" is in the catalog but its compiled source is missing; run \`capsule packs compile\``);
  }
  const digest = createHash("sha256").update(source).digest("hex");
  if (digest !== entry.sha256) {
    return runError("E_MODULE_TAMPERED", `module "${entry.specifier}" does not match its catalog digest (expected ${entry.sha256.slice(0, 12)}…, got ${digest.slice(0, 12)}…); recompile with \`capsule packs compile --force\``);
  }
  verified.set(entry.sha256, source);
  return source;
}

export function catalogResolver(catalog: CatalogLike, options: CatalogRunOptions, mainName: string): CatalogResolution {
  return catalogResolverWith(loadVerified, catalog, options, mainName);
}
