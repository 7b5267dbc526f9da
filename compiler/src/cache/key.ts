// Owns the cache key: sha256 over canonical JSON of the compiler version, the bundler version, the
// normalized options, the module (specifier + declaration), the content hash of every input file the
// bundler read and of every package.json on the way from each input up to its package root. Paths in the
// key are logical ("pack:src/a.js", "npm:js-yaml/dist/js-yaml.mjs"), never absolute; lists are sorted
// and de-duplicated, so the key is order-independent and stable across runs and machines.

import { digestOf } from "../canonical.js";
import { CACHE_FORMAT_VERSION } from "../tuning.js";
import type { ModuleDeclaration } from "../types.js";

/** [logical path, sha256 of content]. */
export type HashedFile = readonly [string, string];

export interface CacheKeyParts {
  compilerVersion: string;
  bundlerVersion: string;
  /** Normalized options (bundle options, scan rules, limits that change results). */
  options: unknown;
  specifier: string;
  declaration: ModuleDeclaration;
  inputs: readonly HashedFile[];
  packageJsons: readonly HashedFile[];
}

function sortedUnique(list: readonly HashedFile[]): string[][] {
  const seen = new Map<string, HashedFile>();
  for (const f of list) seen.set(`${f[0]}\0${f[1]}`, f);
  return [...seen.keys()].sort().map((k) => [...seen.get(k)!]);
}

export function computeCacheKey(parts: CacheKeyParts): string {
  return digestOf({
    format: CACHE_FORMAT_VERSION,
    compiler: parts.compilerVersion,
    bundler: parts.bundlerVersion,
    options: parts.options,
    specifier: parts.specifier,
    declaration: parts.declaration,
    inputs: sortedUnique(parts.inputs),
    packageJsons: sortedUnique(parts.packageJsons),
  });
}

/** Hash of the module identity used to name its pointer file. */
export function declarationHash(specifier: string, declaration: ModuleDeclaration): string {
  return digestOf({ specifier, declaration });
}
