// Owns where the CLI looks and writes: the Capsule home, the pack roots (in shadowing order), the compile cache
// and the catalog file. Pure location rules plus the on-demand creation of the install root (a link to its current
// generation, install-root.ts); refuses nothing
// (a missing --packs folder is kept so the compiler reports it as root-unreadable).

import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstallRoot as ensureGeneration } from "./install-root.js";

/** Options every command accepts to relocate its state and add pack roots. */
export interface LocationOptions {
  /** Overrides $CAPSULE_HOME and ~/.capsule. */
  home?: string;
  /** Extra pack roots from repeated --packs, in the order given. */
  packs?: string[];
}

export interface Locations {
  home: string;
  /** Discovery roots, earliest first: a later root shadows an earlier pack of the same name. */
  roots: string[];
  /** The repository's shipped packs folder, when it exists next to this CLI. */
  shippedRoot?: string;
  /** Where `capsule packs install` puts third-party packs (a pack root). */
  installRoot: string;
  cacheDir: string;
  /** Where run workers keep the engine's template image (SandboxOptions.engineCacheDir). */
  engineCacheDir: string;
  catalogFile: string;
}

/** A pack the CLI depends on (package.json), found by Node's lookup to locate the installed shipped packs. */
const SHIPPED_PROBE = "@capsule/yaml";

/**
 * The shipped packs folder. In the repository: <repo>/packs, resolved from this file (cli/dist/paths.js or
 * cli/src/paths.ts). Installed from npm (no such folder): the shipped packs are the CLI's dependencies, so the root is
 * the `@capsule` scope folder Node's lookup finds them in from this package, by its path as linked (not its real path:
 * under pnpm each package's real folder is alone in the store, and its siblings are links beside the CLI).
 */
function shippedPacksRoot(): string | undefined {
  const repository = fileURLToPath(new URL("../../packs/", import.meta.url)).replace(/[\\/]$/, "");
  if (existsSync(repository)) return repository;
  for (let dir = fileURLToPath(new URL("..", import.meta.url)); ; dir = path.dirname(dir)) {
    const scope = path.join(dir, "node_modules", "@capsule");
    if (path.basename(dir) !== "node_modules" && existsSync(path.join(scope, SHIPPED_PROBE.slice("@capsule/".length), "package.json"))) return scope;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** `--home`, else $CAPSULE_HOME, else ~/.capsule (absolute). */
function capsuleHome(home?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = home ?? (env.CAPSULE_HOME ? env.CAPSULE_HOME : path.join(homedir(), ".capsule"));
  return path.resolve(chosen);
}

/** The home's engine images (`<home>/engine`, beside the compile cache, not in it): `run`'s prestarted worker reads it before the command line is parsed (run-process.ts). */
export function engineCacheDir(home?: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(capsuleHome(home, env), "engine");
}

/** $CAPSULE_PACK_PATH split on the platform's path delimiter, empty entries dropped. */
function envPackRoots(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.CAPSULE_PACK_PATH ?? "").split(path.delimiter).filter((p) => p.trim() !== "").map((p) => path.resolve(p));
}

/**
 * Resolves every location. Roots, earliest (weakest) first: shipped packs, the install root, each entry of
 * $CAPSULE_PACK_PATH, then each --packs in the order given — the command line beats the environment.
 */
export function resolveLocations(options: LocationOptions = {}, env: NodeJS.ProcessEnv = process.env): Locations {
  const home = capsuleHome(options.home, env);
  const installRoot = path.join(home, "packs", "node_modules");
  const shippedRoot = shippedPacksRoot();
  const roots = [...(shippedRoot ? [shippedRoot] : []), installRoot, ...envPackRoots(env), ...(options.packs ?? []).map((p) => path.resolve(p))];
  return { home, roots, shippedRoot, installRoot, cacheDir: path.join(home, "cache"), engineCacheDir: engineCacheDir(options.home, env), catalogFile: path.join(home, "catalog.json") };
}

/** Creates the home and its install root (the first, empty generation: install-root.ts) if missing. Throws with the OS error when it cannot. */
export function ensureInstallRoot(locations: Locations): void {
  ensureGeneration(locations.home);
}
