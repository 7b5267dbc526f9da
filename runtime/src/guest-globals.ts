// Owns the list of global names a guest sees before host namespaces are added: QuickJS's standard library
// minus what is refused (eval, SharedArrayBuffer, WeakRef, FinalizationRegistry, InternalError), plus the
// surface Capsule adds. Host namespaces may not shadow any of these.

export const STANDARD_GLOBALS: readonly string[] = Object.freeze([
  "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "AggregateError",
  "Array", "Object", "Function", "Iterator", "parseInt", "parseFloat", "isNaN", "isFinite", "decodeURI",
  "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape", "Infinity", "NaN", "undefined",
  "Number", "Boolean", "String", "Math", "Reflect", "Symbol", "globalThis", "BigInt", "Date", "RegExp", "JSON",
  "Proxy", "Map", "Set", "WeakMap", "WeakSet", "ArrayBuffer", "Uint8ClampedArray", "Int8Array", "Uint8Array",
  "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "BigInt64Array", "BigUint64Array", "Float16Array",
  "Float32Array", "Float64Array", "DataView", "Promise",
  // Capsule's surface
  "console", "TextEncoder", "TextDecoder", "atob", "btoa", "Intl", "URL", "URLSearchParams",
]);

/** Names that are refused as globals and may not come back as host namespaces either. */
export const REFUSED_GLOBALS: readonly string[] = Object.freeze([
  "eval", "InternalError", "SharedArrayBuffer", "WeakRef", "FinalizationRegistry", "Atomics", "WebAssembly",
  "process", "require", "module", "exports", "Buffer", "global", "window", "self", "fetch", "WebSocket",
  "XMLHttpRequest", "crypto", "setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval",
  "clearImmediate", "queueMicrotask", "importScripts", "performance",
]);
