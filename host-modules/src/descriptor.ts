// Owns the shape of a host-module descriptor: the one record per host module that the registry pins, the facade,
// the argument checks, the contract tests and the generated docs all read (its id, the one package allowed to declare
// it, its exports with argument shapes and summaries, its limits and its loader). Plain data, so reading a
// descriptor never loads a library. Refuses nothing itself; the registry refuses what does not fit a descriptor.

/** The shape one argument must have. `optional` arguments may be omitted or undefined. */
export interface ParamShape {
  name: string;
  type: "string" | "bytes" | "object" | "array" | "number" | "boolean" | "records-or-rows" | "table" | "entries";
  optional?: boolean;
}

/** One export a guest may call: its arguments' shapes (checked before the implementation loads) and a doc line. */
export interface ExportShape {
  params: readonly ParamShape[];
  /** One line for generated docs. */
  summary: string;
}

/**
 * One limit. A caller may tighten it down to `floor` or raise it up to `ceiling`, never switch it off; `ceiling ===
 * default` where a caller may only tighten, `floor` is 1 where an override is not meaningful. `code` is what a call
 * meets when it passes the limit: an error code of HOST_MODULE_CODES, or "truncated" where the result is cut there.
 * (The runtime's limit rows have the same shape.)
 */
export interface LimitRow {
  readonly default: number;
  readonly ceiling: number;
  readonly floor: number;
  readonly code: string;
  readonly doc: string;
}

/** A group of limits by name (a module's, or the shared ones). */
export type LimitRows = Readonly<Record<string, LimitRow>>;

/** Everything Capsule knows of a host module without loading it. */
export interface HostModuleDescriptor {
  /** Host id, e.g. "capsule.csv". */
  id: string;
  /** The one npm package name allowed to declare this id. */
  package: string;
  /** What guests may call; nothing else of the implementation is reachable. */
  exports: Readonly<Record<string, ExportShape>>;
  /** Functions the implementation exports for the host only (e.g. shutdown); never pinned for guests. */
  hostOnly?: readonly string[];
  /**
   * The implementation's functions take a call context ({ runId, signal }, see context.ts) after their declared
   * parameters: the registry passes it (a guest never can), so pools serve runs in turn and a run that ends cancels
   * its calls. An application's module without it is called with the guest's arguments only.
   */
  callContext?: boolean;
  /** The module's own limits (an application's module may carry none). */
  limits?: LimitRows;
  /** Loads the implementation: an object whose functions are named like the exports. Called once per process. */
  load: () => Promise<Record<string, unknown>>;
}

/** The usual trailing `options` argument: a plain object, optional unless told otherwise. */
export const options = (optional = true): ParamShape => ({ name: "options", type: "object", optional });

/** "capsule.csv" → "csv": the name a module goes by in docs, limit groups and its folder. */
export function moduleName(descriptor: Pick<HostModuleDescriptor, "id">): string {
  return descriptor.id.slice(descriptor.id.lastIndexOf(".") + 1);
}
