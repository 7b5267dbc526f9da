// Owns the host half of the crossing format (the guest half is in guest/prelude.js): values become one
// JSON string, with tagged objects {"\u0000": tag} for what JSON cannot say and a sidecar for bytes and big strings.
// Refuses cycles with a clear error instead of looping; drops functions and symbols by JSON's rule.

import type { Encoded } from "./protocol.js";
import { thrownText } from "./errors.js";

const TAG = "\u0000";
/** Strings at least this long cross in the sidecar, skipping JSON escaping both ways. */
export const BIG_STRING_LENGTH = 64 * 1024;

const VIEWS: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = {
  Uint8Array, Int8Array, Uint8ClampedArray, Uint16Array, Int16Array, Uint32Array, Int32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView,
};

/** `tooLarge`: the JSON passed the encode's `maxBytes` before its end (the walk stopped there). */
export type EncodeResult = { ok: true; encoded: Encoded } | { ok: false; message: string; tooLarge?: true };

/** Thrown from the replacer to stop a walk whose output is past its bound already. */
class PastBound extends Error {}

/**
 * True when `value` is plain JSON data (objects, arrays, finite numbers other than -0, short strings, booleans,
 * null): then JSON.stringify needs no replacer, which is several times faster in V8. Bounded by `budget` nodes,
 * and false for cycles (the replacer path reports those).
 */
function isPlainJson(value: unknown, seen: Set<object>, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0) return false;
  switch (typeof value) {
    case "string": return value.length < BIG_STRING_LENGTH;
    case "number": return Number.isFinite(value) && !Object.is(value, -0);
    case "boolean": return true;
    case "object": {
      if (value === null) return true;
      if (seen.has(value)) return false;
      const proto = Object.getPrototypeOf(value);
      if (Array.isArray(value)) {
        seen.add(value);
        for (let i = 0; i < value.length; i++) if (!isPlainJson(value[i], seen, budget)) return false;
      } else if (proto === Object.prototype || proto === null) {
        if (Object.prototype.hasOwnProperty.call(value, TAG) || typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
        seen.add(value);
        for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key], seen, budget)) return false;
      } else {
        return false;
      }
      seen.delete(value);
      return true;
    }
    default: return false;
  }
}

/** Nodes the plain-JSON check may visit before giving up and using the replacer. */
const PLAIN_CHECK_BUDGET = 5_000_000;

/** isPlainJson, false where the value is nested too deeply for its recursion (the replacer path then says why). */
function plainJson(value: unknown): boolean {
  try {
    return isPlainJson(value, new Set(), { nodes: PLAIN_CHECK_BUDGET });
  } catch {
    return false;
  }
}

/**
 * The most values JSON of at most `bytes` bytes can hold: n values take at least 2n - 1 bytes (a value one, and each
 * one more in a container a separator or a key). Walks of host values stop past it (the encode, a tool's output check).
 */
export function mostValuesWithin(bytes: number): number {
  return Math.floor((bytes + 1) / 2);
}

/**
 * `value` as the crossing format. With `maxBytes`, a value whose JSON passes it is refused as soon as it has
 * (`tooLarge`), not once written: the walk stops after mostValuesWithin(maxBytes) values. An object reused at many
 * places is written at each — 30 levels of `{ a: s, b: s }` are 2^30 values — and its encode held the host's main
 * thread for minutes before V8 gave up on the string.
 */
export function encodeValue(value: unknown, maxBytes = Infinity): EncodeResult {
  if (plainJson(value)) {
    return { ok: true, encoded: { json: JSON.stringify({ v: value }), tagged: false, side: [] } };
  }
  const side: Array<Uint8Array | string> = [];
  let tagged = false;
  const tag = (t: Record<string, unknown>) => {
    tagged = true;
    return t;
  };
  // A container that crosses as its entries (a Map, a Set, an object owning a "\u0000" key) has one tag per encode:
  // one that holds itself then meets its own tag inside it, and JSON.stringify refuses the cycle as for any object.
  const containers = new WeakMap<object, Record<string, unknown>>();
  const once = (container: object, make: () => Record<string, unknown>) => {
    let made = containers.get(container);
    if (made === undefined) containers.set(container, (made = tag(make())));
    return made;
  };
  let written = 0;
  const most = mostValuesWithin(maxBytes);
  try {
    const json = JSON.stringify({ v: value }, function (this: Record<string, unknown>, key, v) {
      const raw = this[key];
      // Functions and symbols are left out (JSON's rule), so only what is written counts.
      if (typeof raw !== "function" && typeof raw !== "symbol" && ++written > most) throw new PastBound();
      switch (typeof raw) {
        case "undefined": return tag({ [TAG]: "u" });
        case "number":
          if (!Number.isFinite(raw)) return tag({ [TAG]: "n", v: String(raw) });
          if (Object.is(raw, -0)) return tag({ [TAG]: "n", v: "-0" });
          return raw;
        case "bigint": return tag({ [TAG]: "i", v: String(raw) });
        case "string":
          // Only a well-formed one without U+0000: the engine takes a sidecar string as a C string of UTF-8, where a
          // lone surrogate would become U+FFFD and a NUL would end it. Such a string crosses escaped in the JSON.
          if (raw.length >= BIG_STRING_LENGTH && raw.isWellFormed() && !raw.includes("\u0000")) {
            side.push(raw);
            return tag({ [TAG]: "s", i: side.length - 1 });
          }
          return raw;
        case "object": {
          if (raw === null) return null;
          if (raw instanceof Date) {
            const t = raw.getTime();
            return tag({ [TAG]: "d", v: Number.isNaN(t) ? "NaN" : t });
          }
          if (raw instanceof ArrayBuffer) {
            side.push(new Uint8Array(raw.slice(0)));
            return tag({ [TAG]: "b", k: "ArrayBuffer", i: side.length - 1 });
          }
          if (ArrayBuffer.isView(raw)) {
            const kind = raw instanceof DataView ? "DataView" : raw.constructor.name in VIEWS ? raw.constructor.name : "Uint8Array";
            side.push(new Uint8Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)));
            return tag({ [TAG]: "b", k: kind, i: side.length - 1 });
          }
          if (raw instanceof Map) return once(raw, () => ({ [TAG]: "m", v: Array.from(raw) }));
          if (raw instanceof Set) return once(raw, () => ({ [TAG]: "S", v: Array.from(raw) }));
          if (raw instanceof Error) return tag({ [TAG]: "e", name: String(raw.name), message: String(raw.message) });
          if (raw instanceof RegExp) return tag({ [TAG]: "r", source: raw.source, flags: raw.flags });
          if (!Array.isArray(raw) && Object.prototype.hasOwnProperty.call(raw, TAG)) {
            return once(raw, () => ({ [TAG]: "o", v: Object.entries(raw) }));
          }
          return v;
        }
        default:
          return v;
      }
    });
    return { ok: true, encoded: { json, tagged, side } };
  } catch (error) {
    if (error instanceof PastBound) return { ok: false, tooLarge: true, message: `the value encodes to more than ${maxBytes} bytes` };
    return { ok: false, message: unencodable(error) };
  }
}

/** Why an encode failed, in the caller's words. What was thrown may be a host value's own (a getter's, a Proxy's). */
function unencodable(error: unknown): string {
  const message = thrownText(error);
  if (/circular/i.test(message)) return "the value contains a cycle; only tree-shaped data can cross";
  let overflow = false;
  try {
    overflow = error instanceof RangeError;
  } catch {
    // a Proxy whose getPrototypeOf trap throws: not V8's stack overflow
  }
  return overflow ? "the value is nested too deeply to encode; pass flatter data" : `the value cannot be encoded: ${message}`;
}

/**
 * Rebuilds the tagged objects of a parsed value, children before their parents, without recursion: JSON.parse takes any
 * depth, and a recursive walk overflowed the host's stack on a value nested ~5,000 deep (a guest's result or arguments
 * then failed with the host's own RangeError). The walk lists every container's slots in pre-order, then replaces
 * each tagged slot walking that list backwards, so a tag's contents (a Map's pairs) are rebuilt before the tag.
 */
function revive(value: unknown, side: Array<Uint8Array | string>): unknown {
  const holder: Record<string, unknown> = { v: value };
  const parents: Array<Record<string | number, unknown>> = [holder];
  const keys: Array<string | number> = ["v"];
  for (let i = 0; i < parents.length; i++) {
    const v = parents[i]![keys[i]!];
    if (typeof v !== "object" || v === null) continue;
    const obj = v as Record<string | number, unknown>;
    if (Array.isArray(v)) {
      for (let j = 0; j < v.length; j++) parents.push(obj), keys.push(j);
      continue;
    }
    const t = obj[TAG];
    if (t === undefined) for (const k of Object.keys(obj)) parents.push(obj), keys.push(k);
    else if (t === "m" || t === "S" || t === "o") parents.push(obj), keys.push("v");
  }
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!;
    const v = parent[keys[i]!];
    if (typeof v === "object" && v !== null && !Array.isArray(v) && (v as Record<string, unknown>)[TAG] !== undefined) {
      parent[keys[i]!] = fromTag(v as Record<string, unknown>, side);
    }
  }
  return holder.v;
}

/** The value one tagged object stands for (its contents already rebuilt). */
function fromTag(obj: Record<string, unknown>, side: Array<Uint8Array | string>): unknown {
  switch (obj[TAG]) {
    case "u": return undefined;
    case "n": return obj.v === "-0" ? -0 : Number(obj.v);
    case "i": return BigInt(obj.v as string);
    case "s": return side[obj.i as number];
    case "d": return new Date(obj.v === "NaN" ? NaN : (obj.v as number));
    case "b": {
      const bytes = side[obj.i as number] as Uint8Array;
      if (obj.k === "Uint8Array") return bytes;
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      if (obj.k === "ArrayBuffer") return buffer;
      const View = VIEWS[obj.k as string] ?? Uint8Array;
      return new View(buffer);
    }
    case "m": return new Map(obj.v as Array<[unknown, unknown]>);
    case "S": return new Set(obj.v as unknown[]);
    case "e": {
      const e = new Error(String(obj.message));
      if (obj.name !== "Error") Object.defineProperty(e, "name", { value: String(obj.name), configurable: true, writable: true });
      return e;
    }
    case "r": return new RegExp(String(obj.source), String(obj.flags));
    case "o": return Object.fromEntries(obj.v as Array<[string, unknown]>);
    default: return obj;
  }
}

/** Decodes what encodeValue (or the guest's encode) produced. */
export function decodeValue(encoded: Encoded): unknown {
  const wrapper = JSON.parse(encoded.json) as { v: unknown };
  return encoded.tagged ? revive(wrapper.v, encoded.side) : wrapper.v;
}

/** Bytes an encoded value occupies, for size limits. */
export function encodedSize(encoded: Encoded): number {
  let size = encoded.json.length;
  for (const item of encoded.side) size += typeof item === "string" ? item.length : item.byteLength;
  return size;
}
