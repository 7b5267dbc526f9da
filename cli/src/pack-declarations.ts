// Owns `capsule pack check`'s comparison of what a pack documents with what its modules really export (the probe's
// list in the catalog): each `declare module` block of the pack's .d.ts and each import in SKILL.md's code examples.
// Refuses (errors) declarations of exports a module lacks — a program written from them fails to link, and a stale
// scaffold's example types end up in the docs of another library — and SKILL.md examples importing names a module
// lacks; a `declare module` for a subpath of the pack that is no module of it. Warns about real exports the .d.ts
// leaves out (a TypeScript guest cannot import them; a compact .d.ts may leave them out on purpose).

import { promises as fsp } from "node:fs";
import path from "node:path";
import { declaredModuleExports, skillImports, type Diagnostic } from "@capsule/compiler";
import type { CliCode } from "./codes.js";

/** A diagnostic of one of the CLI's own codes (Diagnostic's code is typed by the compiler's table). */
const diag = (d: Omit<Diagnostic, "code"> & { code: CliCode }): Diagnostic => d as unknown as Diagnostic;

/** Most names listed in one message. */
const NAMES_SHOWN_MAX = 12;

const list = (names: readonly string[]) =>
  names.length > NAMES_SHOWN_MAX ? `${names.slice(0, NAMES_SHOWN_MAX).join(", ")}, … (${names.length - NAMES_SHOWN_MAX} more)` : names.join(", ");

async function readText(dir: string, file: string | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  try {
    return await fsp.readFile(path.join(dir, file), "utf8");
  } catch {
    return undefined; // a missing declared file is the compiler's pack-file-missing
  }
}

export interface DocumentedPack {
  dir: string;
  name: string;
  types?: string;
  skill?: string;
  /** Admitted modules with the exports the probe saw. */
  modules: ReadonlyArray<{ specifier: string; exports: readonly string[] }>;
  /** Every specifier the manifest declares (admitted, pending or refused). */
  declared: readonly string[];
}

/** Diagnostics of the pack's .d.ts and SKILL.md against the real exports, tagged with their specifier. */
export async function checkDocumentation(pack: DocumentedPack): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const real = new Map(pack.modules.map((m) => [m.specifier, new Set(m.exports)]));
  const inPack = (spec: string) => spec === pack.name || spec.startsWith(`${pack.name}/`);
  const dts = await readText(pack.dir, pack.types);
  if (dts !== undefined) {
    for (const [spec, names] of declaredModuleExports(dts)) {
      if (!inPack(spec)) continue;
      const exports = real.get(spec);
      if (!exports) {
        if (!pack.declared.includes(spec)) {
          out.push(diag({ code: "pack-types-stale", severity: "error", specifier: spec, file: pack.types, message: `${pack.types} declares module "${spec}", which is not a module of this pack (its modules: ${list([...pack.declared])})`, details: { file: pack.types!, missing: spec } }));
        }
        continue; // refused or pending: its exports are not known
      }
      const missing = names.filter((n) => !exports.has(n));
      if (missing.length) {
        out.push(diag({
          code: "pack-types-stale",
          severity: "error",
          specifier: spec,
          file: pack.types,
          message: `${pack.types} declares ${missing.length === 1 ? "an export" : "exports"} of "${spec}" the module does not have: ${list(missing)} (it exports ${list([...exports].sort()) || "nothing"})`,
          details: { file: pack.types!, missing: missing.join(", "), exports: [...exports].sort().join(", ") },
        }));
      }
      const undeclared = [...exports].filter((n) => !names.includes(n)).sort();
      if (undeclared.length) {
        out.push(diag({
          code: "pack-types-incomplete",
          severity: "warning",
          specifier: spec,
          file: pack.types,
          message: `"${spec}" exports ${list(undeclared)}, which ${pack.types} does not declare`,
          details: { file: pack.types!, undeclared: undeclared.join(", ") },
        }));
      }
    }
  }
  const skill = await readText(pack.dir, pack.skill);
  if (skill !== undefined) {
    for (const [spec, names] of skillImports(skill)) {
      const exports = real.get(spec);
      if (!inPack(spec) || !exports) continue;
      const missing = names.filter((n) => !exports.has(n));
      if (missing.length) {
        out.push(diag({
          code: "pack-skill-stale",
          severity: "error",
          specifier: spec,
          file: pack.skill,
          message: `${pack.skill}'s examples import ${list(missing)} from "${spec}", which the module does not export (it exports ${list([...exports].sort()) || "nothing"})`,
          details: { file: pack.skill!, missing: missing.join(", "), exports: [...exports].sort().join(", ") },
        }));
      }
    }
  }
  return out;
}
