// Owns giving a program the modules it may import, for every command that runs one (run, replay): the catalog of the
// pack roots (compiled first — warm compiles are cheap; a program without `import` never compiles) and the dispatcher
// that answers its host and WASM modules. Refuses nothing itself; a catalog that cannot be compiled exits 1, and an
// --allow naming no admitted module is warned about.

import type { Catalog } from "@capsule/compiler";
import { createCapsuleDispatcher, defaultRegistry, type CapsuleDispatcher } from "@capsule/registry";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";

/** Cheap check: only a source that mentions `import` can need the catalog (false positives just compile). */
const mayImport = (source: string): boolean => /\bimport\b/.test(source);

export async function programModules(
  source: string,
  options: LocationOptions & { allow?: readonly string[] },
  command: string,
): Promise<{ catalog?: Catalog; dispatcher?: CapsuleDispatcher } | { exit: number }> {
  if (!mayImport(source)) return {};
  let catalog: Catalog;
  try {
    catalog = (await compileRoots(resolveLocations(options))).catalog;
  } catch (error) {
    process.stderr.write(`${command}: cannot compile the pack roots: ${(error as Error).message}\n`);
    return { exit: 1 };
  }
  for (const specifier of options.allow ?? []) {
    if (!catalog.modules.some((m) => m.specifier === specifier)) {
      process.stderr.write(`${command}: warning: --allow ${specifier}: no admitted module has that name (see \`capsule packs list\`)\n`);
    }
  }
  // Host modules through the shipped registry, WASM modules through the host's WASM pool.
  return { catalog, dispatcher: createCapsuleDispatcher({ registry: defaultRegistry(), catalog }) };
}
