// Owns writing a host value that is plain JSON data in QuickJS's binary object format (JS_ReadObject's input, the
// pinned engine's version 5; the format is described in runtime/README.md), so that the guest's engine builds it
// with one C call instead of parsing its JSON (about twice as fast there, and no JSON string to make in its memory).
// Takes only what JSON says exactly and the JSON path would send without a replacer (the codec's isPlainJson rules:
// objects with Object.prototype or no prototype and no "\u0000" key or toJSON, arrays without holes, finite numbers
// but -0, strings under BIG_STRING_LENGTH, booleans, null), so the guest gets the same value either way. Computes the
// exact length JSON.stringify({ v: value }) would have, which is what limits.hostDataBytes counts. A RecordRows in
// the value (record-rows.ts) is written as the array of records it stands for.
// Refuses (returns undefined, the caller then takes the JSON path) anything else, a value nested deeper than the
// reading engine's stack takes (binaryDepthFor; MAX_DEPTH, a cycle among them), and a value whose JSON would be longer
// than the caller's bound (which it says, so that the caller need not encode the value again to learn it).
// No dependency on Node or the DOM (the browser runner's host side runs it too).

import { BIG_STRING_LENGTH } from "./codec.js";
import { RecordRows } from "./record-rows.js";

export const BINARY_FORMAT_VERSION = 5;
const NULL = 1, FALSE = 3, TRUE = 4, INT32 = 5, FLOAT64 = 6, STRING = 7, OBJECT = 8, ARRAY = 9;
const TAG = "\u0000";
const MAX_DEPTH = 1000;
/**
 * The engine's reader (JS_ReadObject) recurses on the C stack, a frame per level, and overflowed where the guest's own
 * JSON.parse did not: 500 levels under a 64 KiB stack (400 read), under 990 with 128 KiB. A quarter of that, so a
 * deeper value takes the JSON path, which delivers it whole.
 */
const STACK_BYTES_PER_LEVEL = 256;

/** The deepest value written for a guest whose stack is `stackBytes` (limits.stackBytes). */
export function binaryDepthFor(stackBytes: number): number {
  return Math.min(MAX_DEPTH, Math.floor(stackBytes / STACK_BYTES_PER_LEVEL));
}
const INT32_MIN = -(2 ** 31), INT32_MAX = 2 ** 31 - 1;

export interface BinaryValue {
  bytes: Uint8Array;
  /** JSON.stringify({ v: value }).length: the size limits count. */
  jsonLength: number;
  /** Set when a table's rows went ahead in parts: the bytes hold null in its place (the value, or one of its keys). */
  parts?: { count: number; key?: string };
}

class Refused extends Error {}
/** The value's JSON is already longer than the caller's bound. */
class TooLong extends Refused {}
const refuse = (): never => {
  throw new Refused();
};

export interface WriteOptions {
  /** The most values written (default 5,000,000). */
  nodes?: number;
  /** The deepest nesting written (default MAX_DEPTH; binaryDepthFor gives the reading guest's). */
  maxDepth?: number;
  /** Called when the value was refused because its JSON would exceed `maxJsonLength`. */
  onTooLong?: () => void;
}

/** Bytes kept free before the body, for the atom table to be written in front of it without a copy. */
const HEAD_ROOM = 16 * 1024;

class Output {
  bytes: Uint8Array;
  view: DataView;
  at: number;

  constructor(size = 64 * 1024, at = 0) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
    this.at = at;
  }

  room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.at + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  /** A byte; the caller made room. */
  u8(v: number): void {
    this.bytes[this.at++] = v;
  }

  /** An unsigned LEB128 of up to 5 bytes; the caller made room. */
  leb(v: number): void {
    const { bytes } = this;
    while (v > 0x7f) {
      bytes[this.at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    bytes[this.at++] = v;
  }

  /**
   * A string's length word and units, Latin-1 bytes or, when any unit is over 0xFF, UTF-16LE (written as Latin-1
   * until such a unit shows, then again wide); returns its JSON length.
   */
  string(s: string): number {
    const n = s.length;
    if (n >= 2 ** 30) refuse();
    this.room(5 + n);
    const start = this.at;
    this.leb((n << 1) >>> 0);
    const { bytes } = this;
    let at = this.at;
    let extra = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0xff) {
        this.at = start;
        return this.wide(s);
      }
      if (c < 0x20) extra += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
      else if (c === 0x22 || c === 0x5c) extra += 1;
      bytes[at++] = c;
    }
    this.at = at;
    return n + 2 + extra;
  }

  private wide(s: string): number {
    const n = s.length;
    this.room(5 + n * 2);
    this.leb(((n << 1) | 1) >>> 0);
    const { view } = this;
    let at = this.at;
    let extra = 0;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      view.setUint16(at, c, true);
      at += 2;
      if (c < 0x20) extra += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 1 : 5;
      else if (c === 0x22 || c === 0x5c) extra += 1;
      else if (c >= 0xd800 && c <= 0xdfff) {
        const next = s.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          view.setUint16(at, next, true);
          at += 2;
          i++;
        } else extra += 5;
      }
    }
    this.at = at;
    return n + 2 + extra;
  }
}

/** Digits JSON writes for an integer in the int32 range. */
function intLength(v: number): number {
  let n = v < 0 ? 2 : 1;
  for (let a = Math.abs(v); a >= 10; a = Math.floor(a / 10)) n++;
  return n;
}

class Writer {
  readonly body = new Output(64 * 1024, HEAD_ROOM);
  /** Each key's index in the atom table; by index, its JSON length with the colon. */
  readonly atoms = new Map<string, number>();
  private readonly keyLengths: number[] = [];
  private readonly scratch = new Output(256);
  nodes: number;

  constructor(nodes: number, private readonly maxJsonLength: number, private readonly maxDepth: number) {
    this.nodes = nodes;
  }

  /** Writes `v`; returns its JSON length. */
  value(v: unknown, depth: number): number {
    if (--this.nodes < 0 || depth > this.maxDepth) refuse();
    const out = this.body;
    out.room(9);
    switch (typeof v) {
      case "string":
        if (v.length >= BIG_STRING_LENGTH) refuse();
        out.u8(STRING);
        return out.string(v);
      case "number":
        if (Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0)) {
          out.u8(INT32);
          out.leb(((v << 1) ^ (v >> 31)) >>> 0);
          return intLength(v);
        }
        if (!Number.isFinite(v) || Object.is(v, -0)) refuse();
        out.u8(FLOAT64);
        out.view.setFloat64(out.at, v, true);
        out.at += 8;
        return String(v).length;
      case "boolean":
        out.u8(v ? TRUE : FALSE);
        return v ? 4 : 5;
      case "object":
        if (v === null) {
          out.u8(NULL);
          return 4;
        }
        if (Array.isArray(v)) return this.array(v, depth);
        return v instanceof RecordRows ? this.recordRows(v, depth) : this.object(v as Record<string, unknown>, depth);
      default:
        return refuse();
    }
  }

  private array(a: unknown[], depth: number): number {
    // JSON.stringify writes what an array's toJSON returns, as the JSON path does.
    if (typeof (a as { toJSON?: unknown }).toJSON === "function") refuse();
    const n = a.length;
    const out = this.body;
    out.u8(ARRAY);
    out.leb(n);
    let length = n > 0 ? 1 + n : 2;
    // Bounded as it goes: an answer of millions of rows is refused at the bound, not after all of it is written.
    for (let i = 0; i < n; i++) if ((length += this.value(a[i], depth + 1)) > this.maxJsonLength) throw new TooLong();
    return length;
  }

  private object(o: Record<string, unknown>, depth: number): number {
    const proto = Object.getPrototypeOf(o);
    if (proto !== Object.prototype && proto !== null) refuse();
    if (Object.prototype.hasOwnProperty.call(o, TAG) || typeof o.toJSON === "function") refuse();
    const keys = Object.keys(o);
    const out = this.body;
    out.u8(OBJECT);
    out.leb(keys.length);
    let length = keys.length > 0 ? 1 + keys.length : 2;
    for (const key of keys) {
      const index = this.atom(key);
      out.room(5);
      out.leb(((index + 1) << 1) >>> 0);
      length += this.keyLengths[index]! + this.value(o[key], depth + 1);
    }
    return this.bounded(length);
  }

  /** `key`'s index in the atom table, added on first use. */
  private atom(key: string): number {
    let index = this.atoms.get(key);
    if (index === undefined) {
      index = this.atoms.size;
      this.atoms.set(key, index);
      this.scratch.at = 0;
      this.keyLengths.push(this.scratch.string(key) + 1);
    }
    return index;
  }

  /** The array of records `r` stands for, each written as object() writes a record with those keys in that order. */
  private recordRows(r: RecordRows, depth: number): number {
    // A table sent ahead in parts has its place only where writeBinary put it.
    if (r.streamed) refuse();
    const { fields, rows } = r;
    const f = fields.length;
    if (fields.includes(TAG)) refuse();
    // The keys in the order a record has them (integer keys first, ascending), each with its value's place in a row.
    const probe: Record<string, number> = Object.create(null);
    fields.forEach((key, j) => (probe[key] = j));
    const keys = Object.keys(probe);
    const places = keys.map((key) => probe[key]!);
    // Added to the atom table when the first row is written, as the first record would add them.
    let tags: number[] | undefined;
    let recordLength = 0;
    const n = rows.length;
    const out = this.body;
    out.u8(ARRAY);
    out.leb(n);
    let length = n > 0 ? 1 + n : 2;
    for (let i = 0; i < n; i++) {
      const row = rows[i];
      if (!Array.isArray(row)) {
        length += this.value(row, depth + 1);
        continue;
      }
      if (row.length !== f || --this.nodes < 0) refuse();
      if (!tags) {
        tags = keys.map((key) => ((this.atom(key) + 1) << 1) >>> 0);
        recordLength = f > 0 ? 1 + f + keys.reduce((sum, key) => sum + this.keyLengths[this.atoms.get(key)!]!, 0) : 2;
      }
      out.room(6);
      out.u8(OBJECT);
      out.leb(f);
      length += recordLength;
      for (let j = 0; j < f; j++) {
        out.room(5);
        out.leb(tags[j]!);
        length += this.value(row[places[j]!], depth + 2);
      }
      this.bounded(length);
    }
    return this.bounded(length);
  }

  private bounded(length: number): number {
    if (length > this.maxJsonLength) throw new TooLong();
    return length;
  }
}

/**
 * `value` in the binary format with its JSON length, or undefined when it is not plain JSON data as the JSON path
 * defines it, is nested deeper than `maxDepth`, has more than `nodes` values, or its JSON would exceed `maxJsonLength`
 * (then `onTooLong` is called first).
 */
export function writeBinary(value: unknown, maxJsonLength: number, options: WriteOptions = {}): BinaryValue | undefined {
  const placed = withPlaceForParts(value);
  if (!placed) return undefined;
  const writer = new Writer(options.nodes ?? 5_000_000, maxJsonLength, options.maxDepth ?? MAX_DEPTH);
  let length: number;
  try {
    length = writer.value(placed.value, 0);
  } catch (error) {
    if (error instanceof TooLong) options.onTooLong?.();
    if (error instanceof Refused || error instanceof RangeError) return undefined;
    throw error;
  }
  const jsonLength = length + '{"v":}'.length + placed.extraLength;
  if (jsonLength > maxJsonLength) {
    options.onTooLong?.();
    return undefined;
  }
  const head = new Output(1024);
  head.room(6);
  head.u8(BINARY_FORMAT_VERSION);
  head.leb(writer.atoms.size);
  for (const key of writer.atoms.keys()) head.string(key);
  const { body } = writer;
  // The atom table goes in front of the body, in the room left for it when it fits: no copy of the body.
  const parts = placed.parts ? { parts: placed.parts } : {};
  if (head.at <= HEAD_ROOM) {
    const start = HEAD_ROOM - head.at;
    body.bytes.set(head.bytes.subarray(0, head.at), start);
    return { bytes: body.bytes.subarray(start, body.at), jsonLength, ...parts };
  }
  const bytes = new Uint8Array(head.at + body.at - HEAD_ROOM);
  bytes.set(head.bytes.subarray(0, head.at));
  bytes.set(body.bytes.subarray(HEAD_ROOM, body.at), head.at);
  return { bytes, jsonLength, ...parts };
}

/**
 * `value` with null in the place of a table sent ahead in parts (the value itself, or one own key of a plain
 * object: a copy, keys in their order), and what the table's JSON adds over that null; undefined for two tables.
 */
function withPlaceForParts(value: unknown): { value: unknown; extraLength: number; parts?: BinaryValue["parts"] } | undefined {
  const sentLength = (t: RecordRows) => (t.rows.length > 0 ? 2 + t.streamed!.elementsLength + t.rows.length - 1 : 2) - "null".length;
  if (value instanceof RecordRows && value.streamed) return { value: null, extraLength: sentLength(value), parts: { count: value.streamed.parts } };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { value, extraLength: 0 };
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { value, extraLength: 0 };
  const keys = Object.keys(value);
  const at = keys.filter((key) => {
    const v = (value as Record<string, unknown>)[key];
    return v instanceof RecordRows && v.streamed !== undefined;
  });
  if (at.length === 0) return { value, extraLength: 0 };
  if (at.length > 1) return undefined;
  const key = at[0]!;
  const table = (value as Record<string, RecordRows>)[key]!;
  const copy: Record<string, unknown> = Object.create(proto);
  for (const k of keys) Object.defineProperty(copy, k, { value: k === key ? null : (value as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  return { value: copy, extraLength: sentLength(table), parts: { count: table.streamed!.parts, key } };
}

/**
 * Whether a value is big enough for the binary form to pay: an array of 64 or more, or a plain object holding one
 * among its first 32 keys. Cheap whatever the value: a typed array or a class instance is not looked into (a for-in
 * over a 1 MiB Uint8Array visited a million indices).
 */
export function worthBinary(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.length >= 64;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  let seen = 0;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (Array.isArray(v) && v.length >= 64) return true;
    if (++seen >= 32) return false;
  }
  return false;
}
