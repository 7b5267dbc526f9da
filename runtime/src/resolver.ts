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
}

/** Resolves a static import before the run starts; undefined means "not available to this run". */
export interface ModuleResolver {
  resolve(specifier: string, referrer: string): ResolvedModule | undefined | Promise<ResolvedModule | undefined>;
}
