// Owns the operator's policy file (<home>/policy.json: { "packs": ["@capsule/*", "@acme/greet"] }): which packs
// runs may import at all. Applied to every compiled catalog, so run, serve, docs and list all see the same thing:
// modules of other packs leave the catalog and are listed as refused with `pack-not-allowed`. No file: every pack.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { CompileResult } from "@capsule/compiler";
import type { CliCode } from "./codes.js";

const policyPath = (home: string) => path.join(home, "policy.json");

/** The pack patterns the operator allows, or undefined when there is no policy. Throws on a malformed file. */
export function readOperatorPolicy(home: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(policyPath(home), "utf8");
  } catch {
    return undefined;
  }
  const parsed = JSON.parse(text) as { packs?: unknown };
  if (!Array.isArray(parsed.packs) || !parsed.packs.every((p) => typeof p === "string")) {
    throw new Error(`${policyPath(home)} must look like { "packs": ["@capsule/*", "@acme/greet"] }`);
  }
  return parsed.packs as string[];
}

const allows = (patterns: readonly string[], pack: string) =>
  patterns.some((p) => p === "*" || p === pack || (p.endsWith("/*") && pack.startsWith(p.slice(0, -1))));

export function applyOperatorPolicy(result: CompileResult, patterns: readonly string[] | undefined): CompileResult {
  if (!patterns) return result;
  const { catalog } = result;
  const kept = catalog.modules.filter((m) => allows(patterns, m.pack));
  const dropped = catalog.modules.filter((m) => !allows(patterns, m.pack));
  const refused = dropped.map((m) => ({
    specifier: m.specifier,
    pack: m.pack,
    // The CLI's own code (codes.ts): the catalog's RefusedModule type names only compiler and registry codes.
    code: ("pack-not-allowed" satisfies CliCode) as never,
    message: `the operator's policy (policy.json) does not allow pack ${m.pack}; allowed: ${patterns.join(", ")}`,
  }));
  return { ...result, catalog: { ...catalog, modules: kept, refused: [...catalog.refused, ...refused] } };
}
