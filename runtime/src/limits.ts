// Owns every run limit: its default, its hard ceiling, and how a caller's request is checked against them.
// Refuses a limit that is not a positive finite number or that exceeds its ceiling: no protection can be switched off.

export interface Limits {
  /** Guest CPU time in ms: time spent executing guest code (not awaiting host calls). */
  cpuMs: number;
  /** Wall-clock time in ms for the whole run, including awaits on host calls and promises. */
  wallMs: number;
  /** Guest heap in bytes (QuickJS runtime memory limit). */
  memoryBytes: number;
  /** Guest native stack in bytes (QuickJS max stack size); overflow is a catchable RangeError. */
  stackBytes: number;
  /** Encoded size of the run's returned value in bytes (JSON plus sidecar). */
  resultBytes: number;
  /** Console lines kept per run; further lines are dropped after one truncation notice. */
  logLines: number;
  /** Console bytes kept per run (UTF-16 code units of the formatted lines). */
  logBytes: number;
  /** Host-function calls per run. */
  hostCalls: number;
  /** Host-function calls awaiting an answer at once. */
  hostCallsInFlight: number;
  /** Encoded size of one host-call's arguments or result in bytes. */
  hostDataBytes: number;
  /** Time one policy answer may take (the run's wall clock is paused meanwhile, and CPU is not spent). */
  policyWaitMs: number;
}

/** Limits a run gets when it asks for nothing. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  cpuMs: 1_000,
  wallMs: 5_000,
  memoryBytes: 64 * 1024 * 1024,
  stackBytes: 512 * 1024,
  resultBytes: 8 * 1024 * 1024,
  logLines: 1_000,
  logBytes: 256 * 1024,
  hostCalls: 1_000,
  hostCallsInFlight: 32,
  hostDataBytes: 16 * 1024 * 1024,
  policyWaitMs: 60_000,
});

/** The most any caller may raise a limit to. */
export const LIMIT_CEILINGS: Readonly<Limits> = Object.freeze({
  cpuMs: 60_000,
  wallMs: 300_000,
  memoryBytes: 1024 * 1024 * 1024,
  // The worker thread's own stack must be far larger than the guest's (see WORKER_STACK_MB).
  stackBytes: 1024 * 1024,
  resultBytes: 64 * 1024 * 1024,
  logLines: 100_000,
  logBytes: 16 * 1024 * 1024,
  hostCalls: 100_000,
  hostCallsInFlight: 256,
  hostDataBytes: 64 * 1024 * 1024,
  policyWaitMs: 3_600_000,
});

/** Smallest values that still leave a usable sandbox. */
export const LIMIT_FLOORS: Readonly<Limits> = Object.freeze({
  cpuMs: 1,
  wallMs: 1,
  memoryBytes: 1024 * 1024,
  stackBytes: 64 * 1024,
  resultBytes: 16,
  logLines: 0,
  logBytes: 0,
  hostCalls: 0,
  hostCallsInFlight: 1,
  hostDataBytes: 1024,
  policyWaitMs: 1,
});

/** Stack of each worker thread in MiB; QuickJS recursion runs on it, so it must dwarf stackBytes' ceiling. */
export const WORKER_STACK_MB = 16;

/** Linear memory of an engine instance before the guest allocates: emscripten's initial 16 MiB (data, stack, runtime). */
export const WASM_BASE_BYTES = 16 * 1024 * 1024;

/** Engine instances (one per memory limit and module set) a worker keeps; each holds its own linear memory. */
export const WASM_INSTANCES_PER_WORKER = 4;

/** After the wall clock fires, how long a worker may take to unwind before it is terminated and replaced. */
export const STUCK_GRACE_MS = 250;

/** How many prepared sources (transpiled and analysed) are kept for reuse. */
export const SOURCE_CACHE_ENTRIES = 512;

/** Largest guest source accepted, in UTF-16 code units. */
export const MAX_SOURCE_LENGTH = 4 * 1024 * 1024;

/** Prefix reserved for the runtime's own globals and specifiers; guest namespaces may not use it. */
export const RESERVED_PREFIX = "__capsule";

export type LimitsResult =
  | { ok: true; limits: Limits }
  | { ok: false; code: "E_BAD_LIMIT"; message: string };

/** Merges a caller's requested limits over `base`, refusing unknown names and out-of-range values. */
export function resolveLimits(requested: Partial<Limits> | undefined, base: Limits = DEFAULT_LIMITS): LimitsResult {
  const limits: Limits = { ...base };
  if (requested === undefined) return { ok: true, limits };
  for (const [name, value] of Object.entries(requested)) {
    if (!(name in DEFAULT_LIMITS)) {
      return { ok: false, code: "E_BAD_LIMIT", message: `unknown limit "${name}"; known limits: ${Object.keys(DEFAULT_LIMITS).join(", ")}` };
    }
    if (value === undefined) continue;
    const key = name as keyof Limits;
    const ceiling = LIMIT_CEILINGS[key];
    const floor = LIMIT_FLOORS[key];
    if (typeof value !== "number" || !Number.isFinite(value) || !Number.isInteger(value)) {
      return { ok: false, code: "E_BAD_LIMIT", message: `limit "${name}" must be a finite integer, got ${String(value)}` };
    }
    if (value < floor || value > ceiling) {
      return { ok: false, code: "E_BAD_LIMIT", message: `limit "${name}" must be between ${floor} and ${ceiling}, got ${value}; a protection can be tightened or raised within its ceiling, never removed` };
    }
    limits[key] = value;
  }
  return { ok: true, limits };
}
