// Owns turning scan findings and bundle refusals into diagnostics people can act on: each finding mapped
// to its original file through the source map, at most FINDINGS_MAX_PER_CODE per code (then one "and N
// more"), and the one-line summary a RefusedModule carries.

import type { Code } from "../codes.js";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { FINDINGS_MAX_PER_CODE } from "../tuning.js";
import { describeFinding } from "../scan/describe.js";
import { SCAN_WARNING_CODES, type ScanCode, type ScanFinding } from "../scan/scan.js";
import type { OriginalPosition } from "../scan/sourcemap.js";

/** Diagnostics for findings, capped per code. */
export function findingDiagnostics(findings: readonly ScanFinding[], lookup: (line: number, col: number) => OriginalPosition | undefined): Diagnostic[] {
  const counts = new Map<Code, number>();
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const n = (counts.get(f.code) ?? 0) + 1;
    counts.set(f.code, n);
    if (n <= FINDINGS_MAX_PER_CODE) out.push(describeFinding(f, lookup(f.line, f.column)));
  }
  for (const [code, n] of counts) {
    if (n > FINDINGS_MAX_PER_CODE) {
      const make = SCAN_WARNING_CODES.has(code as ScanCode) ? warning : error;
      out.push(make(code, `… and ${n - FINDINGS_MAX_PER_CODE} more ${code} findings`, { details: { omitted: n - FINDINGS_MAX_PER_CODE } }));
    }
  }
  return out;
}

/**
 * The code and one-line message of a module refusal, from its error diagnostics (first code wins); a refusal whose
 * browser build was tried too (module.ts: `details.browserBuild`) says so.
 */
export function summarizeRefusal(errors: readonly Diagnostic[]): { code: Code; message: string } {
  const summary = summarizeErrors(errors);
  const browser = errors[0]?.details?.browserBuild;
  if (typeof browser !== "string" || summary.message.includes("its browser build was tried")) return summary;
  return { code: summary.code, message: `${summary.message} (its browser build was tried too and is refused: ${browser})` };
}

/** Globals a forbidden-global finding names for code generation rather than for being absent. */
const CODE_GENERATION: ReadonlySet<string> = new Set(["Function", "eval"]);

function summarizeErrors(errors: readonly Diagnostic[]): { code: Code; message: string } {
  const first = errors[0]!;
  const same = errors.filter((e) => e.code === first.code);
  const others = errors.length - same.length;
  const tail = others ? ` (and ${others} other problem${others > 1 ? "s" : ""})` : "";
  const list = (item: (e: Diagnostic) => string) => [...new Set(same.map(item))].join(", ");
  const d = (e: Diagnostic, k: string) => String(e.details?.[k] ?? "?");
  switch (first.code) {
    case "npm-module-builtin-import":
      return {
        code: first.code,
        message: `imports Node builtins the sandbox does not have: ${list((e) => `${d(e, "builtin")} (by ${d(e, "importer")})`)}${tail}`,
      };
    case "npm-module-forbidden-global": {
      // The guest has Function (it refuses to compile strings) and a compile-time eval binding: code generation is
      // named as what it is, not as a missing global.
      const generates = (e: Diagnostic) => CODE_GENERATION.has(d(e, "name"));
      const place = (e: Diagnostic) => {
        const name = e.details?.via ? `${d(e, "via")}.${d(e, "name")}` : d(e, "name");
        const o = e.origin;
        return o ? `${name} (${o.file}:${o.line}:${o.column})` : name;
      };
      const listOf = (keep: (e: Diagnostic) => boolean) => [...new Set(same.filter(keep).map(place))].join(", ");
      const parts = [
        same.some(generates) ? `generates code, which the sandbox refuses: ${listOf(generates)}` : "",
        same.some((e) => !generates(e)) ? `uses globals the sandbox does not provide: ${listOf((e) => !generates(e))}` : "",
      ].filter(Boolean);
      return { code: first.code, message: `${parts.join("; ")}${tail}` };
    }
    case "npm-module-unresolved":
      return {
        code: first.code,
        message: `cannot resolve ${list((e) => `"${d(e, "import")}"${e.file ? ` (imported by ${e.file})` : ""}`)}; install it where the pack's folder can resolve it${tail}`,
      };
    case "guest-module-import-outside-pack":
      return {
        code: first.code,
        message: `imports from outside the pack: ${list((e) => `"${d(e, "import")}" (${d(e, "why")}, in ${d(e, "importer")})`)}; an authored module may import only files of its own pack${tail}`,
      };
    default:
      return { code: first.code, message: `${first.message}${same.length > 1 ? ` (and ${same.length - 1} more like it)` : ""}${tail}` };
  }
}
