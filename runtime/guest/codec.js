// Capsule guest codec, loaded on first use: the guest half of the crossing format (the host half is
// runtime/src/codec.ts). Values become one JSON string with tagged objects {"\u0000": tag} for what JSON cannot
// say, plus a sidecar of ArrayBuffers and big strings. Completion value: a factory taking { bigString }.
(function (powers) {
  "use strict";
  const O = Object;
  const { getPrototypeOf, defineProperty, getOwnPropertyDescriptor } = O;
  const TAG = "\u0000";
  const RealDate = Date;
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  // Captured at load, so a guest that replaces these later cannot bend how its data crosses.
  const jsonStringify = JSON.stringify, jsonParse = JSON.parse, arrayFrom = Array.from, isArray = Array.isArray;
  const isView = ArrayBuffer.isView, entries = O.entries, fromEntries = O.fromEntries, hasOwn = O.prototype.hasOwnProperty;
  const BIG_STRING = powers.bigString;
  const VIEWS = { Uint8Array, Int8Array, Uint8ClampedArray, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array };
  // Objects JSON cannot say carry a toJSON hook while encode runs, so the replacer only ever looks at the value
  // itself (reading this[key] for every value doubles the cost of encoding in QuickJS). Tag objects made here have
  // their own prototype, which tells them apart from guest objects that happen to own a "\u0000" key.
  const tagProto = {};
  const makeTag = (fields) => O.assign(O.create(tagProto), fields);
  const TypedArrayProto = getPrototypeOf(Uint8Array.prototype);
  const viewKind = (view) => {
    const ctor = view.constructor;
    return view instanceof DataView ? "DataView" : ctor && VIEWS[ctor.name] === ctor ? ctor.name : "Uint8Array";
  };
  function encode(value) {
    const side = [];
    let tagged = false;
    const tag = (fields) => { tagged = true; return makeTag(fields); };
    const bytes = (kind, buffer) => { side.push(buffer); return tag({ [TAG]: "b", k: kind, i: side.length - 1 }); };
    const hooks = [
      [RealDate.prototype, function () { const t = this.getTime(); return tag({ [TAG]: "d", v: t === t ? t : "NaN" }); }],
      [TypedArrayProto, function () { return bytes(viewKind(this), this.buffer.slice(this.byteOffset, this.byteOffset + this.byteLength)); }],
      [DataView.prototype, function () { return bytes("DataView", this.buffer.slice(this.byteOffset, this.byteOffset + this.byteLength)); }],
      [ArrayBuffer.prototype, function () { return bytes("ArrayBuffer", this.slice(0)); }],
      [Map.prototype, function () { return tag({ [TAG]: "m", v: arrayFrom(this) }); }],
      [Set.prototype, function () { return tag({ [TAG]: "S", v: arrayFrom(this) }); }],
      [Error.prototype, function () { return tag({ [TAG]: "e", name: String(this.name), message: String(this.message) }); }],
      [RegExp.prototype, function () { return tag({ [TAG]: "r", source: this.source, flags: this.flags }); }],
    ];
    const saved = hooks.map(([proto]) => getOwnPropertyDescriptor(proto, "toJSON"));
    try {
      for (const [proto, hook] of hooks) defineProperty(proto, "toJSON", { value: hook, configurable: true, writable: true });
    } catch {
      throw new TypeError("cannot encode: the guest froze a builtin prototype (Date, Map, Set, Error, RegExp or a typed array)");
    }
    try {
      const json = jsonStringify({ v: value }, function (key, v) {
        const t = typeof v;
        if (t === "string") {
          if (v.length < BIG_STRING) return v;
          side.push(v);
          return tag({ [TAG]: "s", i: side.length - 1 });
        }
        if (t === "number") {
          if (v - v === 0 && (v !== 0 || 1 / v > 0)) return v;
          return tag({ [TAG]: "n", v: v === 0 ? "-0" : String(v) });
        }
        if (t === "object") {
          if (v !== null && v[TAG] !== undefined && getPrototypeOf(v) !== tagProto && !isArray(v) && hasOwn.call(v, TAG)) return tag({ [TAG]: "o", v: entries(v) });
          return v;
        }
        if (t === "undefined") return tag({ [TAG]: "u" });
        if (t === "bigint") return tag({ [TAG]: "i", v: String(v) });
        return v; // functions and symbols: JSON's rule (dropped from objects, null in arrays)
      });
      return [json, tagged, side];
    } finally {
      hooks.forEach(([proto], i) => {
        if (saved[i]) defineProperty(proto, "toJSON", saved[i]);
        else delete proto.toJSON;
      });
    }
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
