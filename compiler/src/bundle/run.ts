// Owns running one esbuild build for a guest module and classifying the outcome: bundled (code, source
// map, metafile), refused after a successful build (cacheable: the metafile names the inputs), or failed
// (unresolved imports, imports an `exports` map hides, syntax errors: not cacheable). Maps esbuild messages to coded diagnostics with
// pack-relative files; refuses output over MODULE_OUTPUT_MAX_BYTES.

import path from "node:path";
import { error, formatBytes, warning, type Diagnostic } from "../diagnostics.js";
import type { BuildOptions, BuildResult, Bundler, Message, Metafile } from "./bundler.js";
import { exportsBlocked } from "./exports-blocked.js";
import { BUNDLE_OPTIONS, OUTFILE_NAME } from "./options.js";

/** Prefix of virtual inputs in metafiles (the generated npm entry). */
export const VIRTUAL_NAMESPACE = "capsule-entry";
export const VIRTUAL_ENTRY = "<entry>";

export type BundleOutcome =
  | { kind: "bundled"; code: string; sourceMap?: string; metafile: Metafile; warnings: Diagnostic[] }
  | { kind: "refused"; metafile: Metafile; errors: Diagnostic[]; warnings: Diagnostic[] }
  | { kind: "failed"; errors: Diagnostic[]; esbuildErrors?: Message[] };

export interface RunContext {
  bundler: Bundler;
  packRoot: string;
  maxOutputBytes: number;
}

function displayFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  if (file.startsWith(`${VIRTUAL_NAMESPACE}:`)) return "<entry>";
  return file.split(path.sep).join("/");
}

function messageDiagnostic(m: Message, fallbackCode: "npm-module-build-failed" | "npm-module-bundle-warning", workingDir: string): Diagnostic {
  const file = displayFile(m.location?.file);
  const loc = m.location ? { file, line: m.location.line, column: m.location.column + 1 } : {};
  const where = file ? ` (${file}${m.location ? `:${m.location.line}:${m.location.column + 1}` : ""})` : "";
  const unresolved = /^Could not resolve "(.*)"$/.exec(m.text);
  if (unresolved && fallbackCode === "npm-module-build-failed") {
    // Installed, but its package's `exports` map hides that subpath: "install it" would be wrong.
    const blocked = exportsBlocked(m, unresolved[1]!, workingDir);
    if (blocked) {
      const allowed = blocked.exported.length ? `; it exports ${blocked.exported.map((e) => `"${e}"`).join(", ")}` : "";
      return error(
        "npm-module-exports-blocked",
        `"${blocked.spec}"${file ? ` (imported by ${file})` : ""} is installed, but the \`exports\` map of package "${blocked.pkg}" does not export "${blocked.subpath}"${allowed}`,
        { ...loc, details: { import: blocked.spec, package: blocked.pkg, subpath: blocked.subpath, exported: blocked.exported.join(", ") } },
      );
    }
    return error(
      "npm-module-unresolved",
      `cannot resolve "${unresolved[1]}"${file ? ` imported by ${file}` : ""}; install it in the pack's node_modules (or a parent's) and declare it`,
      { ...loc, details: { import: unresolved[1] } },
    );
  }
  return fallbackCode === "npm-module-build-failed"
    ? error(fallbackCode, `esbuild: ${m.text}${where}`, loc)
    : warning(fallbackCode, `esbuild: ${m.text}${where}`, loc);
}

/** True when the only errors are the generated entry's `export { default }` finding no default export. */
export function isMissingDefaultExport(errors: readonly Message[] | undefined): boolean {
  return (
    errors !== undefined &&
    errors.length > 0 &&
    errors.every((m) => /^No matching export in ".*" for import "default"$/.test(m.text) && displayFile(m.location?.file) === "<entry>")
  );
}

/**
 * Builds with the shared options plus `extra`; never throws. `refusals` and `pluginWarnings` are collected
 * by plugins (complete once the build returns: plugins finish their work in onEnd).
 */
export async function runBuild(ctx: RunContext, extra: BuildOptions, refusals: Diagnostic[], pluginWarnings: Diagnostic[] = []): Promise<BundleOutcome> {
  let result: BuildResult;
  try {
    result = await ctx.bundler.build({
      ...BUNDLE_OPTIONS,
      absWorkingDir: ctx.packRoot,
      outfile: path.join(ctx.packRoot, OUTFILE_NAME),
      ...extra,
    });
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (Array.isArray(errors) && errors.length) {
      const diags = errors.map((m) => messageDiagnostic(m, "npm-module-build-failed", ctx.packRoot));
      return { kind: "failed", errors: [...refusals, ...diags], esbuildErrors: errors };
    }
    return { kind: "failed", errors: [error("npm-module-build-failed", `esbuild failed: ${(e as Error).message ?? String(e)}`)] };
  }
  const metafile = result.metafile!;
  const warnings = [...pluginWarnings, ...result.warnings.map((m) => messageDiagnostic(m, "npm-module-bundle-warning", ctx.packRoot))];
  if (refusals.length) return { kind: "refused", metafile, errors: refusals, warnings };
  const outputs = result.outputFiles ?? [];
  const js = outputs.find((o) => o.path.endsWith(".js"));
  const map = outputs.find((o) => o.path.endsWith(".js.map"));
  if (!js) return { kind: "failed", errors: [error("npm-module-build-failed", "esbuild produced no JavaScript output")] };
  const size = js.contents.byteLength;
  if (size > ctx.maxOutputBytes) {
    return {
      kind: "refused",
      metafile,
      warnings,
      errors: [
        error(
          "npm-module-too-large",
          `the bundle is ${formatBytes(size)}, over the ${formatBytes(ctx.maxOutputBytes)} cap; import a narrower subpath or split the module`,
          { details: { size, limit: ctx.maxOutputBytes } },
        ),
      ],
    };
  }
  return { kind: "bundled", code: js.text, sourceMap: map?.text, metafile, warnings };
}
