// Owns what the check says when a program reaches for a global the sandbox does not have: the names (the compiler's
// forbidden globals and the values the guest-globals declarations leave out) and, per family, what to do instead.
// Refuses to judge other unknown names: a typo stays TypeScript's "Cannot find name".

import { FORBIDDEN_GLOBALS } from "../forbidden-globals.js";

const FAMILIES: ReadonlyArray<{ names: readonly string[]; instead: string }> = [
  { names: ["require", "module", "exports", "__dirname", "__filename"], instead: "there is no CommonJS: import packs with a static `import` declaration" },
  { names: ["setTimeout", "setInterval", "setImmediate", "clearTimeout", "clearInterval", "clearImmediate", "queueMicrotask"], instead: "there are no timers: await host functions (`await null` yields a turn)" },
  { names: ["process", "Buffer", "global", "performance"], instead: "there is no Node.js API: the run's inputs come from host functions, bytes are Uint8Array" },
  { names: ["fetch", "XMLHttpRequest", "WebSocket"], instead: "there is no network: the host can offer a host function or a host module" },
  { names: ["window", "document", "navigator", "location", "self", "importScripts"], instead: "the sandbox is not a browser: globalThis is the global object" },
  { names: ["eval"], instead: "code generation from strings is refused" },
  { names: ["WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics"], instead: "removed from the guest: garbage collection and shared memory would make runs nondeterministic" },
  { names: ["WebAssembly", "crypto"], instead: "WebAssembly and crypto reach the guest only as host or wasm modules of a pack" },
];

const INSTEAD = new Map(FAMILIES.flatMap((f) => f.names.map((n) => [n, f.instead] as const)));

/** Every name the check reports as missing: each family above, and every forbidden global but Function (it exists, and throws). */
export const MISSING_GLOBALS: ReadonlySet<string> = new Set([...INSTEAD.keys(), ...FORBIDDEN_GLOBALS.filter((n) => n !== "Function")]);

/** The message for a missing global, or undefined for a name the check does not know as one. */
export function missingGlobalMessage(name: string): string | undefined {
  if (!MISSING_GLOBALS.has(name)) return undefined;
  return `\`${name}\` does not exist in the sandbox${INSTEAD.has(name) ? `; ${INSTEAD.get(name)}` : ""}`;
}
