// Owns the JSON-safe form in which values cross Redis (requests' inputs and clocks, results' values, trace events,
// journals): the runtime's own crossing codec (encodeValue/decodeValue — one JSON string with tagged objects for what
// JSON cannot say) with the bytes of its sidecar in base64 (encodedToJson), i.e. exactly the runtime's journal form, so
// a value journaled by the runtime decodes here and a value encoded here replays there (a test checks both ways).
// Refuses cycles (a message, never a loop); drops functions and symbols by JSON's rule, as the runtime does.

import { decodeValue, encodedFromJson, encodedToJson, encodeValue, type EncodedJson } from "@capsule/runtime";

/** A value as JSON: the runtime's Encoded with each sidecar item's bytes in base64. */
export type WireValue = EncodedJson;

export type WireResult = { ok: true; wire: WireValue } | { ok: false; message: string };

export function toWire(value: unknown): WireResult {
  const encoded = encodeValue(value);
  return encoded.ok ? { ok: true, wire: encodedToJson(encoded.encoded) } : encoded;
}

/** Whether `value` has the shape of a WireValue (checked before decoding what arrived from Redis). */
export function isWireValue(value: unknown): value is WireValue {
  const w = value as Partial<WireValue> | null;
  return typeof w === "object" && w !== null && typeof w.json === "string" && typeof w.tagged === "boolean" && Array.isArray(w.side);
}

/** Decodes what toWire (or the runtime's journal) produced; throws on JSON that does not parse. */
export function fromWire(wire: WireValue): unknown {
  return decodeValue(encodedFromJson(wire));
}
