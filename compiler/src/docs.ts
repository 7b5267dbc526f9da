// Owns the API reference a run may be given (for a model's prompt, or a person): generated from the same catalog the
// runtime enforces, so it cannot advertise an export a run could not call. For exactly the modules a run may import:
// each module's summary, its exports, the pack's .d.ts declarations; then the guest surface, the run's limits and
// the host-function namespaces with their signatures and descriptions.

import { readFile } from "node:fs/promises";
import { DEFAULT_LIMITS, describeLimits, STANDARD_GLOBALS, hostFunctionInfo, toolDeclarations, type HostFunctions, type Limits, type ToolBelt } from "@capsule/runtime";
import { discoverPacks, type DiscoverOptions } from "./discovery/discover.js";
import type { Catalog, CatalogModule } from "./types.js";

export interface DocsOptions {
  catalog: Catalog;
  /** The pack roots the catalog was compiled from (for each pack's .d.ts). */
  roots: readonly string[];
  /**
   * The rest of what the catalog was compiled with (protected roots, allowed shadows, the caller's pack verdicts): the
   * .d.ts is read from the pack the compile admitted. Without them a refused pack that shadowed a protected one gave
   * its declarations to the reference in the protected pack's name.
   */
  discover?: Omit<DiscoverOptions, "roots">;
  /** Specifiers the run may import; omitted means every admitted module. */
  allow?: readonly string[];
  format?: "md" | "dts";
  limits?: Partial<Limits>;
  hostFunctions?: HostFunctions;
  /** Tool modules the run may import (declarations generated from their schemas; only those `allow` keeps). */
  tools?: ToolBelt;
}

const KIND_NOTE: Record<string, string> = {
  guest: "runs inside the sandbox",
  host: "runs on the host; every call is async",
  wasm: "WebAssembly on the host; every call is async",
};

/** The allowed modules, by specifier, and each of their packs' .d.ts (read from the pack the compile admitted). */
async function allowedWithTypes(options: Pick<DocsOptions, "catalog" | "roots" | "discover" | "allow">): Promise<{ allowed: CatalogModule[]; typesByPack: Map<string, { path: string; text: string }> }> {
  const allowed = options.catalog.modules
    .filter((m) => !options.allow || options.allow.includes(m.specifier))
    .sort((a, b) => (a.specifier < b.specifier ? -1 : 1));
  const { packs } = await discoverPacks({ ...options.discover, roots: options.roots });
  const typesByPack = new Map<string, { path: string; text: string }>();
  for (const pack of packs) {
    if (!pack.types || !allowed.some((m) => m.pack === pack.name)) continue;
    typesByPack.set(pack.name, { path: pack.types.path, text: (await readFile(pack.types.absolute, "utf8")).trim() });
  }
  return { allowed, typesByPack };
}

/** One pack's part of the dts reference: its .d.ts, or `any` modules for its allowed modules when it ships none. */
export interface PackDeclarations {
  pack: string;
  /** Its allowed modules. */
  specifiers: string[];
  /** Where the text comes from, for diagnostics: `<pack>/<its types path>`, or `<pack>/untyped.d.ts`. */
  name: string;
  text: string;
}

/** The module declarations of docs()' dts format, one part per pack (a program's check takes only the parts it imports). */
export async function packDeclarations(options: Pick<DocsOptions, "catalog" | "roots" | "discover" | "allow">): Promise<PackDeclarations[]> {
  const { allowed, typesByPack } = await allowedWithTypes(options);
  return packParts(allowed, typesByPack);
}

function packParts(modules: CatalogModule[], typesByPack: Map<string, { path: string; text: string }>): PackDeclarations[] {
  const parts: PackDeclarations[] = [];
  for (const pack of new Set(modules.map((m) => m.pack))) {
    const own = modules.filter((m) => m.pack === pack);
    const types = typesByPack.get(pack);
    const shims = own.flatMap((m) => [`declare module ${JSON.stringify(m.specifier)} {`, ...m.exports.filter((e) => e !== "default").map((e) => `  export const ${e}: any;`), "  const defaultExport: any;", "  export default defaultExport;", "}"]);
    parts.push({ pack, specifiers: own.map((m) => m.specifier), name: `${pack}/${types ? types.path : "untyped.d.ts"}`, text: types ? types.text : shims.join("\n") });
  }
  return parts;
}

export async function docs(options: DocsOptions): Promise<string> {
  const { allowed, typesByPack: typed } = await allowedWithTypes(options);
  const typesByPack = new Map([...typed].map(([pack, t]) => [pack, t.text]));
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const tools = Object.fromEntries(Object.entries(options.tools ?? {}).filter(([specifier]) => !options.allow || options.allow.includes(specifier)));
  const toolText = Object.keys(tools).length ? toolDeclarations(tools) : "";
  if (options.format === "dts") return dtsDocs(allowed, typesByPack, options.hostFunctions) + (toolText ? `${toolText}\n` : "");
  const text = markdownDocs(allowed, typesByPack, limits, options.hostFunctions);
  if (!toolText) return text;
  const list = Object.entries(tools).map(([specifier, t]) => `- \`${specifier}\`: ${Object.keys(t).join(", ")}`);
  return `${text}\n# Tool modules\n\nImport them like modules; every tool takes one input object and returns a promise.\n\n${list.join("\n")}\n\n\`\`\`ts\n${toolText}\n\`\`\`\n`;
}

function hostFunctionLines(hostFunctions: HostFunctions | undefined): Array<{ ns: string; fn: string; signature?: string; description?: string }> {
  return Object.entries(hostFunctions ?? {}).flatMap(([ns, fns]) =>
    Object.entries(fns).map(([fn, impl]) => ({ ns, fn, ...hostFunctionInfo(impl) })),
  );
}

function markdownDocs(modules: CatalogModule[], typesByPack: Map<string, string>, limits: Limits, hostFunctions?: HostFunctions): string {
  const out: string[] = ["# Modules this run may import", ""];
  if (modules.length === 0) out.push("None.", "");
  for (const m of modules) {
    out.push(`## \`${m.specifier}\` (${KIND_NOTE[m.kind] ?? m.kind})`, "", m.summary || "", "", `Exports: ${m.exports.map((e) => `\`${e}\``).join(", ")}`, "");
  }
  const packsWithTypes = [...new Set(modules.map((m) => m.pack))].filter((p) => typesByPack.has(p));
  if (packsWithTypes.length) {
    const declarations = packsWithTypes.map((pack) => typesByPack.get(pack)!);
    // A fence longer than any run of backticks in the declarations: a pack's .d.ts cannot close it and write
    // markdown sections of its own into the reference.
    const longest = Math.max(0, ...declarations.map((text) => Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))));
    const fence = "`".repeat(Math.max(3, longest + 1));
    out.push("## Declarations", "", `${fence}ts`);
    for (const text of declarations) out.push(text, "");
    out.push(fence, "");
  }
  const functions = hostFunctionLines(hostFunctions);
  if (functions.length) {
    out.push("# Host functions", "");
    for (const f of functions) out.push(`- \`${f.ns}.${f.fn}${f.signature ?? "(...args) => Promise<unknown>"}\`${f.description ? `: ${f.description}` : ""}`);
    out.push("", "Every host function returns a promise; arguments and results cross as copies.", "");
  }
  out.push(
    "# Guest surface",
    "",
    "The program is the body of an async function: top-level `await` and `return` work; `import` declarations go at the top level.",
    `Globals: ${STANDARD_GLOBALS.join(", ")}.`,
    "No `eval`/`Function` from strings, no timers, no `process`, `require`, `fetch`, `Buffer`, `crypto` or dynamic `import()`.",
    "`Date` starts at the run's clock and advances 1 ms per reading (UTC); `Math.random` is seeded.",
    "",
    "# Limits",
    "",
    ...describeLimits(limits),
    "",
  );
  return out.join("\n");
}

function dtsDocs(modules: CatalogModule[], typesByPack: Map<string, string>, hostFunctions?: HostFunctions): string {
  const out: string[] = ["// Modules this run may import, and its host functions (generated from the catalog)."];
  const parts = packParts(modules, new Map([...typesByPack].map(([pack, text]) => [pack, { path: "", text }])));
  out.push(...parts.filter((p) => typesByPack.has(p.pack)).map((p) => p.text), ...parts.filter((p) => !typesByPack.has(p.pack)).map((p) => p.text));
  const byNs = new Map<string, string[]>();
  for (const f of hostFunctionLines(hostFunctions)) {
    const line = `  ${f.fn}${f.signature ? f.signature.replace(/^\((.*)\)\s*=>\s*(.*)$/, "($1): $2") : "(...args: unknown[]): Promise<unknown>"};${f.description ? ` // ${f.description}` : ""}`;
    byNs.set(f.ns, [...(byNs.get(f.ns) ?? []), line]);
  }
  for (const [ns, lines] of byNs) out.push(`declare const ${ns}: {`, ...lines, "};");
  return out.join("\n") + "\n";
}
