// Owns checking a program's imports the way the runtime treats them: import() refused, and static imports resolved
// against the catalog's admitted modules, narrowed by the run's allow list, each with the export list the catalog
// records — plus modules that extra declarations provide (tool modules). Refuses nothing itself: each problem is a
// diagnostic at the import, and the modules that failed are handed back so the type check can treat them as `any`
// instead of repeating the same problem in TypeScript's words.

import type { Catalog } from "../types.js";
import { checkDiagnostic, type CheckDiagnostic } from "./diagnostic.js";
import type { WrappedProgram } from "./wrap.js";

export interface ImportContext {
  catalog?: Catalog;
  allow?: readonly string[];
  /** Modules beyond the catalog: specifier → its exports (undefined: not listed, any name is accepted). */
  extraModules: ReadonlyMap<string, readonly string[] | undefined>;
}

export interface ImportVerdicts {
  diagnostics: CheckDiagnostic[];
  /** The span of each diagnostic in the source, in the same order. */
  spans: Array<{ start: number; end: number }>;
  /** Specifiers the type check should declare as untyped modules (already reported here). */
  untyped: string[];
}

const EXPORTS_SHOWN = 30;

export function checkImports(source: string, program: Pick<WrappedProgram, "imports" | "dynamicImports">, context: ImportContext): ImportVerdicts {
  const diagnostics: CheckDiagnostic[] = [];
  const spans: ImportVerdicts["spans"] = [];
  const untyped = new Set<string>();
  const report = (d: CheckDiagnostic, at: { start: number; length: number }) => {
    diagnostics.push(d);
    spans.push({ start: at.start, end: at.start + at.length });
  };
  for (const call of program.dynamicImports) {
    const at = { text: source, ...call };
    report(checkDiagnostic("check-dynamic-import", "dynamic import() is not allowed in the sandbox", at), at);
  }
  for (const entry of program.imports) {
    if (entry.typeOnly) continue;
    const at = { text: source, start: entry.start, length: entry.length };
    const details = { specifier: entry.specifier };
    let exports: readonly string[] | undefined;
    if (context.extraModules.has(entry.specifier)) {
      exports = context.extraModules.get(entry.specifier);
    } else {
      const module = context.catalog?.modules.find((m) => m.specifier === entry.specifier);
      if (!module) {
        const suggestion = nearest(entry.specifier, [...(context.catalog?.modules.map((m) => m.specifier) ?? []), ...context.extraModules.keys()]);
        report(checkDiagnostic("check-import-unresolved", unresolvedMessage(entry.specifier, context.catalog), at, { details: suggestion ? { ...details, suggestion } : details }), at);
        untyped.add(entry.specifier);
        continue;
      }
      if (context.allow && !context.allow.includes(entry.specifier)) {
        const allowed = context.allow.length ? context.allow.join(", ") : "none";
        report(checkDiagnostic("check-import-not-allowed", `"${entry.specifier}" is installed, but this run may not import it (allowed: ${allowed})`, at, { details }), at);
        untyped.add(entry.specifier);
        continue;
      }
      exports = module.exports;
    }
    if (!exports) continue;
    for (const name of entry.names) {
      if (exports.includes(name.name)) continue;
      const named = exports.filter((e) => e !== "default");
      const shown = named.slice(0, EXPORTS_SHOWN).join(", ") + (named.length > EXPORTS_SHOWN ? ", …" : "");
      const what = name.name === "default" ? "no default export" : `no export "${name.name}"`;
      const span = { text: source, start: name.start, length: name.length };
      report(
        checkDiagnostic("check-export-missing", `"${entry.specifier}" has ${what}${shown ? ` (it exports ${shown})` : ""}`, span, {
          details: { ...details, name: name.name, ...(shown ? { exports: shown } : {}) },
        }),
        span,
      );
    }
  }
  return { diagnostics, spans, untyped: [...untyped] };
}

/** Says why the catalog lacks a module when it knows: refused (with its code) or not yet admitted. */
function unresolvedMessage(specifier: string, catalog: Catalog | undefined): string {
  const base = `"${specifier}" is not a module this run can import`;
  const refused = catalog?.refused.find((m) => m.specifier === specifier);
  if (refused) return `${base}: the compiler refused it (${refused.code}): ${refused.message}`;
  const pending = catalog?.pending.find((m) => m.specifier === specifier);
  if (pending) return `${base}: it is a ${pending.kind} module still awaiting admission`;
  return `${base}: no installed pack provides it`;
}

/** The closest known specifier, when it is close enough to be a typo. */
function nearest(specifier: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(specifier.length / 4)) + 1;
  for (const candidate of known) {
    const d = distance(specifier, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** Levenshtein distance (two rows). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
