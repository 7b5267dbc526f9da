// Owns settling the npm names guest modules claim to stand for (manifest `standsFor`, else their `npm`): the runtime
// offers the claimant as the import to map when a program imports such a name. Any pack could claim "js-yaml", or
// another module's specifier, and take the hint users are told to follow from a shipped pack. So a name that is a
// specifier of the catalog is no stand-in, and a name a protected (shipped) pack claims is that pack's alone; names
// several other packs claim stay with each (the runtime names them all). Each claim dropped is a warning.

import { warning, type Diagnostic } from "../diagnostics.js";
import type { CatalogModule } from "../types.js";

export function settleStandsFor(
  modules: readonly CatalogModule[],
  specifiers: ReadonlySet<string>,
  protectedPack: (pack: string) => boolean,
): { modules: CatalogModule[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const shippedClaim = new Map<string, string>();
  for (const m of modules) if (protectedPack(m.pack)) for (const name of m.standsFor ?? []) if (!shippedClaim.has(name)) shippedClaim.set(name, m.specifier);
  const settled = modules.map((m) => {
    if (!m.standsFor?.length) return m;
    const kept = m.standsFor.filter((name) => {
      const why = specifiers.has(name)
        ? `"${name}" is a module of the catalog itself`
        : shippedClaim.has(name) && !protectedPack(m.pack)
          ? `"${name}" is claimed by the shipped module ${shippedClaim.get(name)}`
          : undefined;
      if (why) diagnostics.push(warning("standsfor-ignored", `${m.specifier} claims to stand for ${why}; the claim is ignored`, { pack: m.pack, specifier: m.specifier, details: { name } }));
      return why === undefined;
    });
    if (kept.length === m.standsFor.length) return m;
    const { standsFor: _dropped, ...rest } = m;
    return kept.length ? { ...rest, standsFor: kept } : rest;
  });
  return { modules: settled, diagnostics };
}
