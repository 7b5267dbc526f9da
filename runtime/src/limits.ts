// Owns every run limit, one row each (default, ceiling, floor, code, doc), and how a caller's request is checked
// against them; the tables, codes and docs derive from the rows. Internal tuning constants live apart, below them.
// Refuses a limit that is not a positive finite number or that exceeds its ceiling: no protection can be switched off.

/**
 * One user-facing limit: its default, the most a caller may raise it to, the least it may be set to, the code a run
 * ends with (or, for the console, is marked with) when it is exceeded, and one line of documentation.
 */
export interface LimitRow {
  readonly default: number;
  readonly ceiling: number;
  readonly floor: number;
  readonly code: string;
  readonly doc: string;
  /** How values read in tables: "ms", "bytes" or a plain count. */
  readonly unit: "ms" | "bytes" | "count";
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** Every run limit, one row each: the defaults, ceilings, floors, validation, limit codes and docs derive from it. */
export const LIMIT_ROWS = {
  cpuMs: { default: 1_000, ceiling: 60_000, floor: 1, code: "E_CPU_TIME", unit: "ms", doc: "guest CPU time: time spent executing guest code, not awaiting host calls" },
  // An hour: an agent's program may wait on long actions (those that pause the clock do not count at all).
  wallMs: { default: 5_000, ceiling: 3_600_000, floor: 1, code: "E_WALL_TIME", unit: "ms", doc: "wall-clock time of the whole run, including waiting for a worker and awaiting host calls" },
  memoryBytes: { default: 64 * MiB, ceiling: 1024 * MiB, floor: 1 * MiB, code: "E_MEMORY", unit: "bytes", doc: "guest heap: the engine instance's WASM memory maximum, beyond its fixed base" },
  // The worker thread's own stack must be far larger than the guest's (see WORKER_STACK_MB).
  stackBytes: { default: 512 * KiB, ceiling: 1 * MiB, floor: 64 * KiB, code: "E_STACK_OVERFLOW", unit: "bytes", doc: "guest native stack (QuickJS's stack check); overflow is a catchable RangeError" },
  resultBytes: { default: 8 * MiB, ceiling: 64 * MiB, floor: 16, code: "E_RESULT_TOO_LARGE", unit: "bytes", doc: "encoded size of the run's returned value (JSON plus sidecar)" },
  logLines: { default: 1_000, ceiling: 100_000, floor: 0, code: "W_LOG_TRUNCATED", unit: "count", doc: "console lines kept; later lines are dropped after one truncation notice" },
  logBytes: { default: 256 * KiB, ceiling: 16 * MiB, floor: 0, code: "W_LOG_TRUNCATED", unit: "bytes", doc: "console bytes kept (UTF-16 code units of the formatted lines)" },
  hostCalls: { default: 1_000, ceiling: 100_000, floor: 0, code: "E_HOST_CALL_LIMIT", unit: "count", doc: "host calls (functions, host modules, WASM exports) per run" },
  hostCallsInFlight: { default: 32, ceiling: 256, floor: 1, code: "E_HOST_CALLS_IN_FLIGHT", unit: "count", doc: "host calls with the host at once; later ones wait in the run's queue" },
  hostCallsQueued: { default: 10_000, ceiling: 100_000, floor: 0, code: "E_HOST_CALLS_IN_FLIGHT", unit: "count", doc: "host calls waiting in the run's queue for a place among hostCallsInFlight" },
  // Copies the worker holds outside the guest's memory: 2,000 queued calls of a 4 MB string took a worker to its V8
  // heap limit (4.3 GB) before this bound.
  hostCallsQueuedBytes: { default: 64 * MiB, ceiling: 1024 * MiB, floor: 1 * KiB, code: "E_HOST_CALLS_IN_FLIGHT", unit: "bytes", doc: "encoded arguments of the host calls awaiting answers or queued, together (a call alone always fits)" },
  hostDataBytes: { default: 16 * MiB, ceiling: 64 * MiB, floor: 1 * KiB, code: "E_HOST_DATA_TOO_LARGE", unit: "bytes", doc: "encoded size of one host call's arguments or result" },
  // The host keeps every answer of a journaled run until the caller drops result.journal: one run echoing a 2 MiB
  // string held 392 MB of the host at default limits, 1.34 GB at cpuMs 4 s, before this bound.
  journalBytes: { default: 64 * MiB, ceiling: 1024 * MiB, floor: 1 * KiB, code: "E_JOURNAL_TOO_LARGE", unit: "bytes", doc: "a journaled run's records together (answers' encoded JSON and sidecars); the call that would pass it ends the run" },
  policyWaitMs: { default: 60_000, ceiling: 3_600_000, floor: 1, code: "E_POLICY_DENIED", unit: "ms", doc: "time one policy answer may take (the wall clock is paused meanwhile); then the call is denied" },
} as const satisfies Record<string, LimitRow>;

export type LimitName = keyof typeof LIMIT_ROWS;
export type Limits = Record<LimitName, number>;

const column = (field: "default" | "ceiling" | "floor"): Readonly<Limits> =>
  Object.freeze(Object.fromEntries(Object.entries(LIMIT_ROWS).map(([name, row]) => [name, row[field]])) as Limits);

/** Limits a run gets when it asks for nothing. */
export const DEFAULT_LIMITS = column("default");
/** The most any caller may raise a limit to. */
export const LIMIT_CEILINGS = column("ceiling");
/** Smallest values that still leave a usable sandbox. */
export const LIMIT_FLOORS = column("floor");

/** Codes that mean a limit ended the run (traced as a "limit" event): every row's, and E_STUCK (the wall clock's last resort). */
export const LIMIT_CODES: ReadonlySet<string> = new Set([...Object.values(LIMIT_ROWS).map((row) => row.code), "E_STUCK"]);

function shown(value: number, unit: LimitRow["unit"]): string {
  if (unit !== "bytes") return value.toLocaleString("en-US");
  for (const [size, name] of [[1024 * MiB, "GiB"], [MiB, "MiB"], [KiB, "KiB"]] as const) {
    if (value >= size && value % size === 0) return `${value / size} ${name}`;
  }
  return value.toLocaleString("en-US");
}

/** The limits table of runtime/README.md (a test checks the README holds exactly this). */
export function limitsTable(): string {
  const lines = ["| limit | default | ceiling | floor | code | what it bounds |", "|---|---|---|---|---|---|"];
  for (const [name, row] of Object.entries(LIMIT_ROWS)) {
    lines.push(`| \`${name}\` | ${shown(row.default, row.unit)} | ${shown(row.ceiling, row.unit)} | ${shown(row.floor, row.unit)} | \`${row.code}\` | ${row.doc} |`);
  }
  return lines.join("\n");
}

/** One line per limit with the value a run gets, for generated docs ("- cpuMs: 1,000 ms — guest CPU time: …"). */
export function describeLimits(limits: Limits): string[] {
  return Object.entries(LIMIT_ROWS).map(([name, row]) => `- ${name}: ${shown(limits[name as LimitName], row.unit)}${row.unit === "ms" ? " ms" : ""} — ${row.doc}`);
}

// ── internal tuning: not limits a caller sets ────────────────────────────────────────────────────────────────

/** Stack of each worker thread in MiB; QuickJS recursion runs on it, so it must dwarf stackBytes' ceiling. */
export const WORKER_STACK_MB = 16;

/** Linear memory of an engine instance before the guest allocates: emscripten's initial 16 MiB (data, stack, runtime). */
export const WASM_BASE_BYTES = 16 * 1024 * 1024;

/** Engine instances (one per memory limit and module set) a worker keeps; each holds its own linear memory. */
export const WASM_INSTANCES_PER_WORKER = 4;

/** The host's watchdog stops a run whose guest has spent this many times its cpuMs without stopping itself. */
export const CPU_WATCHDOG_FACTOR = 1.1;

/**
 * Longest a new sandbox's first run waits, with its wall clock paused, for the pool's first worker to start (a thread,
 * the engine compiled, the default template warmed: ~0.2 s idle, seconds on a loaded machine); after it the clock runs.
 */
export const WORKER_START_GRACE_MS = 60_000;

/** Longest a tool's schema check that runs regular expressions may take in its worker (schema-checks.ts). */
export const TOOL_SCHEMA_CHECK_MS = 5_000;

/** After the wall clock fires, how long a worker may take to unwind before it is terminated and replaced. */
export const STUCK_GRACE_MS = 250;

/**
 * Most that one module's declared load budget (ResolvedModule.loadCpuMs: the catalog's `loadCpuMs`, the CPU budget
 * its manifest's `budget.cpuMs` gave the compiler's probe) counts for: the compiler's PROBE_CPU_MS ceiling.
 */
export const MODULE_LOAD_CPU_CEILING_MS = 30_000;

/**
 * CPU time a run's imported modules may take to evaluate: the run's cpuMs plus the load budgets its modules declare
 * (each at most MODULE_LOAD_CPU_CEILING_MS), never more than the cpuMs ceiling row. Loading is not charged to the
 * program: once its modules have loaded, the program gets its whole cpuMs (guest-run.ts).
 */
export function moduleLoadCpuMs(cpuMs: number, declaredMs: number): number {
  return Math.min(LIMIT_ROWS.cpuMs.ceiling, cpuMs + declaredMs);
}

/**
 * The wall clock of a run whose modules declare load budgets: limits.wallMs plus what they declare (loading them can
 * take that long, as it may take that much CPU), never past the wallMs ceiling row; limits.wallMs when none declares.
 */
export function runWallMs(wallMs: number, declaredMs: number): number {
  return Math.min(LIMIT_ROWS.wallMs.ceiling, wallMs + declaredMs);
}

/** How a wall-clock limit reads in messages: the run's limits.wallMs, and what its modules' load budgets added. */
export function wallLimitText(wallMs: number, limitWallMs: number): string {
  const added = wallMs - limitWallMs;
  return added > 0 ? `${wallMs.toLocaleString("en-US")} ms (limits.wallMs ${limitWallMs.toLocaleString("en-US")} ms plus ${added.toLocaleString("en-US")} ms its modules declare to load)` : `${wallMs} ms`;
}

/** One module's declared load budget as it counts: a positive number, at most MODULE_LOAD_CPU_CEILING_MS; else 0. */
export function declaredLoadCpuMs(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.ceil(value), MODULE_LOAD_CPU_CEILING_MS) : 0;
}

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
    if (!Object.prototype.hasOwnProperty.call(LIMIT_ROWS, name)) {
      return { ok: false, code: "E_BAD_LIMIT", message: `unknown limit "${name}"; known limits: ${Object.keys(DEFAULT_LIMITS).join(", ")}` };
    }
    if (value === undefined) continue;
    const key = name as LimitName;
    const { ceiling, floor } = LIMIT_ROWS[key];
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
