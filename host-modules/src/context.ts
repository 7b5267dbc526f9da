// Owns the per-call context the registry passes to a host module after the call's declared arguments: which run
// made the call (pools serve runs in turn), the signal that fires when that run ends (its work is cancelled), and,
// for an answer that crosses to a guest in bulk, the runtime's `table` (csv.parse's rows).
// A guest never supplies it: the registry refuses extra arguments and appends the context itself. Refuses to treat
// anything but a plain { runId?, signal?, table? } as a context, so a direct host caller passing junk gets none.

import { HostModuleError } from "./errors.js";

/** What a host module knows of the call beyond its arguments. */
export interface HostCallContext {
  /** The run that made the call; calls of different runs are served in turn. */
  runId?: string;
  /** Aborted when the run ends: queued work is dropped, running work stopped, the call fails with `cancelled`. */
  signal?: AbortSignal;
  /**
   * Given only when the answer goes straight to a guest in bulk (the runtime's binary form): a table of records with
   * keys `fields`, each row added as the array of its values in that order, or as a record itself; its answer()
   * stands in for the array of records. The guest receives the records (their rows sent ahead as they are added);
   * the module skips building them.
   */
  table?(fields: readonly string[]): { add(row: unknown): void; answer(): unknown };
}

/** The queue lane of calls made without a run (a host calling a module directly). */
export const NO_RUN = "";

/** A usable context from whatever was passed in the context position, or an empty one. */
export function callContext(value: unknown): HostCallContext {
  if (typeof value !== "object" || value === null) return {};
  const { runId, signal, table } = value as { runId?: unknown; signal?: unknown; table?: unknown };
  return {
    ...(typeof runId === "string" ? { runId } : {}),
    ...(signal instanceof AbortSignal ? { signal } : {}),
    ...(typeof table === "function" ? { table: table as HostCallContext["table"] } : {}),
  };
}

/** The error a call gets when its run ended before or while it ran. */
export function cancelled(fn: string): HostModuleError {
  return new HostModuleError("cancelled", `${fn}: the run that made this call ended, so its work was stopped`);
}

/** The call's context (see callContext); throws `cancelled` when its run has already ended, before any work starts. */
export function beginCall(fn: string, value: unknown): HostCallContext {
  const context = callContext(value);
  if (context.signal?.aborted) throw cancelled(fn);
  return context;
}
