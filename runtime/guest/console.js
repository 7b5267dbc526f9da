// Capsule guest console, loaded on first use: formats arguments in the guest (like Node's util.inspect, smaller)
// and hands each line to the host, which keeps and limits them. Completion value: a factory taking { hostLog }.
(function (powers) {
  "use strict";
  const O = Object;
  const { defineProperty, freeze } = O;
  const RealDate = Date;
  const hostLog = powers.hostLog;
  const hide = (obj, name, value) => defineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  const show = (v, depth, seen) => {
    switch (typeof v) {
      case "string": return depth === 0 ? v : JSON.stringify(v);
      case "function": return "[Function" + (v.name ? ": " + v.name : " (anonymous)") + "]";
      case "bigint": return v + "n";
      case "symbol": return v.toString();
      case "object": break;
      default: return O.is(v, -0) ? "-0" : String(v);
    }
    if (v === null) return "null";
    if (v instanceof Error) return v.stack ? v.name + ": " + v.message + "\n" + v.stack.replace(/\n$/, "") : v.name + ": " + v.message;
    if (v instanceof RealDate) return v.getTime() === v.getTime() ? v.toISOString() : "Invalid Date";
    if (v instanceof RegExp) return String(v);
    if (seen.includes(v)) return "[Circular]";
    if (depth > 3) return Array.isArray(v) ? "[Array]" : "[Object]";
    seen = seen.concat([v]);
    const inner = (x) => show(x, depth + 1, seen);
    if (Array.isArray(v)) return "[ " + v.slice(0, 100).map(inner).join(", ") + (v.length > 100 ? ", ... " + (v.length - 100) + " more items" : "") + " ]";
    if (v instanceof Map) return "Map(" + v.size + ") { " + Array.from(v).slice(0, 100).map(([k, x]) => inner(k) + " => " + inner(x)).join(", ") + " }";
    if (v instanceof Set) return "Set(" + v.size + ") { " + Array.from(v).slice(0, 100).map(inner).join(", ") + " }";
    if (ArrayBuffer.isView(v)) return (v.constructor && v.constructor.name) + "(" + v.length + ") [ " + Array.prototype.slice.call(v, 0, 100).join(", ") + (v.length > 100 ? ", ..." : "") + " ]";
    if (typeof v.then === "function") return "Promise { <pending> }";
    const keys = O.keys(v);
    const body = keys.slice(0, 100).map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)) + ": " + inner(v[k])).join(", ");
    return keys.length ? "{ " + body + " }" : "{}";
  };
  const format = (args) => {
    let out = "";
    for (let i = 0; i < args.length; i++) out += (i ? " " : "") + show(args[i], 0, []);
    return out;
  };
  const consoleObject = {};
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    hide(consoleObject, level, function () { hostLog(level, format(arguments)); });
  }
  hide(consoleObject, "trace", function () { hostLog("debug", format(arguments)); });
  hide(consoleObject, "assert", function (ok) { if (!ok) hostLog("error", "Assertion failed" + (arguments.length > 1 ? ": " + format(Array.prototype.slice.call(arguments, 1)) : "")); });
  hide(consoleObject, "table", function (data) { hostLog("log", format([data])); });
  hide(consoleObject, "dir", function (data) { hostLog("log", format([data])); });
  return { console: freeze(consoleObject) };

});
