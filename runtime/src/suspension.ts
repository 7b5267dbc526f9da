// Owns how a tool suspends its run: `throw suspendRun(reason)` from a handler (a person must approve, a budget must be
// topped up). The run ends at once with a suspended result carrying its journal and the pending call; resume() answers
// the call later with what the tool would have returned. Refuses nothing.

const SUSPENSION = Symbol.for("capsule.suspension");

export interface Suspension {
  readonly [SUSPENSION]: true;
  readonly reason: string;
}

/** What a tool handler throws to suspend its run on this call. */
export function suspendRun(reason: string): Suspension {
  return Object.freeze({ [SUSPENSION]: true as const, reason: String(reason) });
}

export function isSuspension(value: unknown): value is Suspension {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[SUSPENSION] === true;
}
