// Owns the answer to "is this import specifier a Node builtin?": any node: specifier, or a name in
// module.builtinModules with or without a subpath (fs, fs/promises, path/posix, stream/web, …) — but not
// with a bare trailing slash (`string_decoder/`: Node resolves that to the npm package). An npm
// polyfill that shares a builtin's name (events, buffer, util, …) is still treated as the builtin, the
// way Node resolves it; the module is refused rather than silently bundled against a polyfill.
// Also owns the stub a builtin becomes when it is only required optionally (see npm.ts).

import { builtinModules } from "node:module";

const NAMES: ReadonlySet<string> = new Set(builtinModules.map((m) => m.replace(/^node:/, "")));

export function isNodeBuiltin(specifier: string): boolean {
  if (specifier.startsWith("node:")) return true;
  if (NAMES.has(specifier)) return true;
  // `string_decoder/` (trailing slash) is how CommonJS code asks for the npm package of a builtin's name
  const slash = specifier.indexOf("/");
  return slash > 0 && slash < specifier.length - 1 && !specifier.startsWith("@") && NAMES.has(specifier.slice(0, slash));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** esbuild onResolve filter matching every builtin specifier (keeps the plugin off the hot path). */
export const BUILTIN_FILTER = new RegExp(`^(?:node:.*|(?:${[...NAMES].map(escapeRe).join("|")})(?:/.+)?)$`);

/** esbuild namespace of the stub modules that stand in for optionally required builtins. */
export const BUILTIN_STUB_NAMESPACE = "capsule-builtin";

/**
 * Source of the stub module for builtin `name` (CommonJS: `require()` returns it as is). It behaves like the
 * empty object a browser bundler substitutes for a builtin mapped to `false`: every property read gives
 * undefined, so the library's own feature tests (`crypto && crypto.randomBytes`,
 * `typeof util.inherits === "function"`) take their fallback path; writing to it throws a clear Error,
 * and printing it names what it is. A stub whose reads throw was rejected: tweetnacl reads
 * `crypto.randomBytes` at load, outside any try, to pick its random source.
 */
export function builtinStubSource(name: string): string {
  const message = JSON.stringify(`Node builtin "${name}" is not available in the Capsule sandbox`);
  return [
    `var message = ${message};`,
    `var fail = function () { throw new Error(message + " (the module was required optionally and is an empty stub)"); };`,
    `var target = Object.freeze(Object.defineProperty({}, Symbol.toStringTag, { value: message }));`,
    `module.exports = new Proxy(target, { set: fail, defineProperty: fail, deleteProperty: fail, setPrototypeOf: fail });`,
    "",
  ].join("\n");
}

/** Source of a file a package's browser field maps to `false`: an empty CommonJS module. */
export const EMPTY_MODULE_SOURCE = "module.exports = {};\n";
