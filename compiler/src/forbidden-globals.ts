// Owns the list of globals a guest module may not reach for: host capabilities (process, require, fetch…),
// code generation (eval, Function), timers the sandbox provides differently, and browser/worker globals.
// A free reference to one of these in bundled output refuses the module unless it is a guarded feature test.
// Also owns the opposite fact: the standard globals every guest has, with their `typeof`, so the scan can
// tell that `typeof Promise !== "undefined" ? Promise : require("lie")` never takes its second branch.

export const FORBIDDEN_GLOBALS = [
  "process", "Buffer", "require", "module", "exports", "global",
  "eval", "Function",
  "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "queueMicrotask",
  "fetch", "XMLHttpRequest", "WebSocket",
  "window", "document", "navigator", "location", "self", "importScripts",
  "WebAssembly", "SharedArrayBuffer", "Atomics", "crypto",
  "__dirname", "__filename",
] as const;

export type ForbiddenGlobal = (typeof FORBIDDEN_GLOBALS)[number];

/**
 * `typeof` of the standard globals a guest always has (ECMAScript built-ins of QuickJS plus Capsule's
 * surface; a subset of @capsule/runtime's STANDARD_GLOBALS — a test keeps them in step). Dead-branch
 * reasoning only; nothing here is refused or allowed because of this list.
 */
export const GUEST_GLOBAL_TYPEOF: Readonly<Record<string, "function" | "object">> = Object.freeze({
  Object: "function", Function: "function", Array: "function", Number: "function", Boolean: "function", String: "function",
  Symbol: "function", BigInt: "function", Date: "function", RegExp: "function", Error: "function", TypeError: "function",
  RangeError: "function", SyntaxError: "function", Promise: "function", Proxy: "function", Map: "function", Set: "function",
  WeakMap: "function", WeakSet: "function", ArrayBuffer: "function", DataView: "function", Uint8Array: "function",
  Int8Array: "function", Uint8ClampedArray: "function", Uint16Array: "function", Int16Array: "function", Uint32Array: "function",
  Int32Array: "function", Float32Array: "function", Float64Array: "function", BigInt64Array: "function", BigUint64Array: "function",
  TextEncoder: "function", TextDecoder: "function", atob: "function", btoa: "function", parseInt: "function", parseFloat: "function",
  Math: "object", JSON: "object", Reflect: "object", Intl: "object", console: "object",
});

/** Names through which code reaches the global object itself (`globalThis.eval` is `eval`). */
export const GLOBAL_OBJECT_NAMES = ["globalThis"] as const;
