// Owns what a host-module pin is and the pins Capsule ships. A pin is a host module's descriptor (host-modules'
// HostModuleDescriptor: its id, the one package allowed to declare it, its exports with the shape of their arguments,
// its limits and its loader), so the shipped pins are exactly the shipped descriptors, listed once, in host-modules.
// Exports and limits come from the pin, never from a pack. Refuses nothing itself (the registry does).

// A pin binds the id to a package's identity, not only its name: `root`, the real folder of the one copy allowed to
// declare it. For a shipped pin that is the copy Capsule ships (shippedPackRoot: the repository's packs/<dir>, else
// the package resolved from this file), so a third-party package that merely takes the name (@capsule/csv installed
// beside the shipped one) is another copy and is refused.

import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExportShape, HostModuleDescriptor, ParamShape } from "@capsule/host-modules/descriptor";
import { SHIPPED_MODULES } from "@capsule/host-modules/shipped";

export type { ParamShape };
/** One pinned export: its arguments' shapes and a doc line. */
export type ExportPin = ExportShape;
/**
 * A pinned host module; an application registers its own with the same shape (limits optional). `root`, when given,
 * is the real folder of the one copy of `package` allowed to declare the id (compared by real path at admission).
 */
export type HostPin = HostModuleDescriptor & { root?: string };

/** The pins Capsule ships; an application may register its own beside them (createRegistry). */
export const SHIPPED_PINS: readonly HostPin[] = SHIPPED_MODULES;

const realOr = (p: string): string | undefined => {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
};

let repositoryPacks: Map<string, string> | undefined;
/** Package name → real folder of the repository's shipped packs (<repo>/packs/<dir>), read once. */
function repositoryShippedPacks(): Map<string, string> {
  if (repositoryPacks) return repositoryPacks;
  repositoryPacks = new Map();
  const dir = fileURLToPath(new URL("../../packs/", import.meta.url));
  let children: string[] = [];
  try {
    children = readdirSync(dir);
  } catch {
    return repositoryPacks;
  }
  for (const child of children) {
    try {
      const name = (JSON.parse(readFileSync(path.join(dir, child, "package.json"), "utf8")) as { name?: unknown }).name;
      const real = realOr(path.join(dir, child));
      if (typeof name === "string" && real) repositoryPacks.set(name, real);
    } catch {
      // not a pack folder
    }
  }
  return repositoryPacks;
}

/**
 * The real folder of the copy of shipped package `name` that Capsule ships: the repository's packs/<dir> naming it,
 * else the package of that name resolved from this registry's own location (an installed Capsule); undefined when
 * neither exists (then a shipped pin can bind by name only).
 */
export function shippedPackRoot(name: string): string | undefined {
  const fromRepository = repositoryShippedPacks().get(name);
  if (fromRepository) return fromRepository;
  try {
    return realOr(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)));
  } catch {
    return undefined;
  }
}
