// Capsule guest console, loaded into every engine template before any guest or pack code runs: formats arguments in
// the guest (like Node's util.inspect, smaller) and hands each line to the host, which keeps and limits them.
// Completion value: a factory taking { hostLog }.
// Refuses to hand guest code any of its machinery: the built-ins it uses are captured at load and called uncurried,
// so a guest that replaces Array.prototype.map or JSON.stringify changes no line and receives no internal function.
(function (powers) {
  "use strict";
  const O = Object;
  const { defineProperty, freeze, keys } = O;
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const isArray = Array.isArray, isView = ArrayBuffer.isView, jsonStringify = JSON.stringify, objectIs = O.is;
  const RealString = String, RealDate = Date, RealError = Error, RealRegExp = RegExp, RealMap = Map, RealSet = Set;
  const dateGetTime = uncurry(Date.prototype.getTime), dateToISO = uncurry(Date.prototype.toISOString);
  const regexpToString = uncurry(RegExp.prototype.toString), symbolToString = uncurry(Symbol.prototype.toString);
  const mapForEach = uncurry(Map.prototype.forEach), setForEach = uncurry(Set.prototype.forEach);
  const mapSize = uncurry(O.getOwnPropertyDescriptor(Map.prototype, "size").get), setSize = uncurry(O.getOwnPropertyDescriptor(Set.prototype, "size").get);
  const viewTag = uncurry(O.getOwnPropertyDescriptor(O.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get);
  const charCodeAt = uncurry(String.prototype.charCodeAt), stringSlice = uncurry(String.prototype.slice);
  const hasOwn = uncurry(O.prototype.hasOwnProperty);
  const hostLog = powers.hostLog;
  const MAX_ITEMS = 100;
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  const isIdentifier = (k) => {
    if (k.length === 0) return false;
    for (let i = 0; i < k.length; i++) {
      const c = charCodeAt(k, i);
      const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
      if (!letter && !(i > 0 && c >= 48 && c <= 57)) return false;
    }
    return true;
  };
  const contains = (list, v) => {
    for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
    return false;
  };
  /** Joins the first MAX_ITEMS texts that `each(visit)` produces. */
  const listOf = (each) => {
    let out = "", count = 0;
    each((text) => {
      if (count < MAX_ITEMS) out += (count ? ", " : "") + text;
      count++;
    });
    return out;
  };
  const show = (v, depth, seen) => {
    switch (typeof v) {
      case "string": return depth === 0 ? v : jsonStringify(v);
      case "function": return "[Function" + (v.name ? ": " + v.name : " (anonymous)") + "]";
      case "bigint": return v + "n";
      case "symbol": return symbolToString(v);
      case "object": break;
      default: return objectIs(v, -0) ? "-0" : RealString(v);
    }
    if (v === null) return "null";
    if (v instanceof RealError) {
      if (!v.stack) return v.name + ": " + v.message;
      const stack = RealString(v.stack);
      return v.name + ": " + v.message + "\n" + (charCodeAt(stack, stack.length - 1) === 10 ? stringSlice(stack, 0, -1) : stack);
    }
    if (v instanceof RealDate) { const t = dateGetTime(v); return t === t ? dateToISO(v) : "Invalid Date"; }
    if (v instanceof RealRegExp) return regexpToString(v);
    if (contains(seen, v)) return "[Circular]";
    if (depth > 3) return isArray(v) ? "[Array]" : "[Object]";
    const next = [];
    for (let i = 0; i <= seen.length; i++) defineProperty(next, i, { value: i < seen.length ? seen[i] : v, writable: true, enumerable: true, configurable: true });
    const at = (x) => show(x, depth + 1, next);
    if (isArray(v)) {
      let out = "";
      // A hole shows as nothing, as the slice-map-join this replaces showed it.
      for (let i = 0; i < v.length && i < MAX_ITEMS; i++) out += (i ? ", " : "") + (hasOwn(v, i) ? at(v[i]) : "");
      return "[ " + out + (v.length > MAX_ITEMS ? ", ... " + (v.length - MAX_ITEMS) + " more items" : "") + " ]";
    }
    if (v instanceof RealMap) return "Map(" + mapSize(v) + ") { " + listOf((visit) => mapForEach(v, (x, k) => visit(at(k) + " => " + at(x)))) + " }";
    if (v instanceof RealSet) return "Set(" + setSize(v) + ") { " + listOf((visit) => setForEach(v, (x) => visit(at(x)))) + " }";
    if (isView(v)) {
      const tag = viewTag(v);
      if (tag !== undefined) {
        let out = "";
        for (let i = 0; i < v.length && i < MAX_ITEMS; i++) out += (i ? ", " : "") + RealString(v[i]);
        return tag + "(" + v.length + ") [ " + out + (v.length > MAX_ITEMS ? ", ..." : "") + " ]";
      }
    }
    if (typeof v.then === "function") return "Promise { <pending> }";
    const names = keys(v);
    let body = "";
    for (let i = 0; i < names.length && i < MAX_ITEMS; i++) {
      const k = names[i];
      body += (i ? ", " : "") + (isIdentifier(k) ? k : jsonStringify(k)) + ": " + at(v[k]);
    }
    return names.length ? "{ " + body + " }" : "{}";
  };
  const RealNumber = Number, parseIntFn = parseInt, parseFloatFn = parseFloat;
  /** Node's format specifiers in a first string argument: %s %d %i %f %j %o %O %c and %%. */
  const substitute = (text, args) => {
    let out = "", next = 1;
    for (let i = 0; i < text.length; i++) {
      const c = charCodeAt(text, i);
      if (c !== 37 || i + 1 >= text.length) { out += text[i]; continue; }
      const spec = text[i + 1];
      if (spec === "%") { out += "%"; i++; continue; }
      if (next >= args.length || !isSpec(spec)) { out += text[i]; continue; }
      const v = args[next++];
      i++;
      if (spec === "s") out += typeof v === "string" ? v : typeof v === "object" && v !== null ? show(v, 1, []) : show(v, 0, []);
      else if (spec === "d") out += typeof v === "bigint" ? v + "n" : show(RealNumber(v), 0, []);
      else if (spec === "i") out += typeof v === "bigint" ? v + "n" : show(parseIntFn(v), 0, []);
      else if (spec === "f") out += show(parseFloatFn(v), 0, []);
      else if (spec === "j") { try { out += jsonStringify(v); } catch { out += "[Circular]"; } }
      else if (spec === "o" || spec === "O") out += show(v, 1, []);
      // %c takes a CSS string: there is nothing to style here.
    }
    return { text: out, used: next };
  };
  const isSpec = (c) => c === "s" || c === "d" || c === "i" || c === "f" || c === "j" || c === "o" || c === "O" || c === "c";
  const format = (args) => {
    let out = "", from = 0;
    if (typeof args[0] === "string" && args.length > 1) {
      const done = substitute(args[0], args);
      out = done.text;
      from = done.used;
    }
    for (let i = from; i < args.length; i++) out += (out || i > from ? " " : "") + show(args[i], 0, []);
    return out;
  };
  const consoleObject = {};
  const levels = ["log", "info", "warn", "error", "debug"];
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    hide(consoleObject, level, function () { hostLog(level, format(arguments)); });
  }
  hide(consoleObject, "trace", function () { hostLog("debug", format(arguments)); });
  hide(consoleObject, "assert", function (ok) {
    if (ok) return;
    const rest = [];
    for (let i = 1; i < arguments.length; i++) defineProperty(rest, i - 1, { value: arguments[i], writable: true, enumerable: true, configurable: true });
    hostLog("error", "Assertion failed" + (rest.length ? ": " + format(rest) : ""));
  });
  hide(consoleObject, "table", function (data) { hostLog("log", format([data])); });
  hide(consoleObject, "dir", function (data) { hostLog("log", format([data])); });
  return { console: freeze(consoleObject) };
});
