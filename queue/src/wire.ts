// Owns the JSON-safe form in which values cross Redis (requests' inputs and clocks, results' values, trace events,
// journals): the runtime's own crossing format — one JSON string with tagged objects {"\u0000": tag} for what JSON
// cannot say — with the bytes of its sidecar in base64, i.e. exactly the runtime's journal form (EncodedJson), so a
// value journaled by the runtime decodes here and a value encoded here replays there (a test checks both ways).
// It mirrors runtime/src/codec.ts because @capsule/runtime does not export encodeValue/decodeValue yet; when it does,
// this file shrinks to `encodedToJson(encodeValue(v))` and `decodeValue(encodedFromJson(w))`.
// Refuses cycles (a message, never a loop); drops functions and symbols by JSON's rule, as the runtime does.

const TAG = "\u0000";

/** A value as JSON: the runtime's Encoded with each sidecar item's bytes in base64. */
export interface WireValue {
  json: string;
  tagged: boolean;
  side: Array<string | { b64: string }>;
}

export type WireResult = { ok: true; wire: WireValue } | { ok: false; message: string };

const VIEWS: Record<string, new (buffer: ArrayBuffer) => ArrayBufferView> = {
  Uint8Array, Int8Array, Uint8ClampedArray, Uint16Array, Int16Array, Uint32Array, Int32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView,
};

/** Nodes the plain-JSON check may visit before it gives up and lets the replacer decide (bounded work). */
const PLAIN_CHECK_BUDGET = 1_000_000;

/** True for plain JSON data, which JSON.stringify encodes without a replacer (several times faster in V8). */
function isPlainJson(value: unknown, seen: Set<object>, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0) return false;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (seen.has(value)) return false;
      const proto = Object.getPrototypeOf(value);
      seen.add(value);
      if (Array.isArray(value)) {
        for (const item of value) if (!isPlainJson(item, seen, budget)) return false;
      } else if (proto === Object.prototype || proto === null) {
        if (Object.prototype.hasOwnProperty.call(value, TAG) || typeof (value as { toJSON?: unknown }).toJSON === "function") return false;
        for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key], seen, budget)) return false;
      } else {
        return false;
      }
      seen.delete(value);
      return true;
    }
    default:
      return false;
  }
}

export function toWire(value: unknown): WireResult {
  if (isPlainJson(value, new Set(), { nodes: PLAIN_CHECK_BUDGET })) return { ok: true, wire: { json: JSON.stringify({ v: value }), tagged: false, side: [] } };
  const side: Array<{ b64: string }> = [];
  let tagged = false;
  const tag = (t: Record<string, unknown>) => ((tagged = true), t);
  const bytes = (view: Uint8Array) => (side.push({ b64: Buffer.from(view.buffer, view.byteOffset, view.byteLength).toString("base64") }), side.length - 1);
  try {
    // `this[key]` is the raw value: Date (and anything with toJSON) has already been turned into `v` by then.
    const json = JSON.stringify({ v: value }, function (this: Record<string, unknown>, key, v) {
      const raw = this[key];
      switch (typeof raw) {
        case "undefined": return tag({ [TAG]: "u" });
        case "number":
          if (!Number.isFinite(raw)) return tag({ [TAG]: "n", v: String(raw) });
          return Object.is(raw, -0) ? tag({ [TAG]: "n", v: "-0" }) : raw;
        case "bigint": return tag({ [TAG]: "i", v: String(raw) });
        case "object": {
          if (raw === null) return null;
          if (raw instanceof Date) {
            const t = raw.getTime();
            return tag({ [TAG]: "d", v: Number.isNaN(t) ? "NaN" : t });
          }
          if (raw instanceof ArrayBuffer) return tag({ [TAG]: "b", k: "ArrayBuffer", i: bytes(new Uint8Array(raw)) });
          if (ArrayBuffer.isView(raw)) {
            const kind = raw instanceof DataView ? "DataView" : raw.constructor.name in VIEWS ? raw.constructor.name : "Uint8Array";
            return tag({ [TAG]: "b", k: kind, i: bytes(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)) });
          }
          if (raw instanceof Map) return tag({ [TAG]: "m", v: Array.from(raw) });
          if (raw instanceof Set) return tag({ [TAG]: "S", v: Array.from(raw) });
          if (raw instanceof Error) return tag({ [TAG]: "e", name: String(raw.name), message: String(raw.message) });
          if (raw instanceof RegExp) return tag({ [TAG]: "r", source: raw.source, flags: raw.flags });
          if (!Array.isArray(raw) && Object.prototype.hasOwnProperty.call(raw, TAG)) return tag({ [TAG]: "o", v: Object.entries(raw) });
          return v;
        }
        default:
          return v;
      }
    });
    return { ok: true, wire: { json, tagged, side } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: /circular/i.test(message) ? "the value contains a cycle; only tree-shaped data can cross" : `the value cannot be encoded: ${message}` };
  }
}

function revive(v: unknown, side: Array<string | Uint8Array>): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = revive(v[i], side);
    return v;
  }
  const obj = v as Record<string, unknown>;
  const t = obj[TAG];
  if (t === undefined) {
    for (const k of Object.keys(obj)) obj[k] = revive(obj[k], side);
    return obj;
  }
  switch (t) {
    case "u": return undefined;
    case "n": return obj.v === "-0" ? -0 : Number(obj.v);
    case "i": return BigInt(obj.v as string);
    case "s": return side[obj.i as number];
    case "d": return new Date(obj.v === "NaN" ? NaN : (obj.v as number));
    case "b": {
      const item = side[obj.i as number];
      const view = typeof item === "string" ? new TextEncoder().encode(item) : item!;
      // A fresh ArrayBuffer of exactly these bytes (Buffer.from may share a pooled one).
      const buffer = view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
      if (obj.k === "ArrayBuffer") return buffer;
      const View = VIEWS[obj.k as string] ?? Uint8Array;
      return new View(buffer);
    }
    case "m": return new Map(revive(obj.v, side) as Array<[unknown, unknown]>);
    case "S": return new Set(revive(obj.v, side) as unknown[]);
    case "e": {
      const e = new Error(String(obj.message));
      if (obj.name !== "Error") Object.defineProperty(e, "name", { value: String(obj.name), configurable: true, writable: true });
      return e;
    }
    case "r": return new RegExp(String(obj.source), String(obj.flags));
    case "o": return Object.fromEntries(revive(obj.v, side) as Array<[string, unknown]>);
    default: return obj;
  }
}

/** Whether `value` has the shape of a WireValue (checked before decoding what arrived from Redis). */
export function isWireValue(value: unknown): value is WireValue {
  const w = value as Partial<WireValue> | null;
  return typeof w === "object" && w !== null && typeof w.json === "string" && typeof w.tagged === "boolean" && Array.isArray(w.side);
}

/** Decodes what toWire (or the runtime's journal) produced; throws on JSON that does not parse. */
export function fromWire(wire: WireValue): unknown {
  const wrapper = JSON.parse(wire.json) as { v: unknown };
  if (!wire.tagged) return wrapper.v;
  const side = wire.side.map((item) => (typeof item === "string" ? item : new Uint8Array(Buffer.from(item.b64, "base64"))));
  return revive(wrapper.v, side);
}
