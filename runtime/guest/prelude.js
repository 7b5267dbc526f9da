// Capsule guest prelude: evaluated once per engine template (then restored from a memory snapshot for every run),
// or once per run where snapshots are unavailable; either way before any guest code.
// Owns the guest surface: refuses code generation, pins Date and Math.random to the run's clock and seed,
// installs lazy globals (console, TextEncoder, Intl, ... in their own files) and host-function namespaces.
// Its completion value is a setup function returning { configure, encode, decode, settle, fail, preload, ... }:
// configure(now, seed, targets) is called at the start of each run; settle/fail answer a host call's promise.
(function (bigString, hostCall, hostLog, lazyLoad, bridgeCall) {
  "use strict";
  // Every built-in the wrappers below use is captured here, before any guest or pack code runs: a guest (or a pack
  // evaluated into a template) that later replaces Array.prototype.slice, Function.prototype.call or apply, JSON or
  // Reflect reaches nothing of the machinery. No wrapper walks an iterator or reads a method off a guest value.
  const G = globalThis;
  const O = Object;
  const { defineProperty, getPrototypeOf, freeze, keys, create } = O;
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const arraySlice = uncurry(Array.prototype.slice);
  const arrayConcat = Array.prototype.concat;
  const SPREADABLE = Symbol.isConcatSpreadable;
  /** A data property's descriptor with no prototype (no getter a guest put on Object.prototype is read). */
  const fixed = (value, open) => {
    const d = create(null);
    d.value = value;
    d.writable = open;
    d.enumerable = open;
    d.configurable = open;
    return d;
  };
  const reflectApply = Reflect.apply, reflectConstruct = Reflect.construct;
  const jsonParse = JSON.parse, jsonStringify = JSON.stringify;
  const RealString = String;
  const promiseReject = Promise.reject.bind(Promise);
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  /** Gives a replacement built-in its standard name and length (as the spec defines them: configurable, not writable). */
  const shape = (fn, name, length) => {
    defineProperty(fn, "name", { value: name, writable: false, enumerable: false, configurable: true });
    defineProperty(fn, "length", { value: length, writable: false, enumerable: false, configurable: true });
    return fn;
  };
  /** A function that is not a constructor (methods are not), like the built-ins it replaces. */
  const method = (name, length, body) => shape({ [name](...args) { return reflectApply(body, this, args); } }[name], name, length);

  // ---- code generation: eval, Function and the async/generator function constructors
  const refused = (what) => shape(function () {
    throw new EvalError(what + " is refused in the sandbox: code generation from strings is disabled");
  }, what, 1);
  delete G.eval;
  // Shared memory and GC-observing objects: no use without threads, and a source of nondeterminism.
  delete G.SharedArrayBuffer;
  delete G.WeakRef;
  delete G.FinalizationRegistry;
  for (const sample of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    const proto = getPrototypeOf(sample);
    const thrower = refused(proto === Function.prototype ? "Function" : proto.constructor.name || "Function");
    defineProperty(thrower, "prototype", { value: proto, writable: false, enumerable: false, configurable: false });
    defineProperty(proto, "constructor", { value: thrower, writable: false, configurable: false, enumerable: false });
    if (proto === Function.prototype) hide(G, "Function", thrower);
  }

  // ---- errors: QuickJS reports stack overflow as InternalError; the guest sees a catchable RangeError
  const InternalErrorCtor = G.InternalError;
  if (InternalErrorCtor) {
    O.setPrototypeOf(InternalErrorCtor.prototype, RangeError.prototype);
    hide(InternalErrorCtor.prototype, "name", "RangeError");
    delete G.InternalError;
  }

  // ---- deterministic clock: starts at the run's now; every read returns it and advances it by 1 ms
  const RealDate = Date;
  let clock = 0;
  const tick = () => clock++;
  const dateToString = uncurry(RealDate.prototype.toString);
  // Reflect.construct with new.target takes a subclass's prototype — or Date.prototype when it is not an object.
  const CapsuleDate = shape(function Date(...args) {
    if (!new.target) return dateToString(new RealDate(tick()));
    return reflectConstruct(RealDate, args.length === 0 ? [tick()] : args, new.target === CapsuleDate ? RealDate : new.target);
  }, "Date", 7);
  defineProperty(CapsuleDate, "prototype", { value: RealDate.prototype, writable: false, enumerable: false, configurable: false });
  hide(RealDate.prototype, "constructor", CapsuleDate);
  // Method shorthand: like the built-ins, neither is a constructor.
  hide(CapsuleDate, "now", { now() { return tick(); } }.now);
  hide(CapsuleDate, "parse", RealDate.parse);
  hide(CapsuleDate, "UTC", RealDate.UTC);
  hide(G, "Date", CapsuleDate);

  // ---- deterministic Math.random: sfc32 seeded from the run's seed through splitmix32
  let seed = 0;
  const splitmix = () => {
    seed = (seed + 0x9e3779b9) | 0;
    let z = seed;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = 0, b = 0, c = 0, d = 0;
  hide(Math, "random", { random() {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  } }.random);

  // ---- lazy globals: each file is parsed only when a guest first touches what it defines
  // A file that evaluates to a function receives the powers; guestFile lets a file split for size (url.js, intl.js)
  // take one of its parts' values, evaluated once per run, as a global or a later guestFile would see it. The powers
  // live only in this closure and in the files' own: no guest program can reach them (globals.test.ts).
  const loaded = create(null);
  const guestFile = (file) => {
    if (!loaded[file]) {
      const value = lazyLoad(file);
      loaded[file] = typeof value === "function" ? value(powers) : value;
    }
    return loaded[file];
  };
  const powers = freeze({ hostLog, bigString, guestFile });
  const lazyValue = (file, name) => guestFile(file)[name];
  const lazyGlobal = (file, name) => defineProperty(G, name, {
    configurable: true,
    enumerable: false,
    get() { const v = lazyValue(file, name); hide(G, name, v); return v; },
    set(v) { hide(G, name, v); },
  });
  lazyGlobal("console", "console");
  for (const name of ["TextEncoder", "TextDecoder", "atob", "btoa"]) lazyGlobal("text", name);
  lazyGlobal("intl", "Intl");
  lazyGlobal("url", "URL");
  lazyGlobal("url", "URLSearchParams");
  const viaIntl = (name, length, fnName, asString) => method(name, length, function (...args) {
    if (asString && (this === null || this === undefined)) throw new TypeError(`String.prototype.${name} called on null or undefined`);
    const all = [asString ? RealString(this) : this];
    for (let i = 0; i < args.length; i++) defineProperty(all, i + 1, { value: args[i], writable: true, enumerable: true, configurable: true });
    return reflectApply(lazyValue("intl", fnName), undefined, all);
  });
  hide(Number.prototype, "toLocaleString", viaIntl("toLocaleString", 0, "numberToLocaleString"));
  hide(BigInt.prototype, "toLocaleString", viaIntl("toLocaleString", 0, "numberToLocaleString"));
  hide(RealDate.prototype, "toLocaleString", viaIntl("toLocaleString", 0, "dateToLocaleString"));
  hide(RealDate.prototype, "toLocaleDateString", viaIntl("toLocaleDateString", 0, "dateToLocaleDateString"));
  hide(RealDate.prototype, "toLocaleTimeString", viaIntl("toLocaleTimeString", 0, "dateToLocaleTimeString"));
  hide(String.prototype, "localeCompare", viaIntl("localeCompare", 1, "stringLocaleCompare", true));

  const encode = (v, max) => lazyValue("codec", "encode")(v, max);
  const decode = (json, tagged, side) => lazyValue("codec", "decode")(json, tagged, side);

  // ---- legacy RegExp statics (RegExp.$1-$9, lastMatch, …: Annex B's proposal; Node has them, QuickJS does not), for
  // the libraries that read them (showdown). Off by default: enabling routes every match through an exec wrapper. A
  // module or program that mentions them enables them first (the compiler and source.ts add the call); a guest
  // calling the hook itself only gets the same compatibility, nothing more. Updated by each successful match, as in V8.
  const nativeExec = RegExp.prototype.exec, RealRegExp = RegExp;
  const stringSlice = uncurry(String.prototype.slice);
  let legacy;
  const enableLegacyStatics = () => {
    if (legacy) return;
    legacy = { input: "", m: [""], index: 0 };
    hide(RealRegExp.prototype, "exec", shape({ exec(s) {
      const m = reflectApply(nativeExec, this, [s]);
      if (m !== null) legacy = { input: m.input, m, index: m.index };
      return m;
    } }.exec, "exec", 1));
    const part = (v) => (v === undefined ? "" : v);
    const statics = { input: () => legacy.input, lastMatch: () => legacy.m[0], lastParen: () => (legacy.m.length > 1 ? part(legacy.m[legacy.m.length - 1]) : ""),
      leftContext: () => stringSlice(legacy.input, 0, legacy.index), rightContext: () => stringSlice(legacy.input, legacy.index + legacy.m[0].length) };
    const aliases = { input: "$_", lastMatch: "$&", lastParen: "$+", leftContext: "$`", rightContext: "$'" };
    for (let i = 1; i <= 9; i++) statics["$" + i] = () => part(legacy.m[i]);
    const names = keys(statics); // index loops: no wrapper walks an iterator the guest may have replaced
    for (let i = 0; i < names.length; i++) {
      const get = statics[names[i]];
      defineProperty(RealRegExp, names[i], { get, configurable: true, enumerable: false });
      if (aliases[names[i]]) defineProperty(RealRegExp, aliases[names[i]], { get, configurable: true, enumerable: false });
    }
  };
  defineProperty(RealRegExp, Symbol.for("capsule.regexp-legacy-statics"), { value: enableLegacyStatics, configurable: false, enumerable: false, writable: false });

  // ---- replies: a host call answers with its call id, and the guest's promise for it waits here until the host
  // settles it with one call (settle or fail, below) — cheaper than a promise made and settled through the FFI.
  const RealPromise = Promise, RealError = Error;
  const waiting = new Map();
  const mapGet = uncurry(Map.prototype.get), mapSet = uncurry(Map.prototype.set), mapDelete = uncurry(Map.prototype.delete);
  const awaitReply = (id) => new RealPromise((resolve, reject) => { mapSet(waiting, id, { resolve, reject }); });
  const takeWaiting = (id) => {
    const entry = mapGet(waiting, id);
    if (entry !== undefined) mapDelete(waiting, id);
    return entry;
  };

  // ---- host-function namespaces: every call crosses as one encoded copy and returns a promise. The host lists the
  // run's functions as [namespace, name] pairs; a call names its function by its index in that list.
  const install = (targets) => {
    if (targets.length) lazyValue("codec", "encode"); // before guest code can touch JSON or Array
    const namespaces = create(null);
    const order = [];
    for (let k = 0; k < targets.length; k++) {
      const ns = targets[k][0], fn = targets[k][1];
      if (namespaces[ns] === undefined) { namespaces[ns] = {}; order[order.length] = ns; }
      hide(namespaces[ns], fn, {
        [fn]: function () {
          const encoded = encode(arraySlice(arguments));
          return awaitReply(hostCall(k, encoded[0], encoded[1], encoded[2]));
        },
      }[fn]);
    }
    for (let i = 0; i < order.length; i++) hide(G, order[i], freeze(namespaces[order[i]]));
  };

  // ---- the private bridge of host-module facades: their "capsule:bridge" module takes it while modules load,
  // and seal() removes the global before any user code runs. The host half of this contract: runtime/src/bridge.ts.
  // call() always returns a promise (a failure to encode rejects it), so facades need no async wrapper, whose
  // resolution would look up the live Promise.prototype.then.
  // A function in an options object would be dropped by the crossing (JSON's rule), so an option such as csv's
  // transformHeader would silently do nothing: refused by name here, with the host modules' code for it.
  const isArrayAtLoad = Array.isArray, isViewAtLoad = ArrayBuffer.isView;
  const isOptions = (v) => typeof v === "object" && v !== null && !isArrayAtLoad(v) && !isViewAtLoad(v);
  const functionOption = (id, exportName, list) => {
    for (let i = 0; i < list.length; i++) {
      if (!isOptions(list[i])) continue;
      const names = keys(list[i]);
      for (let j = 0; j < names.length; j++) {
        if (typeof list[i][names[j]] !== "function") continue;
        const error = new RealError(`option-function: ${id} ${exportName}: option ${jsonStringify(names[j])} takes a function, and functions do not cross to the host; leave it out and do that work in the guest on the result`);
        defineProperty(error, "name", { value: "HostModuleError", writable: true, configurable: true, enumerable: false });
        return error;
      }
    }
    return undefined;
  };
  hide(G, "__capsule_bridge", freeze({
    call(id, exportName, args) {
      try {
        // Copied index by index: slice would look up the array's constructor (a getter a guest put there).
        const list = [];
        for (let i = 0; i < args.length; i++) defineProperty(list, i, fixed(args[i], true));
        const refused = functionOption(id, exportName, list);
        if (refused !== undefined) return promiseReject(refused);
        const encoded = encode(list);
        return awaitReply(bridgeCall(id, exportName, encoded[0], encoded[1], encoded[2]));
      } catch (error) {
        return promiseReject(error);
      }
    },
  }));

  // ---- the run's inputs: a deep-frozen copy as the global `inputs` (bytes, and the entries of Maps and Sets, stay
  // mutable: a typed array with elements cannot be frozen, nor can a Map's or Set's contents)
  const isView = ArrayBuffer.isView, isArray = Array.isArray, RealMap = Map, RealSet = Set, RealArrayBuffer = ArrayBuffer;
  const mapForEach = uncurry(Map.prototype.forEach), setForEach = uncurry(Set.prototype.forEach);
  const deepFreeze = (v) => {
    if (typeof v !== "object" || v === null || isView(v) || v instanceof RealArrayBuffer) return;
    freeze(v);
    if (v instanceof RealMap) mapForEach(v, (x, k) => { deepFreeze(k); deepFreeze(x); });
    else if (v instanceof RealSet) setForEach(v, deepFreeze);
    else if (isArray(v)) for (let i = 0; i < v.length; i++) deepFreeze(v[i]);
    else { const names = keys(v); for (let i = 0; i < names.length; i++) deepFreeze(v[names[i]]); }
  };

  return {
    provideInputs(value) {
      deepFreeze(value);
      defineProperty(G, "inputs", { value, writable: false, configurable: false, enumerable: false });
    },
    seal() { delete G.__capsule_bridge; },
    // Bytes of a QuickJS memory census (runtime/src/guest-heap.ts): the walk's own total, which counts array buffers'
    // bytes (the per-kind sizes leave them out: a kept 4 MiB Uint8Array added nothing); the per-kind sum where a build
    // has no total.
    census(u) {
      if (typeof u.memory_used_size === "number") return u.memory_used_size;
      return u.atom_size + u.str_size + u.obj_size + u.prop_size + u.shape_size + u.js_func_size +
        u.js_func_code_size + u.js_func_pc2line_size + u.binary_object_size + u.fast_array_elements * 8;
    },
    configure(now, runSeed, targetsJson) {
      clock = now;
      seed = runSeed >>> 0;
      a = splitmix(); b = splitmix(); c = splitmix(); d = splitmix();
      install(jsonParse(targetsJson));
    },
    encode,
    decode,
    // The host's answer to call `id`: resolves its promise with the decoded value (rejects it with what decoding threw).
    // `tagged` 2: `json` is the value itself, already read by the engine from the host's binary form.
    settle(id, json, tagged, side) {
      const entry = takeWaiting(id);
      if (entry === undefined) return;
      let value;
      try {
        value = tagged === 2 ? json : decode(json, tagged, side);
      } catch (error) {
        entry.reject(error);
        return;
      }
      entry.resolve(value);
    },
    // A table's parts, read ahead of its answer (runtime/src/answer-table.ts), joined into its place: the answer itself
    // (key undefined) or its own key. concat copies each part's elements natively; the base's own undefined
    // constructor makes it create a plain array (no species lookup), an own Symbol.isConcatSpreadable on each array
    // spares the lookup on their prototypes, and the descriptors have no prototype: nothing the guest put on a
    // prototype is read.
    join(value, key) {
      const parts = arraySlice(arguments, 2);
      const base = [];
      defineProperty(base, "constructor", fixed(undefined, false));
      defineProperty(base, SPREADABLE, fixed(true, false));
      for (let i = 0; i < parts.length; i++) defineProperty(parts[i], SPREADABLE, fixed(true, false));
      const rows = reflectApply(arrayConcat, base, parts);
      if (key === undefined) return rows;
      defineProperty(value, key, fixed(rows, true));
      return value;
    },
    // The host's refusal of call `id`: rejects its promise with `error` (made by the host, as it always was).
    fail(id, error) {
      const entry = takeWaiting(id);
      if (entry !== undefined) entry.reject(error);
    },
    preload(file, name) { return lazyValue(file, name) !== undefined; },
  };
});
