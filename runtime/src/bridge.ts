// Owns the bridge contract between the runtime and the host-module side (registry, compiler): the private specifier
// facades import, the bridge module's source and digest, the generator of facade text, and the shape of one call a
// dispatcher receives. Both sides import this file, so a facade and the resolver that serves its bridge cannot
// disagree. Refuses nothing itself: catalog-resolver.ts refuses the bridge to anything but a facade, and the
// dispatcher (the registry's) refuses calls. Imports nothing, and no node: module, because the browser bundles it.
//
// The guest half lives in runtime/guest/prelude.js: it installs `__capsule_bridge.call(id, exportName, args)`, which
// encodes the arguments and crosses to the host; BRIDGE_SOURCE hands that global to facades as the default export of
// BRIDGE_SPECIFIER, and the prelude deletes the global before user code runs.

/** The specifier of the bridge module; only facades may import it (the runtime's resolver enforces this). */
export const BRIDGE_SPECIFIER = "capsule:bridge";
/** The bridge module: it takes the bridge global while modules load. */
export const BRIDGE_SOURCE = "const bridge = globalThis.__capsule_bridge;\nexport default bridge;\n";
/** sha256 of BRIDGE_SOURCE (a test checks it), so resolving the bridge needs no hashing where none is available. */
export const BRIDGE_DIGEST = "74675d9ab1a5aab55ce06cde6ba0bf0494b067a4f551ad592a39d9f9f5ad4b8c";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The guest ESM of a facade: one function per export, forwarding `(hostId, name, args)` over the bridge (which always
 * returns a promise: a plain function, so no live Promise.prototype.then is consulted), and a
 * frozen default export of them all. Names that are not identifiers (or are "default") are left out, so the text is
 * always valid ESM; names are sorted, so the same exports always give the same text (and digest). `what` completes
 * the opening comment ("Facade of <what>.").
 */
export function facadeSource(hostId: string, exportNames: readonly string[], what: string): string {
  const names = exportNames.filter((name) => IDENTIFIER.test(name) && name !== "default").sort();
  const id = JSON.stringify(hostId);
  const lines = [
    `// Facade of ${what}.`,
    `import bridge from ${JSON.stringify(BRIDGE_SPECIFIER)};`,
    ...names.map((name) => `export function ${name}(...args) { return bridge.call(${id}, ${JSON.stringify(name)}, args); }`),
    `export default Object.freeze({ ${names.join(", ")} });`,
    "",
  ];
  return lines.join("\n");
}

/** One guest call through a host module's facade. */
export interface HostModuleCall {
  /** Identifies the run making the call (unique in this process), for per-run budgets. */
  runId: string;
  id: string;
  exportName: string;
  args: unknown[];
  /** Host ids the run imported, each with the package that declared it. */
  declared: ReadonlyMap<string, string>;
  /**
   * Given only when the answer crosses to the guest in the binary form: a table of records with keys `fields`, each
   * row added as the array of its values (or a record itself), whose answer() stands in for the array of records;
   * cheaper to build, and its rows go to the guest ahead of the answer (record-rows.ts, answer-table.ts).
   */
  table?(fields: readonly string[]): { add(row: unknown): void; answer(): unknown };
}

/** Answers host-module calls (the registry provides one); its errors reach the guest as name and message. */
export interface HostModuleDispatcher {
  dispatch(call: HostModuleCall): Promise<unknown>;
  /** Called once when a run that made host-module calls ends: cancel what it left queued, free its budget. */
  endRun?(runId: string): void;
  /**
   * The run's host modules whose calls its own worker thread may make itself, without the main thread (the
   * registry's WASM modules); consulted only for runs with no policy, journal or trace, whose calls need the host.
   */
  workerModules?(declared: ReadonlyMap<string, string>): WorkerModules | undefined;
}

/**
 * Host modules a run's worker calls itself (local-calls.ts): `url` is an ES module exporting
 * `openWorkerModules(modules, stopped)` → `{ handles(id), call(id, exportName, args), end() }`, and `modules` the
 * plain data it needs per host id (cloned into the task).
 */
export interface WorkerModules {
  url: string;
  modules: Record<string, unknown>;
}
