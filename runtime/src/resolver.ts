// Owns the shape of module resolution that every resolver (a catalog's, an embedder's own) implements.
// Refuses nothing itself; undefined from a resolver means "not available to this run".

/** A module the resolver allows a run to import. `specifier` is its canonical name. */
export interface ResolvedModule {
  specifier: string;
  source: string;
  /** sha256 of the source, when the resolver knows it (saves hashing it per run). */
  digest?: string;
  /** Set when the module is a host module's facade: its host id and the package that declared it. */
  host?: { id: string; pack: string };
  /**
   * CPU time (ms) the module may take to evaluate on top of the run's cpuMs: the catalog's `loadCpuMs` (the budget
   * its probe was given). Counted up to MODULE_LOAD_CPU_CEILING_MS; the run's whole load never past the cpuMs ceiling.
   */
  loadCpuMs?: number;
}

/** Resolves a static import before the run starts; undefined means "not available to this run". */
export interface ModuleResolver {
  resolve(specifier: string, referrer: string): ResolvedModule | undefined | Promise<ResolvedModule | undefined>;
}
