// Owns checkProgram(): a guest program checked before it runs, reporting at the user's own lines — syntax errors,
// imports the run cannot make (import(), unresolved, not allowed, a named export the module lacks), globals the
// sandbox does not have, and TypeScript's type errors against the allowed modules' declarations, the host-function
// signatures, extra declarations and exactly the guest's globals. Refuses to run anything: nothing here evaluates
// the program.

import { parse as acornParse } from "acorn";
import type { HostFunctions } from "@capsule/runtime";
import type { Catalog } from "../types.js";
import { byPosition, checkDiagnostic, type CheckDiagnostic } from "./diagnostic.js";
import { declarationFiles, extraModules, type CheckDeclarations, type DeclarationFile } from "./declarations.js";
import { guestGlobalsDeclarations } from "./guest-globals.js";
import { checkImports } from "./imports.js";
import { missingGlobalMessage } from "./missing-globals.js";
import { loadTypeScript, typeCheck, type TsFinding } from "./type-check.js";
import { wrapProgram, type WrappedProgram } from "./wrap.js";
import type { DocsOptions } from "../docs.js";

export interface CheckOptions {
  /** The compiled catalog imports resolve against (omitted: the program can import no pack). */
  catalog?: Catalog;
  /** Specifiers the run may import; omitted means every admitted module (as in a run). */
  allow?: readonly string[];
  /** The run's host functions; describeHostFunction() signatures type them. */
  hostFunctions?: HostFunctions;
  /** More declarations: global ones, or modules beyond the catalog (a run's tool modules) with their exports. */
  declarations?: ReadonlyArray<string | CheckDeclarations>;
  /** The pack roots the catalog was compiled from, for each pack's .d.ts (without them every module is `any`). */
  roots?: readonly string[];
  /** The rest of what the catalog was compiled with (protected roots, allowed shadows, pack verdicts), for docs(). */
  discover?: DocsOptions["discover"];
}

export interface CheckResult {
  /** No diagnostics. */
  ok: boolean;
  /** In program order. */
  diagnostics: CheckDiagnostic[];
  /** How the program was checked: plain JavaScript (as the runtime detects it) with checkJs rules, or TypeScript. */
  language: "javascript" | "typescript";
}

/** TypeScript's "Cannot find name" family (2304, the @types hints 2580–2593) and "only refers to a type" (2693). */
const NAME_NOT_FOUND = new Set([2304, 2552, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2693]);
/** "Cannot find module" for a specifier the catalog check already judged. */
const MODULE_NOT_FOUND = new Set([2307, 7016]);

export async function checkProgram(source: string, options: CheckOptions = {}): Promise<CheckResult> {
  const ts = loadTypeScript();
  const wrapped = wrapProgram(ts, source);
  const javascript = isPlainJavaScript(source);
  const imports = checkImports(source, wrapped, { catalog: options.catalog, allow: options.allow, extraModules: extraModules(options.declarations) });
  const [guestGlobals, declarations] = await Promise.all([guestGlobalsDeclarations(), declarationFiles(options, imports.untyped, referencedModules(source, wrapped))]);
  const findings = typeCheck(ts, { text: wrapped.text, javascript, guestGlobals, declarations });
  const inDeclarations = findings.filter((f) => f.declaration !== undefined).map((f) => declarationDiagnostic(f, declarations[f.declaration!]!));
  const inProgram = findings.filter((f) => f.declaration === undefined).map((f) => programDiagnostic(f, wrapped, source, javascript));
  const syntax = inProgram.filter((p) => p.diagnostic.code === "check-syntax").map((p) => p.diagnostic);
  // Import problems are the catalog's verdict: TypeScript saying the same about the same import is dropped, and so is
  // its "Cannot find module" for a module the catalog has but whose pack ships no declaration of it.
  const specifiers = wrapped.imports.filter((i) => !i.typeOnly).map((i) => ({ start: i.start, end: i.start + i.length }));
  const echoes = (p: Located) =>
    imports.spans.some((s) => p.start >= s.start && p.start < s.end) || (MODULE_NOT_FOUND.has(p.diagnostic.tsCode ?? 0) && specifiers.some((s) => p.start >= s.start && p.start < s.end));
  const typed = inProgram.filter((p) => !echoes(p)).map((p) => p.diagnostic);
  const diagnostics = syntax.length ? [...syntax, ...inDeclarations] : [...imports.diagnostics, ...typed, ...inDeclarations];
  return { ok: diagnostics.length === 0, diagnostics: diagnostics.sort(byPosition), language: javascript ? "javascript" : "typescript" };
}

/**
 * The modules whose declarations the check needs: the static imports, and every `import("…")` with a literal (a type
 * in TypeScript or a JSDoc comment, or a dynamic import the import check refuses); a few too many cost nothing.
 */
function referencedModules(source: string, wrapped: WrappedProgram): Set<string> {
  const referenced = new Set(wrapped.imports.map((i) => i.specifier));
  for (const m of source.matchAll(/\bimport\s*\(\s*(["'])([^"'\n]{1,512})\1/g)) referenced.add(m[2]!);
  return referenced;
}

/** The runtime's own test: source acorn parses as a module (top-level await and return allowed) runs untransformed. */
function isPlainJavaScript(source: string): boolean {
  try {
    acornParse(source, { ecmaVersion: "latest", sourceType: "module", allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true });
    return true;
  } catch {
    return false;
  }
}

interface Located {
  diagnostic: CheckDiagnostic;
  /** Offset in the user's source. */
  start: number;
}

function programDiagnostic(finding: TsFinding, wrapped: WrappedProgram, source: string, javascript: boolean): Located {
  const located = (diagnostic: CheckDiagnostic) => ({ diagnostic, start });
  const start = wrapped.toSource(finding.start);
  const span = { text: source, start, length: wrapped.toSource(finding.start + finding.length) - start };
  const extra = { tsCode: finding.code };
  if (finding.syntax) return located(checkDiagnostic("check-syntax", finding.message, span, extra));
  const name = source.slice(start, start + span.length);
  const missing = NAME_NOT_FOUND.has(finding.code) ? missingGlobalMessage(name) : undefined;
  if (missing) return located(checkDiagnostic("check-global-missing", missing, span, { ...extra, details: { name } }));
  // In JavaScript, TypeScript reads require("x") as an import and complains about "x"; the problem is require itself.
  const requireCall = javascript && MODULE_NOT_FOUND.has(finding.code) ? /\brequire\s*\(\s*$/.exec(source.slice(0, start)) : null;
  if (requireCall) {
    const at = { text: source, start: requireCall.index, length: "require".length };
    return located(checkDiagnostic("check-global-missing", missingGlobalMessage("require")!, at, { ...extra, details: { name: "require" } }));
  }
  return located(checkDiagnostic("check-type", finding.message, span, extra));
}

function declarationDiagnostic(finding: TsFinding, file: DeclarationFile): CheckDiagnostic {
  return checkDiagnostic("check-declarations-invalid", `${file.name}: ${finding.message}`, { text: file.text, start: finding.start, length: finding.length }, { file: file.name, tsCode: finding.code });
}
