// Owns the wording of every scan finding as a Diagnostic (code, severity, message, location, details), so
// the rules and the words that explain them live together. compile/findings.ts maps findings through the
// source map and caps them per code; it calls describeFinding for each one.

import { error, warning, type Diagnostic } from "../diagnostics.js";
import type { ScanFinding } from "./scan.js";
import type { OriginalPosition } from "./sourcemap.js";

function where(f: ScanFinding, origin: OriginalPosition | undefined): string {
  const bundle = `bundle ${f.line}:${f.column}`;
  return origin ? `${origin.file}:${origin.line}:${origin.column} (${bundle})` : bundle;
}

export function describeFinding(f: ScanFinding, origin: OriginalPosition | undefined): Diagnostic {
  const at = where(f, origin);
  const loc = { file: "<bundle>", line: f.line, column: f.column, ...(origin ? { origin } : {}) };
  const shown = f.via ? `${f.via}.${f.name}` : `"${f.name}"`;
  const details = { name: f.name, via: f.via, ...(f.reason ? { reason: f.reason } : {}) };
  switch (f.code) {
    case "npm-module-forbidden-global":
      return f.name === "eval" || f.name === "Function"
        ? error(
            f.code,
            `generates code with ${shown} at ${at}; the sandbox refuses code generation (EvalError). Use a library that does not compile code at run time, or guard it with a feature test (try { new Function("") } catch {}) and a path without it`,
            { ...loc, details },
          )
        : error(
            f.code,
            `uses the global ${shown} at ${at}; the sandbox does not provide it. Guard it with a typeof feature test, use a dependency that does not need it, or move that work to a host module`,
            { ...loc, details },
          );
    case "forbidden-global-guarded": {
      const why =
        f.reason === "dead-branch"
          ? "in a branch that never runs in the sandbox (it has globalThis)"
          : f.reason === "codegen-feature-test"
            ? "only in a feature test of code generation inside try/catch"
            : f.reason === "caught"
              ? "only in code that runs inside try/catch (the catch handles its absence)"
              : "only behind a feature test";
      return warning(f.code, `mentions ${shown} ${why} at ${at}; in the sandbox the fallback path runs`, { ...loc, details });
    }
    case "forbidden-global-deferred":
      return warning(
        f.code,
        f.reason === "codegen-escape"
          ? `passes ${shown} along without calling it at ${at} (a property value, an argument or a return value); the sandbox refuses code generation, so whatever calls it later gets an error (eval: not a function; Function: EvalError)`
          : f.reason === "codegen-feature-tested"
          ? `generates code with ${shown} inside a function not run at module load at ${at}; the module feature-tests code generation, so in the sandbox it should take its path without it (calling this function directly throws EvalError)`
          : `uses ${shown} only inside a function not run at module load at ${at}; the sandbox does not provide it, so calling that function throws`,
        { ...loc, details },
      );
    case "global-dynamic-access":
      return warning(f.code, `reads ${f.name} at ${at}; the scan cannot tell which global it reaches`, loc);
    case "npm-module-dynamic-import":
      return error(f.code, `calls import() with a computed argument at ${at}; only literal imports can be bundled`, loc);
  }
}
