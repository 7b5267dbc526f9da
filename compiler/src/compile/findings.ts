// Owns turning scan findings and bundle refusals into diagnostics people can act on: each finding mapped
// to its original file through the source map, at most FINDINGS_MAX_PER_CODE per code (then one "and N
// more"), and the one-line summary a RefusedModule carries.

import type { Code } from "../codes.js";
import { error, warning, type Diagnostic } from "../diagnostics.js";
import { FINDINGS_MAX_PER_CODE } from "../limits.js";
import type { ScanFinding } from "../scan/scan.js";
import type { OriginalPosition } from "../scan/sourcemap.js";

function where(f: ScanFinding, origin: OriginalPosition | undefined): string {
  const bundle = `bundle ${f.line}:${f.column}`;
  return origin ? `${origin.file}:${origin.line}:${origin.column} (${bundle})` : bundle;
}

function describe(f: ScanFinding, origin: OriginalPosition | undefined): Diagnostic {
  const at = where(f, origin);
  const loc = { file: "<bundle>", line: f.line, column: f.column, ...(origin ? { origin } : {}) };
  const shown = f.via ? `${f.via}.${f.name}` : `"${f.name}"`;
  switch (f.code) {
    case "npm-module-forbidden-global":
      return error(
        f.code,
        `uses the global ${shown} at ${at}; the sandbox does not provide it. Guard it with a typeof feature test, use a dependency that does not need it, or move that work to a host module`,
        { ...loc, details: { name: f.name, via: f.via } },
      );
    case "forbidden-global-guarded":
      return warning(f.code, `mentions ${shown} only behind a feature test at ${at}; in the sandbox the fallback path runs`, {
        ...loc,
        details: { name: f.name, via: f.via },
      });
    case "global-dynamic-access":
      return warning(f.code, `reads ${f.name} at ${at}; the scan cannot tell which global it reaches`, loc);
    case "npm-module-dynamic-import":
      return error(f.code, `calls import() with a computed argument at ${at}; only literal imports can be bundled`, loc);
  }
}

/** Diagnostics for findings, capped per code. */
export function findingDiagnostics(findings: readonly ScanFinding[], lookup: (line: number, col: number) => OriginalPosition | undefined): Diagnostic[] {
  const counts = new Map<Code, number>();
  const out: Diagnostic[] = [];
  for (const f of findings) {
    const n = (counts.get(f.code) ?? 0) + 1;
    counts.set(f.code, n);
    if (n <= FINDINGS_MAX_PER_CODE) out.push(describe(f, lookup(f.line, f.column)));
  }
  for (const [code, n] of counts) {
    if (n > FINDINGS_MAX_PER_CODE) {
      const make = code === "forbidden-global-guarded" || code === "global-dynamic-access" ? warning : error;
      out.push(make(code, `… and ${n - FINDINGS_MAX_PER_CODE} more ${code} findings`, { details: { omitted: n - FINDINGS_MAX_PER_CODE } }));
    }
  }
  return out;
}

/** The code and one-line message of a module refusal, from its error diagnostics (first code wins). */
export function summarizeRefusal(errors: readonly Diagnostic[]): { code: Code; message: string } {
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
    case "npm-module-forbidden-global":
      return {
        code: first.code,
        message: `uses globals the sandbox does not provide: ${list((e) => {
          const name = e.details?.via ? `${d(e, "via")}.${d(e, "name")}` : d(e, "name");
          const o = e.origin;
          return o ? `${name} (${o.file}:${o.line}:${o.column})` : name;
        })}${tail}`,
      };
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
