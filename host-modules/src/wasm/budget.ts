// Owns the budgets of a WASM session (one run and module): one limit row per budget, the defaults and ceilings derived
// from them, and merging a manifest's budget over the defaults. Refuses an unknown budget key, a value that is not an
// integer of at least its floor, and one over its ceiling: a manifest may lower a budget, never raise it past its
// ceiling or switch it off. Environment-neutral (the browser runner bundles it with the pool).

import { HostModuleError } from "../errors.js";

export interface WasmBudget {
  /** Calls a session may make (every call() counts, refused arguments included). */
  callsPerRun: number;
  /** Calls of a session that may be queued or running at once; one more is refused, not queued. */
  inFlight: number;
  /** Wall-clock limit of one call once it runs in a worker, in ms. */
  callTimeoutMs: number;
  /** Sum of the running time of a session's calls, in ms. */
  totalTimeMs: number;
}

/** One row per budget; a manifest may set each between its floor and its ceiling. */
export const WASM_BUDGET_LIMITS = {
  callsPerRun: { default: 1_000, ceiling: 100_000, floor: 1, code: "wasm-budget-calls", doc: "calls one run may make to one WASM module" },
  inFlight: { default: 4, ceiling: 16, floor: 1, code: "wasm-budget-in-flight", doc: "calls of one run and module queued or running at once; one more is refused, not queued" },
  callTimeoutMs: { default: 1_000, ceiling: 10_000, floor: 1, code: "wasm-timeout", doc: "ms one call may run (from when its worker is ready) before the worker is terminated and replaced" },
  totalTimeMs: { default: 10_000, ceiling: 60_000, floor: 1, code: "wasm-budget-time", doc: "ms all of one run's calls to one module may run in total" },
} as const satisfies Record<keyof WasmBudget, unknown>;

const KEYS = Object.keys(WASM_BUDGET_LIMITS) as Array<keyof WasmBudget>;
const column = (pick: "default" | "ceiling"): Readonly<WasmBudget> =>
  Object.freeze(Object.fromEntries(KEYS.map((key) => [key, WASM_BUDGET_LIMITS[key][pick]])) as unknown as WasmBudget);

export const DEFAULT_WASM_BUDGET: Readonly<WasmBudget> = column("default");
export const WASM_BUDGET_CEILINGS: Readonly<WasmBudget> = column("ceiling");

/** Merges a manifest's budget over the defaults; a manifest may lower a limit, never raise it past its ceiling. */
export function resolveWasmBudget(budget: Partial<WasmBudget> = {}): WasmBudget {
  const out: WasmBudget = { ...DEFAULT_WASM_BUDGET };
  for (const key of Object.keys(budget) as Array<keyof WasmBudget>) {
    if (!Object.hasOwn(WASM_BUDGET_LIMITS, key)) throw new HostModuleError("wasm-declaration-invalid", `unknown budget key "${String(key)}"`);
    const value = budget[key];
    if (value === undefined) continue;
    const row = WASM_BUDGET_LIMITS[key];
    if (typeof value !== "number" || !Number.isInteger(value) || value < row.floor) {
      throw new HostModuleError("wasm-declaration-invalid", `budget ${key} must be ${row.floor === 1 ? "a positive integer" : `an integer of at least ${row.floor}`}`);
    }
    if (value > row.ceiling) {
      throw new HostModuleError("wasm-declaration-invalid", `budget ${key} ${value} is over its ceiling ${row.ceiling}`);
    }
    out[key] = value;
  }
  return out;
}
