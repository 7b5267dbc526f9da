// Owns how results are sized and shaped: the output byte budget (estimated in the measure the runtime checks
// against limits.hostDataBytes: the JSON text, escapes included, plus the sidecar bytes), null-prototype records and
// maps, and header-name deduplication. Refuses results over SHARED_LIMITS.outputBytes; builds every record and map
// without a prototype so keys like "__proto__" stay data. result-size.mjs holds the same estimates for the workers.

import { HostModuleError } from "./errors.js";
import { n } from "./check.js";
import { SHARED_LIMITS } from "./limits.js";

/**
 * What a result's frame may take beyond its counted parts: the `{"v":…}` wrapper and the keys and scalars of the
 * result object (`rows`, `fields`, `truncated`, `next`, …). Budgets count the parts against outputBytes minus this.
 */
export const RESULT_FRAME_BYTES = 1024;

/** What a tagged scalar (-0, NaN, ±Infinity) takes as it crosses, and its separator. */
const TAGGED_SCALAR_BYTES = 32;

/**
 * What a record or map takes beyond its keys and values when one of its keys is "\u0000", the runtime's tag key:
 * it then crosses as a tagged list of [key, value] pairs (about 20 characters, and 3 per key).
 */
export function tagKeyOverhead(keys: readonly string[]): number {
  return keys.includes("\u0000") ? 24 + 3 * keys.length : 0;
}

/** Characters JSON.stringify escapes: quote, backslash, C0 controls, and any surrogate (lone ones are escaped). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Characters JSON.stringify adds to `value` by escaping (\n is one more, \u0001 five more, a lone surrogate five). */
function escapeExtra(value: string): number {
  let extra = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20) extra += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
    else if (c === 0x22 || c === 0x5c) extra += 1;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else extra += 5;
    }
  }
  return extra;
}

/**
 * Estimated size of a string cell or key as it crosses: its UTF-8 bytes (never fewer than the UTF-16 code units the
 * runtime counts), its escapes, two quotes and a separator. An upper bound: big strings cross unescaped.
 */
export function stringSize(value: string): number {
  const size = Buffer.byteLength(value, "utf8") + 3;
  return NEEDS_ESCAPE.test(value) ? size + escapeExtra(value) : size;
}

/** Estimated JSON bytes of a primitive cell (string, number, boolean, null). */
export function cellSize(value: unknown): number {
  if (typeof value === "string") return stringSize(value);
  // -0, NaN and ±Infinity cross as tagged objects ({"\u0000":"n","v":"-0"}), not as JSON numbers.
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? String(value).length + 1 : TAGGED_SCALAR_BYTES;
  if (typeof value === "boolean") return 6;
  return 5;
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

/** A null-prototype record built from parallel names and values (a name present twice keeps the last value). */
export function record(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (let i = 0; i < names.length; i++) out[names[i]!] = values[i];
  return out;
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
 * any name already taken.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set(names);
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const name of names) {
    const count = seen.get(name);
    if (count === undefined) {
      seen.set(name, 1);
      out.push(name);
      continue;
    }
    let suffix = count;
    let candidate: string;
    do {
      candidate = `${name}_${suffix}`;
      suffix++;
    } while (used.has(candidate));
    used.add(candidate);
    seen.set(name, count + 1);
    out.push(candidate);
  }
  return out;
}
