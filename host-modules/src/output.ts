// Owns how results are sized and shaped: the output byte budget (estimated in the measure the runtime checks
// against limits.hostDataBytes: the JSON text, escapes included, plus the sidecar bytes), null-prototype records and
// maps, and header-name deduplication. Refuses results over SHARED_LIMITS.outputBytes; builds every record and map
// without a prototype so keys like "__proto__" stay data. The size estimates themselves are result-size.mjs's, one
// copy for host code and the worker scripts alike.

import { HostModuleError } from "./errors.js";
import { n } from "./check.js";
import { SHARED_LIMITS } from "./limits.js";
// Through the package root, not "./result-size.mjs": tsc does not copy .mjs files into dist/, so dist/output.js
// reaches the one copy in src/ (which the package ships) the way the worker scripts are resolved.
import { cellSize, stringSize } from "../src/result-size.mjs";

export { cellSize, stringSize };

/**
 * What a result's frame may take beyond its counted parts: the `{"v":…}` wrapper and the keys and scalars of the
 * result object (`rows`, `fields`, `truncated`, `next`, …). Budgets count the parts against outputBytes minus this.
 */
export const RESULT_FRAME_BYTES = 1024;

/**
 * What a record or map takes beyond its keys and values when one of its keys is "\u0000", the runtime's tag key:
 * it then crosses as a tagged list of [key, value] pairs (about 20 characters, and 3 per key).
 */
export function tagKeyOverhead(keys: readonly string[]): number {
  return keys.includes("\u0000") ? 24 + 3 * keys.length : 0;
}

/** A running count of result bytes against a limit. */
export class OutputBudget {
  used = 0;
  constructor(
    readonly fn: string,
    readonly max: number = SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES,
  ) {}

  /** Adds `bytes` and reports whether the total is still within the limit. */
  fits(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.max;
  }

  /** Adds `bytes` and throws output-too-large once the total passes the limit. */
  spend(bytes: number, advice: string): void {
    if (!this.fits(bytes)) {
      throw new HostModuleError("output-too-large", `${this.fn}: the result is over the ${n(this.max)}-byte output limit; ${advice}`);
    }
  }
}

/**
 * A row that alone is over a page of the result: paging past it would return the same empty page forever, so the
 * call is refused (`row` says which: "the row at offset 3", "row 7 of sheet \"Data\"").
 */
export const rowTooLarge = (fn: string, row: string) =>
  new HostModuleError("output-too-large", `${fn}: ${row} alone is over the ${n(SHARED_LIMITS.outputBytes.default)}-byte output limit as it crosses, so no page can hold it; shorten or split its cells in the input`);

/**
 * How records of these key names are made without a prototype. `Object.create(null)` makes a dictionary in V8:
 * 62,037 csv records of 8 keys took 49 ms to build that way and 45 ms to stringify, against 22 and 26 ms for records
 * built as ordinary objects (one shared shape) whose prototype is then set to null (host-modules README,
 * "Measured"). A key named `__proto__` would set an ordinary object's prototype instead of being a key: those
 * records are made the slow way.
 */
export function recordKind(names: readonly string[]): { make(): Record<string, unknown>; done<T extends object>(record: T): T } {
  if (names.includes("__proto__")) return { make: () => Object.create(null) as Record<string, unknown>, done: (record) => record };
  return { make: () => ({}), done: (record) => Object.setPrototypeOf(record, null) as typeof record };
}

/** A null-prototype record built from parallel names and values (a name present twice keeps the last value). */
export function record(names: readonly string[], values: readonly unknown[], kind = recordKind(names)): Record<string, unknown> {
  const out = kind.make();
  for (let i = 0; i < names.length; i++) out[names[i]!] = values[i];
  return kind.done(out);
}

/** A null-prototype map from [key, value] pairs; the first occurrence of a key wins. */
export function mapFromEntries<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out: Record<string, T> = Object.create(null);
  for (const [key, value] of entries) {
    if (!Object.hasOwn(out, key)) out[key] = value;
  }
  return out;
}

/**
 * Makes header names unique the way papaparse does: the second "a" becomes "a_1", the third "a_2", skipping
 * any name already taken. Linear: each name's next suffix to try is kept (every suffix below it is taken, and taken
 * names stay taken), so a header of "a_1" … "a_k" followed by many "a" never rescans the taken ones (it was k × d).
 */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set(names);
  const next = new Map<string, number>();
  const out: string[] = [];
  for (const name of names) {
    let suffix = next.get(name);
    if (suffix === undefined) {
      next.set(name, 1);
      out.push(name);
      continue;
    }
    let candidate: string;
    do {
      candidate = `${name}_${suffix}`;
      suffix++;
    } while (used.has(candidate));
    used.add(candidate);
    next.set(name, suffix);
    out.push(candidate);
  }
  return out;
}
