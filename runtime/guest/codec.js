// Capsule guest codec, loaded on first use: the guest half of the crossing format (the host half is
// runtime/src/codec.ts). Values become one JSON string with tagged objects {"\u0000": tag} for what JSON cannot
// say, plus a sidecar of ArrayBuffers and big strings. Completion value: a factory taking { bigString }.
(function (powers) {
  "use strict";
  const O = Object;
  const { getPrototypeOf, defineProperty } = O;
  const TAG = "\u0000";
  const RealDate = Date;
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  // Captured at load, so a guest that replaces these later cannot bend how its data crosses.
  const jsonStringify = JSON.stringify, jsonParse = JSON.parse, arrayFrom = Array.from, isArray = Array.isArray;
  const isView = ArrayBuffer.isView, entries = O.entries, fromEntries = O.fromEntries, hasOwn = O.prototype.hasOwnProperty;
  const BIG_STRING = powers.bigString;
  const VIEWS = { Uint8Array, Int8Array, Uint8ClampedArray, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array };
  function encode(value) {
    const side = [];
    let tagged = false;
    const tag = (t) => { tagged = true; return t; };
    const json = jsonStringify({ v: value }, function (key, v) {
      const raw = this[key];
      switch (typeof raw) {
        case "undefined": return tag({ [TAG]: "u" });
        case "number":
          if (raw !== raw || raw === Infinity || raw === -Infinity) return tag({ [TAG]: "n", v: String(raw) });
          if (raw === 0 && 1 / raw < 0) return tag({ [TAG]: "n", v: "-0" });
          return raw;
        case "bigint": return tag({ [TAG]: "i", v: String(raw) });
        case "string":
          if (raw.length >= BIG_STRING) { side.push(raw); return tag({ [TAG]: "s", i: side.length - 1 }); }
          return raw;
        case "object":
          if (raw === null) return null;
          if (raw instanceof RealDate) { const t = raw.getTime(); return tag({ [TAG]: "d", v: t === t ? t : "NaN" }); }
          if (raw instanceof ArrayBuffer) { side.push(raw.slice(0)); return tag({ [TAG]: "b", k: "ArrayBuffer", i: side.length - 1 }); }
          if (isView(raw)) {
            const kind = raw instanceof DataView ? "DataView" : getPrototypeOf(getPrototypeOf(raw)) && raw.constructor && VIEWS[raw.constructor.name] === raw.constructor ? raw.constructor.name : "Uint8Array";
            side.push(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
            return tag({ [TAG]: "b", k: kind, i: side.length - 1 });
          }
          if (raw instanceof Map) return tag({ [TAG]: "m", v: arrayFrom(raw) });
          if (raw instanceof Set) return tag({ [TAG]: "S", v: arrayFrom(raw) });
          if (raw instanceof Error) return tag({ [TAG]: "e", name: String(raw.name), message: String(raw.message) });
          if (raw instanceof RegExp) return tag({ [TAG]: "r", source: raw.source, flags: raw.flags });
          if (!isArray(raw) && hasOwn.call(raw, TAG)) return tag({ [TAG]: "o", v: entries(raw) });
          return v;
        default:
          return v; // functions and symbols: JSON's rule (dropped from objects, null in arrays)
      }
    });
    return [json, tagged, side];
  }
  function revive(v, side) {
    if (typeof v !== "object" || v === null) return v;
    if (isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = revive(v[i], side);
      return v;
    }
    const t = v[TAG];
    if (t === undefined) {
      for (const k in v) v[k] = revive(v[k], side);
      return v;
    }
    switch (t) {
      case "u": return undefined;
      case "n": return v.v === "-0" ? -0 : Number(v.v);
      case "i": return BigInt(v.v);
      case "s": return side[v.i];
      case "d": return new RealDate(v.v === "NaN" ? NaN : v.v);
      case "b": {
        const buf = side[v.i];
        if (v.k === "ArrayBuffer") return buf;
        if (v.k === "DataView") return new DataView(buf);
        const View = VIEWS[v.k] || Uint8Array;
        return new View(buf);
      }
      case "m": return new Map(revive(v.v, side));
      case "S": return new Set(revive(v.v, side));
      case "e": { const e = new Error(v.message); if (v.name !== "Error") hide(e, "name", v.name); return e; }
      case "r": return new RegExp(v.source, v.flags);
      case "o": return fromEntries(revive(v.v, side));
      default: return v;
    }
  }
  function decode(json, tagged, side) {
    const v = jsonParse(json).v;
    return tagged ? revive(v, side) : v;
  }

  return { encode, decode };
});
