// Owns building one guest module into a judged bundle: esbuild (npm.ts or authored.ts), then the scan of the output,
// so the module road can compare two builds of one npm module — its default (Node-leaning) build and, when that is
// refused, its browser build (the `browser` condition and field), which is used when it alone is sandbox-safe.
// Refuses nothing itself: the verdict is data (failed, refused, or bundled with any scan findings the probe may
// still overrule) for module.ts to act on.

import { promises as fsp } from "node:fs";
import path from "node:path";
import { bundleAuthoredModule } from "../bundle/authored.js";
import { bundleNpmModule } from "../bundle/npm.js";
import type { Metafile } from "../bundle/bundler.js";
import type { BundleOutcome, RunContext } from "../bundle/run.js";
import { error, type Diagnostic } from "../diagnostics.js";
import { scanSource } from "../scan/scan.js";
import { sourceMapLookup } from "../scan/sourcemap.js";
import type { GuestDeclaration } from "../types.js";
import { findingDiagnostics } from "./findings.js";

export type BuiltModule =
  | { kind: "failed"; errors: Diagnostic[] }
  | { kind: "refused"; metafile: Metafile; errors: Diagnostic[]; warnings: Diagnostic[]; cacheable: boolean }
  /** `overrulable`: scan refusals of missing globals at load that a successful probe turns into warnings. */
  | { kind: "bundled"; outcome: Extract<BundleOutcome, { kind: "bundled" }>; overrulable: Diagnostic[]; warnings: Diagnostic[] };

/**
 * A scan refusal the probe may overrule: a missing (non-code-generation) global at load; or a code-generation call
 * the scan counts as load-time in a bundle that feature-tests code generation (a call that ran at load would have
 * thrown EvalError, and the library has a path without it — the same judgement as for its deferred calls).
 */
export function probeCanOverrule(d: Diagnostic): boolean {
  const name = d.details?.name;
  if (d.code !== "npm-module-forbidden-global" || typeof name !== "string") return false;
  if (name !== "eval" && name !== "Function") return true;
  return d.details?.reason === "codegen-feature-tested";
}

/**
 * A module declaring `codeGeneration: "refuse-at-run-time"` has its code-generation refusals (eval, Function) turned
 * into codegen-refused-at-run-time warnings, place by place; nothing else changes (the probe still has to load it).
 */
export function codegenDeclared(found: Diagnostic[], declaration: GuestDeclaration): Diagnostic[] {
  if (declaration.codeGeneration !== "refuse-at-run-time") return found;
  return found.map((d) => {
    const name = d.details?.name;
    if (d.severity !== "error" || d.code !== "npm-module-forbidden-global" || (name !== "eval" && name !== "Function")) return d;
    const at = d.file ? ` at ${d.file}${d.line ? `:${d.line}` : ""}` : "";
    return { ...d, code: "codegen-refused-at-run-time", severity: "warning", message: `generates code with \`${name}\`${at}; the module declares codeGeneration "refuse-at-run-time", so it is admitted and a guest reaching this place gets EvalError` };
  });
}

export async function buildModule(run: RunContext, packRoot: string, declaration: GuestDeclaration, authoredMaxBytes: number, browser: boolean, buffer = false): Promise<BuiltModule> {
  let outcome: BundleOutcome;
  if ("npm" in declaration) {
    outcome = await bundleNpmModule(run, declaration.npm, { browser, buffer });
  } else {
    const abs = await fsp.realpath(path.resolve(packRoot, declaration.source));
    outcome = await bundleAuthoredModule(run, abs, authoredMaxBytes);
  }
  if (outcome.kind === "failed") return { kind: "failed", errors: outcome.errors };
  if (outcome.kind === "refused") return { kind: "refused", metafile: outcome.metafile, errors: outcome.errors, warnings: outcome.warnings, cacheable: true };
  const scan = scanSource(outcome.code);
  if (!scan.ok) {
    return { kind: "failed", errors: [error("npm-module-build-failed", `the bundle does not parse as an ES module: ${scan.message}`, { file: "<bundle>", line: scan.line, column: scan.column })] };
  }
  const found = codegenDeclared(findingDiagnostics(scan.findings, sourceMapLookup(outcome.sourceMap)), declaration);
  const scanErrors = found.filter((d) => d.severity === "error");
  const warnings = [...outcome.warnings, ...found.filter((d) => d.severity !== "error")];
  if (scanErrors.length && !scanErrors.every(probeCanOverrule)) {
    return { kind: "refused", metafile: outcome.metafile, errors: scanErrors, warnings, cacheable: true };
  }
  return { kind: "bundled", outcome, overrulable: scanErrors, warnings };
}

/** The input files of a build, to tell whether the browser build differs from the default one at all. */
export function inputSet(metafile: Metafile): string {
  return Object.keys(metafile.inputs).sort().join("\n");
}
