// Capsule guest codec, loaded into every engine template before any guest or pack code runs: the guest half of the
// crossing format (the host half is runtime/src/codec.ts). Values become one JSON string with tagged objects
// {"\u0000": tag} for what JSON cannot say, plus a sidecar of ArrayBuffers and big strings. Completion value: a
// factory taking { bigString }.
// Refuses to let guest code reach its machinery: every built-in it uses is captured here, at load (a guest that
// replaces Array.prototype.map, Function.prototype.call, JSON or a getter later changes nothing), it walks no
// iterator and reads no live method, and a tag counts only if this encode made it (a WeakSet, not a prototype), so
// a forged tag is encoded as the plain object it is. A guest that froze the builtin prototypes (so no hook can be
// installed) is encoded by brand checks instead (brandTag), never refused.
(function (powers) {
  "use strict";
  const O = Object;
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const { getPrototypeOf, defineProperty, getOwnPropertyDescriptor, keys, create, freeze } = O;
  const hasOwn = uncurry(O.prototype.hasOwnProperty);
  const jsonStringify = JSON.stringify, jsonParse = JSON.parse, isArray = Array.isArray, isView = ArrayBuffer.isView;
  const RealString = String, RealNumber = Number, RealBigInt = BigInt, RealDate = Date, RealMap = Map, RealSet = Set;
  const RealError = Error, RealRegExp = RegExp, RealDataView = DataView, RealWeakSet = WeakSet, RealWeakMap = WeakMap;
  const weakAdd = uncurry(WeakSet.prototype.add), weakHas = uncurry(WeakSet.prototype.has);
  const weakGet = uncurry(WeakMap.prototype.get), weakSet = uncurry(WeakMap.prototype.set);
  const mapSet = uncurry(Map.prototype.set), setAdd = uncurry(Set.prototype.add);
  const mapForEach = uncurry(Map.prototype.forEach), setForEach = uncurry(Set.prototype.forEach);
  const dateGetTime = uncurry(Date.prototype.getTime);
  const bufferSlice = uncurry(ArrayBuffer.prototype.slice);
  const getter = (proto, name) => uncurry(getOwnPropertyDescriptor(proto, name).get);
  const TypedArrayProto = getPrototypeOf(Uint8Array.prototype);
  const viewBuffer = getter(TypedArrayProto, "buffer"), viewOffset = getter(TypedArrayProto, "byteOffset"), viewLength = getter(TypedArrayProto, "byteLength");
  const viewTag = getter(TypedArrayProto, Symbol.toStringTag);
  const dvBuffer = getter(DataView.prototype, "buffer"), dvOffset = getter(DataView.prototype, "byteOffset"), dvLength = getter(DataView.prototype, "byteLength");
  const regexpSource = getter(RegExp.prototype, "source"), regexpFlags = getter(RegExp.prototype, "flags");
  const mapSize = getter(Map.prototype, "size"), setSize = getter(Set.prototype, "size");
  const objectTag = uncurry(O.prototype.toString);
  // A big string skips JSON escaping only when it is well formed: the sidecar reads it as UTF-8, where a lone surrogate
  // became three U+FFFD; escaped in the JSON it crosses exact. Without isWellFormed every big string is escaped.
  const wellFormed = typeof String.prototype.isWellFormed === "function" ? uncurry(String.prototype.isWellFormed) : () => false;
  const TAG = "\u0000";
  const BIG_STRING = powers.bigString;
  const VIEWS = freeze(O.assign(create(null), { Uint8Array, Int8Array, Uint8ClampedArray, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array }));
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  const own = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: true });
  const push = (array, value) => defineProperty(array, array.length, { value, writable: true, configurable: true, enumerable: true });

  // Objects JSON cannot say carry a toJSON hook while encode runs, so the replacer only ever looks at the value itself
  // (reading this[key] for every value doubles the cost of encoding in QuickJS). Each hook brand-checks its receiver
  // through a captured getter, so it makes a tag only for a real Date, view, Map, …
  /**
   * True for an array of primitives JSON says exactly (finite numbers other than -0, short strings, booleans, null)
   * with no toJSON in reach: then no hook, tag or replacer can change the text, and encoding skips installing the
   * eight prototype hooks (~15 µs in QuickJS; most host calls pass a few ids or strings).
   */
  function plainPrimitives(value) {
    if (!isArray(value) || "toJSON" in value) return false;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      const t = typeof v;
      if (t === "string") { if (v.length >= BIG_STRING) return false; }
      else if (t === "number") { if (!(v - v === 0 && (v !== 0 || 1 / v > 0))) return false; }
      else if (t !== "boolean" && v !== null) return false;
    }
    return true;
  }

  // The encode in progress. Encodes nest: a guest getter read while a value is encoded may call a host function,
  // whose arguments are encoded then. The hooks and the replacer are made once, at load, and work on this state.
  let cur;
  const tag = (t, a, b, c) => {
    if (cur === undefined) throw new TypeError("no value is being encoded");
    cur.tagged = true;
    const made = create(null);
    own(made, TAG, t);
    if (a !== undefined) own(made, a[0], a[1]);
    if (b !== undefined) own(made, b[0], b[1]);
    if (c !== undefined) own(made, c[0], c[1]);
    weakAdd(cur.tags, made);
    // Frozen: a guest that gets hold of a tag (calling a hook it read off a prototype mid-encode) cannot change it.
    return freeze(made);
  };
  const bytes = (kind, buffer) => {
    const side = cur.side;
    push(side, buffer);
    return tag("b", ["k", kind], ["i", side.length - 1]);
  };
  // A container that crosses as its entries (a Map, a Set, an object owning a "\u0000" key) has one tag per encode,
  // however often it is met: a container that holds itself then meets its own tag again inside it, and JSON.stringify
  // refuses that cycle as it refuses a plain object's. A fresh tag at every meeting was walked until the stack or the
  // CPU limit ran out.
  const once = (container, make) => {
    const made = cur.containers === undefined ? (cur.containers = new RealWeakMap()) : cur.containers;
    let t = weakGet(made, container);
    if (t === undefined) weakSet(made, container, (t = make(container)));
    return t;
  };
  const entriesOf = (collection, forEach) => {
    const out = [];
    forEach(collection, (v, k) => push(out, forEach === mapForEach ? [k, v] : v));
    return out;
  };
  // The crossing form of each kind JSON cannot say, for a receiver already known (or brand-checked) to be one; the
  // captured getters throw for a fake receiver. Shared by the toJSON hooks and the hook-less path (brandTag).
  const as = freeze({
    date: (d) => { const t = dateGetTime(d); return tag("d", ["v", t === t ? t : "NaN"]); },
    view: (v) => { const kind = viewTag(v), buffer = viewBuffer(v), at = viewOffset(v); return bytes(VIEWS[kind] ? kind : "Uint8Array", bufferSlice(buffer, at, at + viewLength(v))); },
    dataView: (v) => { const buffer = dvBuffer(v), at = dvOffset(v); return bytes("DataView", bufferSlice(buffer, at, at + dvLength(v))); },
    buffer: (b) => bytes("ArrayBuffer", bufferSlice(b, 0)),
    map: (m) => once(m, () => tag("m", ["v", entriesOf(m, mapForEach)])),
    set: (c) => once(c, () => tag("S", ["v", entriesOf(c, setForEach)])),
    error: (e) => tag("e", ["name", RealString(e.name)], ["message", RealString(e.message)]),
    regexp: (r) => tag("r", ["source", regexpSource(r)], ["flags", regexpFlags(r)]),
  });
  const HOOKS = freeze([
    [RealDate.prototype, function () { return as.date(this); }, "Date"],
    [TypedArrayProto, function () { return as.view(this); }, "TypedArray"],
    [DataView.prototype, function () { return as.dataView(this); }, "DataView"],
    [ArrayBuffer.prototype, function () { return as.buffer(this); }, "ArrayBuffer"],
    [RealMap.prototype, function () { return as.map(this); }, "Map"],
    [RealSet.prototype, function () { return as.set(this); }, "Set"],
    [RealError.prototype, function () { return as.error(this); }, "Error"],
    [RealRegExp.prototype, function () { return as.regexp(this); }, "RegExp"],
  ]);
  const plain = function (key, v) {
    // A "\u0000" key is read here only inside a tag this encode made, or inside an object that owns one and crosses as
    // its entries: any other holder answered "no such key" when it was looked at and has one now (a Proxy or getter
    // that answers differently when read again), which would forge a tag. Undefined is dropped, as JSON drops it.
    if (key === TAG && !weakHas(cur.tags, this)) {
      if (v === undefined) return undefined;
      throw new TypeError('a value changed while it was encoded for the host: an object showed a "\\u0000" key it did not have when it was first read (a Proxy or getter that answers differently each time); pass plain data');
    }
    const t = typeof v;
    if (t === "string") {
      if (v.length < BIG_STRING || !wellFormed(v)) return v;
      const side = cur.side;
      push(side, v);
      return tag("s", ["i", side.length - 1]);
    }
    if (t === "number") {
      if (v !== 0 ? v - v === 0 : 1 / v > 0) return v;
      return tag("n", ["v", v === 0 ? "-0" : RealString(v)]);
    }
    if (t === "object") {
      // An array's JSON is at least two characters an element: a length alone can say it cannot fit (length = 1e8).
      if (cur.max !== Infinity && isArray(v) && v.length * 2 > cur.max) throw TOO_LARGE;
      // Most objects have no "\u0000" key: one missed lookup passes them before any WeakSet call (~3% of an encode).
      if (v === null || v[TAG] === undefined || weakHas(cur.tags, v)) return v;
      // A guest object that owns a "\u0000" key (a forged tag among them) crosses as its entries.
      if (!isArray(v) && hasOwn(v, TAG)) return once(v, () => tag("o", ["v", entriesOfObject(v)]));
      return v;
    }
    if (t === "undefined") {
      // Each undefined or hole is a 15-byte tag: counted, so a result of a million holes stops at the result limit
      // instead of spending the run's CPU encoding 15 MB it cannot return.
      if ((cur.size += 15) > cur.max) throw TOO_LARGE;
      return tag("u");
    }
    if (t === "bigint") return tag("i", ["v", RealString(v)]);
    return v; // functions and symbols: JSON's rule (dropped from objects, null in arrays)
  };
  // Without hooks (builtin prototypes frozen): each value's own brand is checked, and a Date is found in its holder.
  const plainOn = uncurry(plain);
  const branded = function (key, v) {
    const raw = this[key];
    if (raw !== v && typeof raw === "object" && raw !== null && objectTag(raw) === "[object Date]") return as.date(raw);
    if (typeof v === "object" && v !== null && !weakHas(cur.tags, v)) {
      const tagged = brandTag(v, as);
      if (tagged !== undefined) return tagged;
    }
    return plainOn(this, key, v);
  };

  // Thrown (and caught by encode) when the value cannot fit `max` bytes: encode then answers [undefined, false, undefined, true].
  const TOO_LARGE = freeze(create(null));
  function encode(value, max) {
    // The wrapper has no prototype: a toJSON the guest put on Object.prototype applies to its own objects, as in
    // JSON.stringify(value), and never to this wrapper (which would replace the whole value).
    const wrapper = create(null);
    wrapper.v = value;
    if (plainPrimitives(value)) return [jsonStringify(wrapper), false, undefined];
    const outer = cur;
    const state = (cur = { side: [], tags: new RealWeakSet(), tagged: false, containers: undefined, size: 0, max: typeof max === "number" ? max : Infinity });
    // No sidecar is passed as undefined: the host then reads no array (runtime/src/crossing.ts readEncoded).
    const done = (json) => [json, state.tagged, state.side.length ? state.side : undefined];
    // No prototype: an index setter the guest put on Array.prototype never sees the descriptors.
    const saved = create(null);
    let installed = 0;
    try {
      try {
        for (; installed < HOOKS.length; installed++) {
          const proto = HOOKS[installed][0];
          saved[installed] = getOwnPropertyDescriptor(proto, "toJSON");
          defineProperty(proto, "toJSON", { value: HOOKS[installed][1], configurable: true, writable: true });
        }
      } catch {
        // The guest froze, sealed or made non-extensible a builtin prototype (SES-style hardening does): no hook can
        // be installed, so each value's own brand is checked instead (slower: a read of the holder and a brand test
        // per value), never refused.
        restore(saved, installed);
        return done(jsonStringify(wrapper, branded));
      }
      try {
        return done(jsonStringify(wrapper, plain));
      } finally {
        restore(saved, HOOKS.length);
      }
    } catch (error) {
      if (error === TOO_LARGE) return [undefined, false, undefined, true];
      throw error;
    } finally {
      cur = outer;
    }
  }
  /**
   * The tag of a Date, view, buffer, Map, Set, Error or RegExp `v` without hooks, or undefined for anything else. The
   * string tag only picks the check; the captured brand getter decides (a forged Symbol.toStringTag throws there, as a
   * fake receiver throws in a hook).
   */
  function brandTag(v, as) {
    switch (objectTag(v)) {
      case "[object Object]": case "[object Array]": return undefined;
      case "[object Date]": return as.date(v);
      case "[object DataView]": return as.dataView(v);
      case "[object ArrayBuffer]": return as.buffer(v);
      case "[object Map]": mapSize(v); return as.map(v);
      case "[object Set]": setSize(v); return as.set(v);
      case "[object RegExp]": return as.regexp(v);
    }
    if (isView(v)) return as.view(v);
    if (v instanceof RealError) return as.error(v);
    return undefined;
  }
  /**
   * Puts back what each prototype's toJSON was. Each one on its own: a guest that froze one of them while the value
   * was encoded (a getter can) keeps the hook there, and every other prototype is still restored; then the encode
   * fails with a TypeError that says why, instead of the engine's "could not delete property".
   */
  function restore(saved, count) {
    let stuck;
    for (let i = 0; i < count; i++) {
      const proto = HOOKS[i][0];
      try {
        if (saved[i]) defineProperty(proto, "toJSON", saved[i]);
        else delete proto.toJSON;
      } catch {
        if (stuck === undefined) stuck = HOOKS[i][2];
      }
    }
    if (stuck !== undefined) {
      throw new TypeError(`${stuck}.prototype was frozen, sealed or made non-extensible while a value was being encoded for the host; change built-in prototypes before calling a host function or returning, not from inside a getter or toJSON`);
    }
  }
  function entriesOfObject(v) {
    const names = keys(v);
    const out = [];
    for (let i = 0; i < names.length; i++) push(out, [names[i], v[names[i]]]);
    return out;
  }

  // Children before their parents, without recursion (a host answer nested a few thousand deep overflowed the guest's
  // stack in a recursive walk): every container's slots are listed in pre-order, then each tagged slot is replaced
  // walking that list backwards, so a tag's contents (a Map's pairs) are rebuilt before the tag itself.
  function revive(value, side) {
    const holder = { v: value };
    const parents = [holder], names = ["v"];
    for (let i = 0; i < parents.length; i++) {
      const v = parents[i][names[i]];
      if (typeof v !== "object" || v === null) continue;
      if (isArray(v)) {
        for (let j = 0; j < v.length; j++) { push(parents, v); push(names, j); }
        continue;
      }
      const t = hasOwn(v, TAG) ? v[TAG] : undefined;
      if (t === undefined) {
        const ks = keys(v);
        for (let j = 0; j < ks.length; j++) { push(parents, v); push(names, ks[j]); }
      } else if (t === "m" || t === "S" || t === "o") { push(parents, v); push(names, "v"); }
    }
    for (let i = parents.length - 1; i >= 0; i--) {
      const parent = parents[i], v = parent[names[i]];
      if (typeof v !== "object" || v === null || isArray(v) || !hasOwn(v, TAG)) continue;
      if (isArray(parent)) parent[names[i]] = fromTag(v, side);
      else own(parent, names[i], fromTag(v, side));
    }
    return holder.v;
  }
  function fromTag(v, side) {
    switch (v[TAG]) {
      case "u": return undefined;
      case "n": return v.v === "-0" ? -0 : RealNumber(v.v);
      case "i": return RealBigInt(v.v);
      case "s": return side[v.i];
      case "d": return new RealDate(v.v === "NaN" ? NaN : v.v);
      case "b": {
        const buf = side[v.i];
        if (v.k === "ArrayBuffer") return buf;
        if (v.k === "DataView") return new RealDataView(buf);
        return new (VIEWS[v.k] || VIEWS.Uint8Array)(buf);
      }
      case "m": {
        const map = new RealMap(), pairs = v.v;
        for (let i = 0; i < pairs.length; i++) mapSet(map, pairs[i][0], pairs[i][1]);
        return map;
      }
      case "S": {
        const set = new RealSet(), items = v.v;
        for (let i = 0; i < items.length; i++) setAdd(set, items[i]);
        return set;
      }
      case "e": { const e = new RealError(v.message); if (v.name !== "Error") hide(e, "name", v.name); return e; }
      case "r": return new RealRegExp(v.source, v.flags);
      case "o": {
        const out = {}, pairs = v.v;
        for (let i = 0; i < pairs.length; i++) own(out, pairs[i][0], pairs[i][1]);
        return out;
      }
      default: return v;
    }
  }
  function decode(json, tagged, side) {
    const v = jsonParse(json).v;
    return tagged ? revive(v, side) : v;
  }

  return { encode, decode };
});
