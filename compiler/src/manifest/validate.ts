// Owns the whole manifest verdict without touching the disk: schema validation, reserved names,
// duplicate subpaths, lexical path escapes and `npm` naming a declared dependency. Every problem is
// returned as a diagnostic (all of them, not only the first); nothing here throws on bad input.

import { error, type Diagnostic } from "../diagnostics.js";
import type { ModuleDeclaration, PackManifest } from "../types.js";
import { formatFieldPath, validateManifestSchema } from "./schema.js";
import { lexicalPathProblem } from "./paths.js";
import { checkPackName, checkSubpaths, specifierOf } from "./subpaths.js";

export interface ManifestModule {
  /** Key as written in the manifest. */
  key: string;
  /** Normalized subpath. */
  subpath: string;
  specifier: string;
  declaration: ModuleDeclaration;
}

export type ManifestCheck =
  | { ok: true; manifest: PackManifest; modules: ManifestModule[] }
  | { ok: false; name?: string; version?: string; declaredSubpaths: string[]; diagnostics: Diagnostic[] };

/** Package name of an `npm` spec: "date-fns/format" → "date-fns", "@a/b/c" → "@a/b". */
export function npmPackageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** Validates a parsed package.json as a Capsule pack manifest. */
export function checkManifest(pkg: unknown): ManifestCheck {
  const obj = pkg !== null && typeof pkg === "object" && !Array.isArray(pkg) ? (pkg as Record<string, unknown>) : {};
  const capsule = obj.capsule as Record<string, unknown> | undefined;
  const rawModules =
    capsule && typeof capsule === "object" && capsule.modules && typeof capsule.modules === "object" && !Array.isArray(capsule.modules)
      ? (capsule.modules as Record<string, unknown>)
      : {};
  const declaredSubpaths = Object.keys(rawModules);
  const refuse = (diagnostics: Diagnostic[]): ManifestCheck => ({
    ok: false,
    name: str(obj.name),
    version: str(obj.version),
    declaredSubpaths,
    diagnostics,
  });

  const schemaErrors = validateManifestSchema(pkg);
  if (schemaErrors.length) return refuse(schemaErrors);

  const manifest: PackManifest = {
    name: obj.name as string,
    version: obj.version as string,
    dependencies: { ...((obj.dependencies as Record<string, string> | undefined) ?? {}) },
    capsule: capsule as unknown as PackManifest["capsule"],
  };
  const diagnostics: Diagnostic[] = [...checkPackName(manifest.name)];

  for (const field of ["skill", "types"] as const) {
    const p = manifest.capsule[field];
    if (p === undefined) continue;
    const problem = lexicalPathProblem(p);
    const path = formatFieldPath(["capsule", field]);
    if (problem) diagnostics.push(error("manifest-path-escape", `${path} "${p}" ${problem}`, { path }));
  }

  const { normalized, diagnostics: subpathDiagnostics } = checkSubpaths(declaredSubpaths);
  diagnostics.push(...subpathDiagnostics);

  const modules: ManifestModule[] = [];
  for (const [key, declaration] of Object.entries(manifest.capsule.modules)) {
    const subpath = normalized.get(key);
    if (subpath === undefined) continue;
    if (declaration.kind === "guest" && "npm" in declaration) {
      const dep = npmPackageName(declaration.npm);
      const path = formatFieldPath(["capsule", "modules", key, "npm"]);
      if (declaration.npm.split("/").some((s) => s === "." || s === "..")) {
        diagnostics.push(error("manifest-path-escape", `${path} "${declaration.npm}" has a . or .. segment`, { path }));
      } else if (!Object.prototype.hasOwnProperty.call(manifest.dependencies, dep)) {
        diagnostics.push(
          error("manifest-npm-not-dependency", `${path} names "${dep}", which is not in the pack's dependencies; add it to "dependencies"`, {
            path,
          }),
        );
      }
    }
    const fileField = declaration.kind === "guest" && "source" in declaration ? "source" : declaration.kind === "wasm" ? "file" : undefined;
    if (fileField) {
      const p = (declaration as Record<string, string>)[fileField]!;
      const problem = lexicalPathProblem(p);
      const path = formatFieldPath(["capsule", "modules", key, fileField]);
      if (problem) diagnostics.push(error("manifest-path-escape", `${path} "${p}" ${problem}`, { path }));
    }
    modules.push({ key, subpath, specifier: specifierOf(manifest.name, subpath), declaration });
  }

  if (diagnostics.some((d) => d.severity === "error")) return refuse(diagnostics);
  modules.sort((a, b) => (a.subpath < b.subpath ? -1 : a.subpath > b.subpath ? 1 : 0));
  return { ok: true, manifest, modules };
}
