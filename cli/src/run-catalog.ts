// Owns what every command that runs guest programs builds before its first run: the pack roots compiled into the
// home's catalog (warm: no esbuild), the dispatcher that answers its host and WASM facades (the shipped registry's
// host modules, the host's WASM pool), and the check of --allow against what a run may import. Shared by `capsule
// run` and `capsule mcp`, so both run programs over the same catalog and the same host modules.
// The compiler and the registry are loaded only when a run needs them (a compile; a host or WASM call), so that a run
// over a fresh catalog pays for neither.
// Refuses nothing: a compile that throws is the caller's to report; an --allow naming nothing importable is a warning.

import type { Catalog } from "@capsule/compiler";
import type { CapsuleDispatcher } from "@capsule/registry";
import { freshCatalog } from "./catalog-fresh.js";
import { resolveLocations, type LocationOptions, type Locations } from "./paths.js";

/** Ended runs remembered before the registry is loaded (the registry's dispatcher remembers as many). */
const ENDED_RUNS_REMEMBERED = 4096;

/** Cheap check: only a source that mentions `import` can need the catalog (false positives just compile). */
export const mayImport = (source: string): boolean => /\bimport\b/.test(source);

export interface RunCatalog {
  catalog: Catalog;
  locations: Locations;
}

/** The home's saved catalog when nothing it was compiled from changed (catalog-fresh.ts), else compiles the roots and saves it. */
export async function compileRunCatalog(options: LocationOptions): Promise<RunCatalog> {
  const locations = resolveLocations(options);
  const fresh = await freshCatalog(locations);
  if (fresh) return { catalog: fresh, locations };
  const { compileRoots } = await import("./catalog-file.js");
  const { catalog } = await compileRoots(locations);
  return { catalog, locations };
}

/**
 * Host modules through the shipped registry, WASM modules through the host's WASM pool; close() it after the runs.
 * The registry is imported on the first call: most runs make none.
 */
export function catalogDispatcher(catalog: Catalog): CapsuleDispatcher {
  let made: Promise<CapsuleDispatcher> | undefined;
  // Runs that ended before the registry was loaded: told to the real dispatcher, so a call of theirs that arrives late
  // is still cancelled, not made (as many as it remembers itself).
  const ended: string[] = [];
  let loaded: CapsuleDispatcher | undefined;
  const dispatcher = () =>
    (made ??= import("@capsule/registry").then(({ createCapsuleDispatcher, defaultRegistry }) => {
      const real = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
      for (const runId of ended.splice(0)) real.endRun(runId);
      return (loaded = real);
    }));
  return {
    // WASM called from the guest's worker needs the registry at the run's start: until a first call loaded it, WASM
    // goes through the main thread (the same budgets and answers, a few hops slower).
    workerModules: (declared) => loaded?.workerModules(declared),
    dispatch: async (call) => (await dispatcher()).dispatch(call),
    endRun(runId) {
      if (made) void made.then((d) => d.endRun(runId));
      else if (ended.push(runId) > ENDED_RUNS_REMEMBERED) ended.shift();
    },
    close: async () => {
      if (made) await (await made).close();
    },
  };
}

/** The --allow entries that name neither an admitted module nor a tool module (probably typos). */
export function unknownAllowed(allow: readonly string[] | undefined, catalog: Catalog | undefined, toolSpecifiers: readonly string[] = []): string[] {
  return (allow ?? []).filter((s) => !toolSpecifiers.includes(s) && !catalog?.modules.some((m) => m.specifier === s));
}
