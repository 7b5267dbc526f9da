// Owns a run's import map: names a program may write for admitted modules (`imports: { "js-yaml": "@capsule/yaml" }`,
// per sandbox and per run), applied to the main module's imports only and only through this explicit mapping — a
// mapped name resolves exactly as its target does (allow lists, pins and digests are the target's).
// Refuses a malformed map (E_BAD_REQUEST); an unmapped name stays unresolved (the catalog's refusal names the mapping
// that would resolve it, when a module declares it stands for that name).

import type { ModuleResolver } from "./resolver.js";

export type ImportMap = Readonly<Record<string, string>>;

const SPECIFIER = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(?:\/[A-Za-z0-9._~@+-]+)*$/;

/** Why `map` cannot be used, if it cannot. */
export function importMapProblem(map: unknown): string | undefined {
  if (typeof map !== "object" || map === null || Array.isArray(map)) return "imports must be an object mapping a name to an admitted module's specifier";
  for (const [from, to] of Object.entries(map)) {
    if (!SPECIFIER.test(from)) return `imports: "${from.slice(0, 80)}" is not a bare module name (no relative paths, no "capsule:" names)`;
    if (typeof to !== "string" || !SPECIFIER.test(to)) return `imports: "${from}" must map to a module specifier such as "@capsule/yaml"`;
  }
  return undefined;
}

/** `behind`, with the main module's mapped names resolved as their targets. */
export function withImportMap(map: ImportMap, mainName: string, behind: ModuleResolver | undefined): ModuleResolver | undefined {
  if (!behind || Object.keys(map).length === 0) return behind;
  return {
    resolve(specifier, referrer) {
      const target = referrer === mainName && Object.prototype.hasOwnProperty.call(map, specifier) ? map[specifier] : specifier;
      return behind.resolve(target, referrer);
    },
  };
}
