// Owns module subpath rules beyond the schema: normalization ("./a/" and "./a//b/." → "./a", "./a/b"),
// reserved names (a first segment starting with _capsule, any __proto__/constructor/prototype or ..
// segment, compared case-insensitively) and duplicates after normalization (also case-insensitive,
// since "./Data" and "./data" collide on case-insensitive file systems and confuse readers).

import { error, type Diagnostic } from "../diagnostics.js";
import { formatFieldPath } from "./schema.js";

const RESERVED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

type SubpathCheck = { ok: true; normalized: string } | { ok: false; reason: string };

/** Normalizes a subpath key that already passed the schema pattern. */
export function normalizeSubpath(key: string): SubpathCheck {
  if (key === ".") return { ok: true, normalized: "." };
  const segments = key.slice(2).split("/").filter((s) => s !== "" && s !== ".");
  for (const seg of segments) {
    const lower = seg.toLowerCase();
    if (seg === "..") return { ok: false, reason: `segment ".." is not allowed in a module subpath` };
    if (RESERVED_SEGMENTS.has(lower)) return { ok: false, reason: `segment "${seg}" is reserved (it names an Object.prototype property)` };
  }
  if (segments.length > 0 && segments[0]!.toLowerCase().startsWith("_capsule")) {
    return { ok: false, reason: `subpaths starting with "./_capsule" are reserved for Capsule's own modules` };
  }
  return { ok: true, normalized: segments.length ? `./${segments.join("/")}` : "." };
}

/** Specifier for a pack name and a normalized subpath. */
export function specifierOf(packName: string, subpath: string): string {
  return subpath === "." ? packName : `${packName}/${subpath.slice(2)}`;
}

/** Reserved-name check of a pack name that passed the schema pattern. */
export function checkPackName(name: string): Diagnostic[] {
  const segs = name.split("/").map((s) => s.replace(/^@/, "").toLowerCase());
  for (const seg of segs) {
    if (RESERVED_SEGMENTS.has(seg) || seg.startsWith("_capsule")) {
      return [error("manifest-reserved-name", `name "${name}" uses the reserved word "${seg}"`, { path: "name" })];
    }
  }
  return [];
}

/** Checks every module key; returns the normalized map (original key → normalized) and diagnostics. */
export function checkSubpaths(keys: readonly string[]): { normalized: Map<string, string>; diagnostics: Diagnostic[] } {
  const normalized = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const byFolded = new Map<string, string>();
  for (const key of keys) {
    const path = formatFieldPath(["capsule", "modules", key]);
    const r = normalizeSubpath(key);
    if (!r.ok) {
      diagnostics.push(error("manifest-reserved-name", `${path}: ${r.reason}`, { path }));
      continue;
    }
    const folded = r.normalized.toLowerCase();
    const prior = byFolded.get(folded);
    if (prior !== undefined) {
      diagnostics.push(
        error(
          "manifest-duplicate-module",
          `${path} is the same module as '${prior}' after normalization (both are "${r.normalized}"); keep one`,
          { path, details: { first: prior, second: key, normalized: r.normalized } },
        ),
      );
      continue;
    }
    byFolded.set(folded, key);
    normalized.set(key, r.normalized);
  }
  return { normalized, diagnostics };
}
