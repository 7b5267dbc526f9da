// Owns the answer to "is this import specifier a Node builtin?": any node: specifier, or a name in
// module.builtinModules with or without a subpath (fs, fs/promises, path/posix, stream/web, …). An npm
// polyfill that shares a builtin's name (events, buffer, util, …) is still treated as the builtin, the
// way Node resolves it; the module is refused rather than silently bundled against a polyfill.

import { builtinModules } from "node:module";

const NAMES: ReadonlySet<string> = new Set(builtinModules.map((m) => m.replace(/^node:/, "")));

export function isNodeBuiltin(specifier: string): boolean {
  if (specifier.startsWith("node:")) return true;
  if (NAMES.has(specifier)) return true;
  const slash = specifier.indexOf("/");
  return slash > 0 && !specifier.startsWith("@") && NAMES.has(specifier.slice(0, slash));
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** esbuild onResolve filter matching every builtin specifier (keeps the plugin off the hot path). */
export const BUILTIN_FILTER = new RegExp(`^(?:node:.*|(?:${[...NAMES].map(escapeRe).join("|")})(?:/.*)?)$`);
