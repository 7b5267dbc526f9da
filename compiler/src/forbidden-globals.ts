// Owns the list of globals a guest module may not reach for: host capabilities (process, require, fetch…),
// code generation (eval, Function), timers the sandbox provides differently, and browser/worker globals.
// A free reference to one of these in bundled output refuses the module unless it is a guarded feature test.

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

/** Names through which code reaches the global object itself (`globalThis.eval` is `eval`). */
export const GLOBAL_OBJECT_NAMES = ["globalThis"] as const;

const SET: ReadonlySet<string> = new Set(FORBIDDEN_GLOBALS);

export function isForbiddenGlobal(name: string): name is ForbiddenGlobal {
  return SET.has(name);
}
