// Owns resolving a run's static import graph before the guest starts: every specifier the main module or
// a resolved module imports must resolve, or the run fails naming it. Produces the only modules and links
// the worker's loader will serve.

import { init as lexerReady, parse as lexImports } from "es-module-lexer";
import { quoted, runError, type RunError } from "./errors.js";
import type { ModuleResolver } from "./resolver.js";
import { declaredLoadCpuMs } from "./limits.js";

export interface ImportGraph {
  modules: Record<string, string>;
  links: Record<string, string>;
  /** Identifies the set of modules (specifier and digest of each): runs with the same set share a preloaded template. */
  moduleSetKey: string;
  /** Host modules among them: host id → the package that declared it. */
  hostModules: Map<string, string>;
  /** Specifiers of their facades. */
  facades: string[];
  /** sha256 of each module, by specifier (what a journal records and a replay checks). */
  digests: Record<string, string>;
  /** Sum of the modules' declared load budgets (ResolvedModule.loadCpuMs, each as declaredLoadCpuMs counts it). */
  loadCpuMs: number;
}

/** sha256 (hex) of a module source, for resolvers that do not give a module's digest (node:crypto in Node). */
export type Digest = (source: string) => string;

/** Most modules one run may load. */
export const MAX_MODULES_PER_RUN = 256;

const importCache = new Map<string, string[]>();

/** Static import specifiers of an already-JS module source (dynamic imports are refused later, at run time). */
function staticImports(source: string): string[] {
  const hit = importCache.get(source);
  if (hit) return hit;
  const [entries] = lexImports(source);
  const found = [...new Set(entries.flatMap((e) => (e.type === "static" && !e.typeOnly ? [e.specifier] : [])))];
  if (importCache.size > 1024) importCache.clear();
  importCache.set(source, found);
  return found;
}

export async function resolveImports(
  mainName: string,
  mainImports: string[],
  resolver: ModuleResolver | undefined,
  digest?: Digest,
): Promise<{ ok: true; graph: ImportGraph } | { ok: false; error: RunError }> {
  const graph: ImportGraph = { modules: {}, links: {}, moduleSetKey: "", hostModules: new Map(), facades: [], digests: {}, loadCpuMs: 0 };
  const digests: string[] = [];
  if (mainImports.length === 0) return { ok: true, graph };
  if (!resolver) {
    return { ok: false, error: runError("E_IMPORT_UNRESOLVED", `cannot import "${quoted(mainImports[0]!)}": this sandbox has no module resolver, so no import is available`) };
  }
  await lexerReady;
  const queue: Array<{ referrer: string; specifiers: string[] }> = [{ referrer: mainName, specifiers: mainImports }];
  while (queue.length > 0) {
    const { referrer, specifiers } = queue.shift()!;
    for (const specifier of specifiers) {
      let resolved;
      try {
        resolved = await resolver.resolve(specifier, referrer);
      } catch (error) {
        return { ok: false, error: runError("E_IMPORT_UNRESOLVED", `cannot import "${quoted(specifier)}" from "${quoted(referrer)}": the resolver failed (${error instanceof Error ? error.message : String(error)})`) };
      }
      if (!resolved) {
        return { ok: false, error: runError("E_IMPORT_UNRESOLVED", `cannot import "${quoted(specifier)}" from "${quoted(referrer)}": it is not installed or not allowed for this run`) };
      }
      graph.links[`${referrer}\0${specifier}`] = resolved.specifier;
      if (resolved.specifier in graph.modules) continue;
      if (Object.keys(graph.modules).length >= MAX_MODULES_PER_RUN) {
        return { ok: false, error: runError("E_IMPORT_REFUSED", `the run imports more than ${MAX_MODULES_PER_RUN} modules`) };
      }
      graph.modules[resolved.specifier] = resolved.source;
      graph.loadCpuMs += declaredLoadCpuMs(resolved.loadCpuMs);
      if (resolved.host) {
        graph.hostModules.set(resolved.host.id, resolved.host.pack);
        graph.facades.push(resolved.specifier);
      }
      const sha256 = resolved.digest ?? digest?.(resolved.source);
      if (sha256 === undefined) return { ok: false, error: runError("E_INTERNAL", `module "${resolved.specifier}" came without a digest, and this host cannot hash it`) };
      digests.push(`${resolved.specifier}@${sha256}`);
      graph.digests[resolved.specifier] = sha256;
      let nested: string[];
      try {
        nested = staticImports(resolved.source);
      } catch {
        return { ok: false, error: runError("E_IMPORT_REFUSED", `module "${resolved.specifier}" does not parse as an ES module`) };
      }
      if (nested.length) queue.push({ referrer: resolved.specifier, specifiers: nested });
    }
  }
  graph.moduleSetKey = digests.sort().join("\n");
  return { ok: true, graph };
}
