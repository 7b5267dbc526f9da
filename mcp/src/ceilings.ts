// Owns the ceilings of the Capsule MCP server: the most an execute_code request may ask of each run limit. A model
// chooses its own limits, so the server's ceilings are tighter than the runtime's (an hour of wall clock is for an
// embedding application, not for one tool call); the operator may set each one up to the runtime's own ceiling.
// Refuses (E_LIMIT_ABOVE_CEILING) a requested limit above the server's ceiling, naming the limit, the ceiling and
// how to raise it; unknown names and non-integers are the runtime's to refuse (E_BAD_LIMIT).

import { LIMIT_CEILINGS, type Limits } from "@capsule/runtime";

/** The server's ceilings where they are tighter than the runtime's; every other limit's ceiling is the runtime's. */
export const SERVER_CEILING_DEFAULTS: Readonly<Partial<Limits>> = Object.freeze({
  cpuMs: 10_000,
  wallMs: 60_000,
  memoryBytes: 256 * 1024 * 1024,
  resultBytes: 8 * 1024 * 1024,
  hostCalls: 10_000,
  policyWaitMs: 60_000,
});

export type LimitName = keyof Limits;
export const LIMIT_NAMES = Object.keys(LIMIT_CEILINGS) as LimitName[];

/**
 * The server's ceilings: the defaults above overridden by `given`; throws a TypeError for an unknown name, a value
 * that is not a positive integer, or one above the runtime's own ceiling (a server cannot promise what no run can get).
 */
export function serverCeilings(given: Partial<Record<string, number>> = {}): Readonly<Limits> {
  const ceilings: Limits = { ...LIMIT_CEILINGS, ...SERVER_CEILING_DEFAULTS } as Limits;
  for (const [name, value] of Object.entries(given)) {
    if (!(LIMIT_NAMES as string[]).includes(name)) throw new TypeError(`unknown limit "${name}" (known: ${LIMIT_NAMES.join(", ")})`);
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw new TypeError(`the ceiling of ${name} must be a non-negative integer, got ${String(value)}`);
    const runtimeCeiling = LIMIT_CEILINGS[name as LimitName];
    if (value > runtimeCeiling) throw new TypeError(`the ceiling of ${name} may be at most the runtime's ceiling, ${runtimeCeiling.toLocaleString("en-US")}; got ${value.toLocaleString("en-US")}`);
    ceilings[name as LimitName] = value;
  }
  return Object.freeze(ceilings);
}

/** Why `requested` exceeds `ceilings`, one message naming every limit over, or undefined when it fits. */
export function ceilingProblem(requested: Readonly<Record<string, unknown>>, ceilings: Readonly<Limits>): string | undefined {
  const over = Object.entries(requested).flatMap(([name, value]) => {
    const ceiling = (ceilings as unknown as Record<string, number | undefined>)[name];
    return ceiling !== undefined && typeof value === "number" && value > ceiling ? [`limits.${name} = ${value.toLocaleString("en-US")} is above this server's ceiling of ${ceiling.toLocaleString("en-US")}`] : [];
  });
  if (!over.length) return undefined;
  return `${over.join("; ")}. Ask for at most the ceiling, or have the operator raise it (capsule mcp --ceiling <limit>=<value>).`;
}
