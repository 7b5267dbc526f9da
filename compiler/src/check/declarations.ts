// Owns the declaration files a program is checked against, besides the guest's globals: the allowed modules'
// declarations (docs() in dts format: each pack's .d.ts, `any` shims for packs without types), the host-function
// namespaces with their describeHostFunction() signatures, the caller's extra declarations (a later feature's tool
// modules pass their generated .d.ts here) and `any` modules for imports already reported. Refuses to type an
// undescribed host function: it takes anything and resolves to `any`, so a check never fails a program that runs.

import { hostFunctionInfo, type HostFunctions } from "@capsule/runtime";
import { packDeclarations, type DocsOptions, type PackDeclarations } from "../docs.js";
import type { Catalog } from "../types.js";

/** Declarations a caller adds to the check (for example the generated .d.ts of a run's tool modules). */
export interface CheckDeclarations {
  /** .d.ts text: global declarations and/or `declare module "…" { … }` blocks. */
  text: string;
  /** A file name for diagnostics in this text (default `declarations-<n>.d.ts`). */
  name?: string;
  /**
   * Modules this text provides beyond the catalog, with their run-time exports: the import check accepts them (the
   * catalog and the allow list do not apply) and checks named imports against the exports.
   */
  modules?: Readonly<Record<string, readonly string[]>>;
}

export interface DeclarationFile {
  /** What diagnostics call it (the type check gives each file a path of its own). */
  name: string;
  text: string;
}

export interface DeclarationSources {
  catalog?: Catalog;
  roots?: readonly string[];
  /** What the catalog was compiled with besides its roots (docs() reads each .d.ts from the admitted pack). */
  discover?: DocsOptions["discover"];
  allow?: readonly string[];
  hostFunctions?: HostFunctions;
  declarations?: ReadonlyArray<string | CheckDeclarations>;
}

/**
 * The files a program is checked against. Of the packs, only those whose modules `referenced` names (the program's
 * imports, type-only ones and `import("…")` types included): one pack's unparsable .d.ts failed the check of every
 * program in the home, each pack's text is its own file so a diagnostic names it.
 */
export async function declarationFiles(sources: DeclarationSources, untyped: readonly string[], referenced: ReadonlySet<string>): Promise<DeclarationFile[]> {
  const files: DeclarationFile[] = [];
  if (sources.catalog) {
    const parts = await moduleDeclarations(sources.catalog, sources.roots ?? [], sources.allow, sources.discover);
    for (const part of parts) if (part.specifiers.some((s) => referenced.has(s))) files.push({ name: part.name, text: part.text });
  }
  if (sources.hostFunctions && Object.keys(sources.hostFunctions).length) files.push({ name: "host-functions.d.ts", text: hostFunctionDeclarations(sources.hostFunctions) });
  (sources.declarations ?? []).forEach((entry, i) => {
    const { text, name } = typeof entry === "string" ? { text: entry, name: undefined } : entry;
    files.push({ name: name ?? `declarations-${i + 1}.d.ts`, text });
  });
  if (untyped.length) files.push({ name: "untyped-imports.d.ts", text: untyped.map((s) => `declare module ${JSON.stringify(s)};`).join("\n") });
  return files;
}

/**
 * The packs' declarations, once per catalog object, roots and allow list: a host checks many programs against one
 * catalog, and reading every pack's .d.ts again would be most of a warm check. A recompiled catalog is a new object.
 */
const moduleDeclarationsCache = new WeakMap<Catalog, Map<string, Promise<PackDeclarations[]>>>();

function moduleDeclarations(catalog: Catalog, roots: readonly string[], allow: readonly string[] | undefined, discover: DocsOptions["discover"]): Promise<PackDeclarations[]> {
  let byKey = moduleDeclarationsCache.get(catalog);
  if (!byKey) moduleDeclarationsCache.set(catalog, (byKey = new Map()));
  const key = JSON.stringify([roots, allow ?? null, discover?.protectedRoots ?? null, discover?.allowShadow ?? null]);
  let parts = byKey.get(key);
  if (!parts) {
    parts = packDeclarations({ catalog, roots, allow, ...(discover ? { discover } : {}) });
    byKey.set(key, parts);
    parts.catch(() => byKey.delete(key));
  }
  return parts;
}

/** The extra modules the caller's declarations provide, specifier → exports. */
export function extraModules(declarations: DeclarationSources["declarations"]): Map<string, readonly string[]> {
  const modules = new Map<string, readonly string[]>();
  for (const entry of declarations ?? []) {
    if (typeof entry === "string") continue;
    for (const [specifier, exports] of Object.entries(entry.modules ?? {})) modules.set(specifier, exports);
  }
  return modules;
}

/**
 * `declare const ns: { readonly fn: … }` per namespace. A signature that already returns a promise is kept as written
 * (generics and overloads survive); any other is made async, as every host call is.
 */
export function hostFunctionDeclarations(hostFunctions: HostFunctions): string {
  const out = ["type __CapsuleHostCall<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;"];
  for (const [ns, fns] of Object.entries(hostFunctions)) {
    out.push(`declare const ${ns}: {`);
    for (const [fn, impl] of Object.entries(fns)) {
      const { signature, description } = hostFunctionInfo(impl);
      if (description) out.push(`  /** ${description.replace(/\*\//g, "*\\/")} */`);
      const type = !signature ? "(...args: any[]) => Promise<any>" : /=>\s*Promise\s*<[\s\S]*>\s*$/.test(signature) ? signature : `__CapsuleHostCall<${signature}>`;
      out.push(`  readonly ${fn}: ${type};`);
    }
    out.push("};");
  }
  return `${out.join("\n")}\n`;
}
