// Owns the compiler's user-facing limits, one row each (default, floor, ceiling, the code a breach is reported
// with, what it bounds), and everything derived from the rows: the defaults, the validation of overrides and the
// README's table (limits-table.ts renders it). A caller may tighten a limit or raise it up to its ceiling; it can
// never switch one off. Refuses (in resolveLimits, concurrencyProblem) non-integers and values outside
// [floor, ceiling]. Internal tuning constants that no caller sets live in tuning.ts.

import type { Code } from "./codes.js";

const KiB = 1024;
const MiB = 1024 * KiB;

/** One limit. The same shape is used by the runtime's and host-modules' limits. */
export interface LimitRow {
  readonly default: number;
  readonly ceiling: number;
  readonly floor: number;
  /** The diagnostic code emitted when the limit is exceeded (or, for an option, when it is out of range). */
  readonly code: string;
  readonly doc: string;
}

/** A row of this package: its code is one of the compiler's. */
type CompilerLimitRow = LimitRow & { readonly code: Code };

/** The limits a caller sets through `compile({ limits })` and `discoverPacks({ limits })`. */
export const LIMITS = {
  AUTHORED_FILE_MAX_BYTES: {
    default: 256 * KiB, floor: 1, ceiling: 1 * MiB, code: "guest-module-file-too-large",
    doc: "largest authored guest source file (the declared `source` and every sibling file it imports)",
  },
  PACK_DECLARED_MAX_BYTES: {
    default: 2 * MiB, floor: 1, ceiling: 16 * MiB, code: "pack-too-large",
    doc: "sum of the files a pack's manifest declares (skill, types, sources, wasm files), node_modules excluded",
  },
  SKILL_MAX_BYTES: { default: 64 * KiB, floor: 1, ceiling: 256 * KiB, code: "skill-too-large", doc: "largest SKILL.md a pack may ship" },
  TYPES_MAX_BYTES: { default: 128 * KiB, floor: 1, ceiling: 1 * MiB, code: "types-too-large", doc: "largest .d.ts a pack may ship" },
  PACKAGE_JSON_MAX_BYTES: {
    default: 256 * KiB, floor: 1, ceiling: 1 * MiB, code: "manifest-unreadable",
    doc: "largest package.json discovery reads (it is untrusted JSON)",
  },
  MODULE_OUTPUT_MAX_BYTES: {
    default: 1 * MiB, floor: 1, ceiling: 8 * MiB, code: "npm-module-too-large",
    doc: "largest bundled guest module (npm or authored); QuickJS parse time grows with bytes",
  },
  PROBE_TIMEOUT_MS: {
    default: 60_000, floor: 1, ceiling: 120_000, code: "npm-module-probe-failed",
    doc: "longest the injected probe may take for one module before it counts as failed, waiting for its turn included",
  },
  PACK_PROBE_MS: {
    default: 120_000, floor: 1, ceiling: 3_600_000, code: "pack-probe-budget-exhausted",
    doc: "time one pack's probes may take in one compile (the probes' own run time, queueing excluded); past it the pack's other modules are refused unprobed, and retried next compile",
  },
} as const satisfies Record<string, CompilerLimitRow>;

/** Guest modules compiled at once in one compile() call: its `concurrency` option (esbuild itself is multi-threaded). */
export const COMPILE_CONCURRENCY = {
  default: 4, floor: 1, ceiling: 16, code: "options-invalid",
  doc: "guest modules compiled at once: the `concurrency` option of compile() (esbuild itself is multi-threaded)",
} as const satisfies CompilerLimitRow;

/**
 * The run budgets of the real probe (compileWithSandbox). PROBE_CPU_MS is what a module gets to load unless its
 * manifest says otherwise: `budget.cpuMs` of a guest module sets it within [floor, ceiling] (the schema refuses more) (a large library — mathjs
 * — needs ~3 s of QuickJS CPU to load). The ceiling stays well under the runtime's cpuMs ceiling (60 s), so a run
 * can always be given what the probe was given (the catalog records a declared budget). A probe that runs out is
 * `npm-module-probe-cpu-exhausted`, not a failure of the module's code.
 */
export const PROBE_BUDGETS = {
  PROBE_CPU_MS: {
    default: 2_000, floor: 1, ceiling: 30_000, code: "npm-module-probe-cpu-exhausted",
    doc: "CPU time of one module's probe in a fresh sandbox (compileWithSandbox); a guest module's manifest `budget.cpuMs` sets it (up to the ceiling; the catalog records it as `loadCpuMs`)",
  },
  PROBE_WALL_MS: {
    default: 30_000, floor: 1, ceiling: 30_000, code: "npm-module-probe-cpu-exhausted",
    doc: "wall-clock time of one module's probe beyond its CPU budget (compileWithSandbox; the probe's wall limit is its CPU budget plus this): a backstop, since the CPU budget bounds the module and load stretches wall time",
  },
} as const satisfies Record<string, CompilerLimitRow>;

/** The CPU budget a module's probe gets: its declared `budget.cpuMs` (validated against the row), else the default. */
export function probeCpuMs(declared: number | undefined): number {
  const row = PROBE_BUDGETS.PROBE_CPU_MS;
  if (declared === undefined || !Number.isInteger(declared) || declared < row.floor || declared > row.ceiling) return row.default;
  return declared;
}

/**
 * Caps on what one install may add to an install root — the pack and every dependency npm adds or changes with it —
 * measured in the install's staging folder before anything lands in the install root (`capsule packs install`, whose
 * --max-files / --max-bytes set them within the ceiling: resolveInstallLimits).
 */
export const INSTALL_LIMITS = {
  PACK_INSTALL_MAX_FILES: {
    default: 10_000, floor: 1, ceiling: 100_000, code: "pack-install-too-many-files",
    doc: "files (and symlinks) one install may add to the install root: the pack plus the dependencies npm adds or changes with it",
  },
  PACK_INSTALL_MAX_BYTES: {
    default: 64 * MiB, floor: 1, ceiling: 512 * MiB, code: "pack-install-too-large",
    doc: "unpacked bytes one install may add to the install root (same set of files)",
  },
} as const satisfies Record<string, CompilerLimitRow>;

/** Every user-facing limit of the compiler, in the README's order (wasm admission has its own: wasm/limits.ts). */
export const COMPILER_LIMIT_ROWS: Readonly<Record<string, LimitRow>> = { ...LIMITS, COMPILE_CONCURRENCY, ...PROBE_BUDGETS, ...INSTALL_LIMITS };

export type InstallLimits = Record<keyof typeof INSTALL_LIMITS, number>;

export type LimitName = keyof typeof LIMITS;
export type CompilerLimits = Record<LimitName, number>;

/** Defaults of every limit, as one object. */
export const DEFAULT_LIMITS: CompilerLimits = Object.fromEntries(
  Object.entries(LIMITS).map(([k, v]) => [k, v.default]),
) as CompilerLimits;

export type LimitsResult =
  | { ok: true; limits: CompilerLimits }
  | { ok: false; problems: string[] };

const atLeast = (floor: number) => (floor === 1 ? "a positive integer" : `an integer of at least ${floor}`);

/** Overrides merged into a group's defaults; anything outside [floor, ceiling] (or unknown) is a problem. */
function resolveRows<K extends string>(rows: Readonly<Record<K, LimitRow>>, overrides: Partial<Record<string, unknown>>): { limits: Record<K, number>; problems: string[] } {
  const limits = Object.fromEntries(Object.entries<LimitRow>(rows).map(([k, v]) => [k, v.default])) as Record<K, number>;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(rows, name)) {
      problems.push(`unknown limit "${name}" (known: ${Object.keys(rows).join(", ")})`);
      continue;
    }
    const row: LimitRow = rows[name as K];
    if (typeof value !== "number" || !Number.isInteger(value) || value < row.floor) {
      problems.push(`limit ${name} must be ${atLeast(row.floor)}, got ${String(value)}`);
    } else if (value > row.ceiling) {
      problems.push(`limit ${name} = ${value} is above its ceiling ${row.ceiling}`);
    } else {
      limits[name as K] = value;
    }
  }
  return { limits, problems };
}

/** Merges caller overrides with the defaults; refuses anything outside [floor, ceiling]. */
export function resolveLimits(overrides: Partial<Record<string, unknown>> = {}): LimitsResult {
  const { limits, problems } = resolveRows(LIMITS, overrides);
  return problems.length ? { ok: false, problems } : { ok: true, limits };
}

/** The install caps with a caller's overrides (within [floor, ceiling]), or the problems. */
export function resolveInstallLimits(overrides: Partial<Record<string, unknown>> = {}): { ok: true; limits: InstallLimits } | { ok: false; problems: string[] } {
  const { limits, problems } = resolveRows(INSTALL_LIMITS, overrides);
  return problems.length ? { ok: false, problems } : { ok: true, limits };
}

/** Why compile()'s `concurrency` is out of range, or undefined when it is fine (undefined means the default). */
export function concurrencyProblem(value: unknown): string | undefined {
  const n = value ?? COMPILE_CONCURRENCY.default;
  const { floor, ceiling } = COMPILE_CONCURRENCY;
  if (typeof n === "number" && Number.isInteger(n) && n >= floor && n <= ceiling) return undefined;
  return `concurrency must be an integer from ${floor} to ${ceiling}, got ${String(value)}`;
}
