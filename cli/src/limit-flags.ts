// Owns the run-limit flags: one commander option per row of the runtime's LIMIT_ROWS (--cpu, --timeout, --memory,
// --stack, --host-calls, …), named, documented and bounded from the row itself, so a limit added to the runtime is a
// flag of `run`, `replay`, `mcp` and `worker` without touching the CLI, and how the parsed values become a request's
// limits. Values take a unit suffix where the row has a unit (`64MiB`, `512k`, `30s`, `250ms`).
// Refuses (bad usage, exit 2, E_BAD_LIMIT) a value that is not a whole number, or is under the row's floor or over
// its ceiling, naming the floor or the ceiling: the CLI can tighten or raise a protection, never remove it.

import { InvalidArgumentError, type Command } from "commander";
import { LIMIT_ROWS, type LimitRow, type Limits } from "@capsule/runtime";

type LimitName = keyof Limits;

/**
 * Flag names that are not the row's name: the wall clock has been `--timeout` since the first `capsule run`, and every
 * other tool calls it that; `--journal` already asks for a journal, so its bound keeps its unit. Every other flag is
 * derived (see flagOf).
 */
const RENAMED: Readonly<Partial<Record<LimitName, string>>> = { wallMs: "timeout", journalBytes: "journal-bytes" };

const UNIT_SUFFIX: Readonly<Record<LimitRow["unit"], string | undefined>> = { ms: "-ms", bytes: "-bytes", count: undefined };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A row's flag: its name in kebab case without the unit (cpuMs → cpu, memoryBytes → memory, hostCalls → host-calls),
 * keeping the unit when the bare stem would read as another row's prefix or name (logBytes stays log-bytes beside
 * log-lines, hostCallsQueuedBytes host-calls-queued-bytes beside host-calls-queued).
 */
function flagOf(name: LimitName, names: readonly LimitName[]): string {
  const renamed = RENAMED[name];
  if (renamed) return renamed;
  const full = kebab(name);
  const suffix = UNIT_SUFFIX[LIMIT_ROWS[name].unit];
  if (!suffix || !full.endsWith(suffix)) return full;
  const stem = full.slice(0, -suffix.length);
  // Also when the bare stem is another row's own name (hostCallsQueuedBytes beside hostCallsQueued).
  const clashes = names.some((other) => other !== name && (kebab(other) === stem || kebab(other).startsWith(`${stem}-`)));
  return clashes ? full : stem;
}

export interface LimitFlag {
  limit: LimitName;
  /** Without the dashes: "cpu", "host-calls". */
  flag: string;
  /** Commander's attribute for it: "cpu", "hostCalls". */
  attribute: string;
}

const NAMES = Object.keys(LIMIT_ROWS) as LimitName[];

/** Every limit's flag, in the rows' order. */
export const LIMIT_FLAGS: readonly LimitFlag[] = NAMES.map((limit) => {
  const flag = flagOf(limit, NAMES);
  return { limit, flag, attribute: flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) };
});

const KiB = 1024;
const MULTIPLIERS: Readonly<Record<LimitRow["unit"], Readonly<Record<string, number>>>> = {
  bytes: { "": 1, b: 1, k: KiB, kb: KiB, kib: KiB, m: KiB ** 2, mb: KiB ** 2, mib: KiB ** 2, g: KiB ** 3, gb: KiB ** 3, gib: KiB ** 3 },
  ms: { "": 1, ms: 1, s: 1_000, m: 60_000, min: 60_000, h: 3_600_000 },
  count: { "": 1 },
};

/**
 * An integer with thousands separators, as en-US writes it. Not toLocaleString: every command builds its limit
 * flags' help, and the first Intl number format of a process costs ~25 ms of start-up.
 */
const grouped = (value: number) => (Number.isInteger(value) ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : value.toLocaleString("en-US"));

/** A limit's value with its unit; `exact` adds the byte count to a KiB/MiB/GiB figure (messages, not help). */
function shown(value: number, unit: LimitRow["unit"], exact = true): string {
  const n = grouped(value);
  if (unit === "ms") return `${n} ms`;
  if (unit === "bytes") {
    for (const [size, name] of [[KiB ** 3, "GiB"], [KiB ** 2, "MiB"], [KiB, "KiB"]] as const) {
      if (value >= size && value % size === 0) return `${value / size} ${name}${exact ? ` (${n} bytes)` : ""}`;
    }
    return `${n} bytes`;
  }
  return n;
}

/** The value of `--<flag> <text>` for `limit`, or an InvalidArgumentError naming the code and the bound passed. */
export function parseLimitValue(limit: LimitName, flag: string, text: string): number {
  const row: LimitRow = LIMIT_ROWS[limit];
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const multiplier = match ? MULTIPLIERS[row.unit][match[2]!.toLowerCase()] : undefined;
  const units = Object.keys(MULTIPLIERS[row.unit]).filter(Boolean);
  if (!match || multiplier === undefined) {
    throw new InvalidArgumentError(`E_BAD_LIMIT: --${flag} takes a whole number${units.length ? ` of ${row.unit}, or one with a unit (${units.join(", ")})` : ""}, got ${JSON.stringify(text)}`);
  }
  const value = Number(match[1]) * multiplier;
  if (!Number.isSafeInteger(value)) throw new InvalidArgumentError(`E_BAD_LIMIT: --${flag} must come to a whole number of ${row.unit === "count" ? "units" : row.unit}, got ${JSON.stringify(text)}`);
  if (value > row.ceiling) {
    throw new InvalidArgumentError(`E_BAD_LIMIT: --${flag} ${text} is over the ceiling of ${limit}, ${shown(row.ceiling, row.unit)}; ask for at most the ceiling (a protection can be raised within it, never removed)`);
  }
  if (value < row.floor) {
    throw new InvalidArgumentError(`E_BAD_LIMIT: --${flag} ${text} is under the floor of ${limit}, ${shown(row.floor, row.unit)}; the sandbox is not usable below it`);
  }
  return value;
}

const placeholder = (unit: LimitRow["unit"]) => (unit === "ms" ? "<ms>" : unit === "bytes" ? "<bytes>" : "<n>");

/** Adds every limit's flag to `command`; `what` says whose limit it is ("the run's", "each run's default"). */
export function withLimitFlags(command: Command, what = "the run's"): Command {
  for (const { limit, flag } of LIMIT_FLAGS) {
    const row: LimitRow = LIMIT_ROWS[limit];
    command.option(
      `--${flag} ${placeholder(row.unit)}`,
      `${what} ${limit}: ${row.doc} (default ${shown(row.default, row.unit, false)}, ceiling ${shown(row.ceiling, row.unit, false)})`,
      (text: string) => parseLimitValue(limit, flag, text),
    );
  }
  return command;
}

/** The limits the flags in `options` ask for (only those given), or undefined when none is. */
export function limitsFromFlags(options: object): Partial<Limits> | undefined {
  const values = options as Record<string, unknown>;
  const limits: Partial<Limits> = {};
  for (const { limit, attribute } of LIMIT_FLAGS) {
    if (typeof values[attribute] === "number") limits[limit] = values[attribute] as number;
  }
  return Object.keys(limits).length ? limits : undefined;
}

/** The flag that sets `limit` ("--cpu"), for messages. */
export const flagFor = (limit: LimitName): string => `--${LIMIT_FLAGS.find((f) => f.limit === limit)!.flag}`;

/** Why a default from the flags is above a server's ceiling (`capsule mcp --ceiling`), naming both, or undefined when all fit. */
export function defaultsOverCeilings(limits: Partial<Limits> | undefined, ceilings: Readonly<Limits>): string | undefined {
  const over = Object.entries(limits ?? {}).filter(([name, value]) => value > ceilings[name as LimitName]);
  if (!over.length) return undefined;
  const what = over.map(([name, value]) => `${flagFor(name as LimitName)} ${value.toLocaleString("en-US")} is over this server's ceiling of ${name}, ${shown(ceilings[name as LimitName], LIMIT_ROWS[name as LimitName].unit)}`);
  return `E_BAD_LIMIT: ${what.join("; ")}; lower it, or raise the ceiling with --ceiling <limit>=<value> (up to the runtime's)`;
}
