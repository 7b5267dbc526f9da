// Owns what every command that runs guest programs builds before its first run: the pack roots compiled into the
// home's catalog (warm: no esbuild), the dispatcher that answers its host and WASM facades (the shipped registry's
// host modules, the host's WASM pool), and the check of --allow against what a run may import. Shared by `capsule
// run` and `capsule mcp`, so both run programs over the same catalog and the same host modules.
// Refuses nothing: a compile that throws is the caller's to report; an --allow naming nothing importable is a warning.

import type { Catalog } from "@capsule/compiler";
import { createCapsuleDispatcher, defaultRegistry } from "@capsule/registry";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions, type Locations } from "./paths.js";

/** Cheap check: only a source that mentions `import` can need the catalog (false positives just compile). */
export const mayImport = (source: string): boolean => /\bimport\b/.test(source);

export interface RunCatalog {
  catalog: Catalog;
  locations: Locations;
}

/** Compiles the roots and saves the home's catalog. */
export async function compileRunCatalog(options: LocationOptions): Promise<RunCatalog> {
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  return { catalog, locations };
}

/** Host modules through the shipped registry, WASM modules through the host's WASM pool; close() it after the runs. */
export function catalogDispatcher(catalog: Catalog): ReturnType<typeof createCapsuleDispatcher> {
  return createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
}

/** The --allow entries that name neither an admitted module nor a tool module (probably typos). */
export function unknownAllowed(allow: readonly string[] | undefined, catalog: Catalog | undefined, toolSpecifiers: readonly string[] = []): string[] {
  return (allow ?? []).filter((s) => !toolSpecifiers.includes(s) && !catalog?.modules.some((m) => m.specifier === s));
}
