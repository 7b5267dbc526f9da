// Owns the checks every export runs before any work: the type and size of its main arguments and its options
// against a per-function allowlist, and the rule of an option that overrides a limit (read from its row). Refuses
// unknown option keys, wrong-typed or out-of-range options, accessor properties, non-plain objects, text over
// SHARED_LIMITS.textBytes and bytes over SHARED_LIMITS.inputBytes.

import type { LimitRow } from "./descriptor.js";
import { HostModuleError } from "./errors.js";
import { SHARED_LIMITS } from "./limits.js";

/** One option's rule: what it must be (for the message) and the test. */
export interface OptionRule {
  expect: string;
  ok(value: unknown): boolean;
}

/** Formats a number for messages: 5,242,880. */
export function n(value: number): string {
  return value.toLocaleString("en-US");
}

/** A key or value quoted for a message, cut to 60 characters. */
export function quote(value: string): string {
  const cut = value.length > 60 ? value.slice(0, 60) + "…" : value;
  return JSON.stringify(cut);
}

/** True for an object literal, a JSON.parse result or an Object.create(null) object; false for arrays and class instances. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True for a Uint8Array (a Buffer counts), from this realm or another. */
export function isBytes(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === "[object Uint8Array]";
}

/** Reads an own data property; refuses accessors so that no getter of the caller's runs on the host. */
export function ownValue(fn: string, what: string, object: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  if (!descriptor) return undefined;
  if (!("value" in descriptor)) {
    throw new HostModuleError("input-invalid", `${fn}: ${what} ${quote(key)} is an accessor; pass plain data`);
  }
  return descriptor.value;
}

export const bool: OptionRule = { expect: "a boolean", ok: (v) => typeof v === "boolean" };

export function intRange(min: number, max: number): OptionRule {
  return {
    expect: `an integer from ${n(min)} to ${n(max)}`,
    ok: (v) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max,
  };
}

/** The rule of an option that overrides `row`'s limit: an integer from its floor to its ceiling, never past it. */
export function withinLimit(row: LimitRow): OptionRule {
  return intRange(row.floor, row.ceiling);
}

export function oneOf(...values: readonly unknown[]): OptionRule {
  return {
    expect: `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`,
    ok: (v) => values.includes(v),
  };
}

/** A string of `min`..`max` characters that also passes `extra` (described by `expect`). */
export function text(min: number, max: number, expect?: string, extra?: (v: string) => boolean): OptionRule {
  const size = min === max ? `${n(min)} character${min === 1 ? "" : "s"}` : `${n(min)} to ${n(max)} characters`;
  return {
    expect: expect ? `${expect} (${size})` : `a string of ${size}`,
    ok: (v) => typeof v === "string" && v.length >= min && v.length <= max && (!extra || extra(v)),
  };
}

/** An absolute URL, as `new URL` accepts it, no longer than SHARED_LIMITS.optionStringLength. */
export const absoluteUrl: OptionRule = text(1, SHARED_LIMITS.optionStringLength.default, "an absolute URL such as \"https://example.com/page\"", (v) => {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
});

export function anyOf(...rules: OptionRule[]): OptionRule {
  return { expect: rules.map((r) => r.expect).join(" or "), ok: (v) => rules.some((r) => r.ok(v)) };
}

/**
 * Checks `options` against `rules` and returns a null-prototype copy holding only the keys that were given
 * (a key whose value is undefined counts as not given). Refuses a non-plain object, an unknown key, an
 * accessor, and a value its rule rejects.
 */
export function readOptions(fn: string, options: unknown, rules: Record<string, OptionRule>): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null);
  if (options === undefined || options === null) return result;
  if (!isPlainObject(options)) {
    throw new HostModuleError("option-invalid", `${fn}: options must be a plain object such as { ${Object.keys(rules)[0] ?? ""}: … }`);
  }
  const allowed = Object.keys(rules);
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(rules, key)) {
      const list = allowed.length ? `allowed options: ${allowed.join(", ")}` : "this function takes no options";
      throw new HostModuleError("option-unknown", `${fn}: unknown option ${quote(key)}; ${list}`);
    }
    const descriptor = Object.getOwnPropertyDescriptor(options, key)!;
    if (!("value" in descriptor)) {
      throw new HostModuleError("option-invalid", `${fn}: option ${quote(key)} is an accessor; pass plain data`);
    }
    const value = descriptor.value;
    if (value === undefined) continue;
    const rule = rules[key]!;
    if (!rule.ok(value)) {
      throw new HostModuleError("option-invalid", `${fn}: option ${quote(key)} must be ${rule.expect}`);
    }
    result[key] = value;
  }
  return result;
}

/** Refuses anything but a string of at most SHARED_LIMITS.textBytes UTF-8 bytes. */
export function checkText(fn: string, name: string, value: unknown): string {
  if (typeof value !== "string") {
    throw new HostModuleError("input-invalid", `${fn}: ${name} must be a string, got ${typeName(value)}`);
  }
  // Cheap bound first: a string of fewer UTF-16 units than SHARED_LIMITS.textBytes / 3 cannot be over.
  if (value.length * 3 > SHARED_LIMITS.textBytes.default) {
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > SHARED_LIMITS.textBytes.default) {
      throw new HostModuleError(
        "input-too-large",
        `${fn}: ${name} is ${n(bytes)} UTF-8 bytes, over the ${n(SHARED_LIMITS.textBytes.default)}-byte limit; split it into smaller pieces`,
      );
    }
  }
  return value;
}

/** Refuses anything but a Uint8Array of 1..SHARED_LIMITS.inputBytes bytes (`allowEmpty` admits 0). */
export function checkBytes(fn: string, name: string, value: unknown, allowEmpty = false): Uint8Array {
  if (!isBytes(value)) {
    throw new HostModuleError("input-invalid", `${fn}: ${name} must be a Uint8Array, got ${typeName(value)}`);
  }
  if (value.byteLength > SHARED_LIMITS.inputBytes.default) {
    throw new HostModuleError(
      "input-too-large",
      `${fn}: ${name} is ${n(value.byteLength)} bytes, over the ${n(SHARED_LIMITS.inputBytes.default)}-byte limit; pass a smaller file`,
    );
  }
  if (!allowEmpty && value.byteLength === 0) {
    throw new HostModuleError("input-invalid", `${fn}: ${name} is empty`);
  }
  return ownBytes(value);
}

/**
 * `value`, or a copy of just its bytes when it is a view into a larger or shared buffer: a worker is sent its
 * argument by structured clone, which copies a view's whole buffer (a 1-byte view of 512 MiB would cross as
 * 512 MiB, past every byte limit checked on `byteLength`), and a SharedArrayBuffer would cross shared, so the
 * caller could change the bytes after they were checked.
 */
export function ownBytes(value: Uint8Array): Uint8Array {
  const whole = value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
  return whole ? value : new Uint8Array(value);
}

/** A short name of a value's type for messages. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (isBytes(value)) return "a Uint8Array";
  if (value instanceof Date) return "a Date";
  if (typeof value === "object") return isPlainObject(value) ? "an object" : "a class instance";
  if (typeof value === "undefined") return "undefined";
  return `a ${typeof value}`;
}
