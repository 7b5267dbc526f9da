// `capsule pack check <dir>`: the pack author's loop. Validates the manifest of the pack in <dir> (which may
// sit outside every root), compiles and probes that pack alone (shared cache, catalog file untouched), and
// prints each module's status — refusals first — with every error and a hint on how to fix it, warnings of one
// code collapsed into one line with their count and places; then compares the pack's .d.ts and SKILL.md with the
// real exports (pack-declarations.ts). Exits 1 when the manifest is invalid, any module is refused or the
// declarations are stale, 2 when <dir> is not a folder.

import { promises as fsp } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkManifest, type CompileResult, type Diagnostic } from "@capsule/compiler";
import { compileRoots } from "./catalog-file.js";
import { hintFor } from "./hints.js";
import { checkDocumentation } from "./pack-declarations.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { shown as safe, shownMessage } from "./terminal-text.js";
import { readUntrusted } from "./untrusted-files.js";

interface PackCheckOptions extends LocationOptions {
  json?: boolean;
}

interface CheckedModule {
  specifier: string;
  kind: "guest" | "host" | "wasm" | "unknown";
  status: "admitted" | "pending" | "refused";
  code?: string;
  message?: string;
  digest?: string;
  exports?: string[];
  diagnostics: Array<Diagnostic & { hint: string }>;
}

interface CheckReport {
  ok: boolean;
  dir: string;
  pack?: { name?: string; version?: string };
  /** Problems of the pack as a whole (manifest, files, sizes), each with a hint. */
  diagnostics: Array<Diagnostic & { hint: string }>;
  modules: CheckedModule[];
  notes: string[];
}

const withHint = (d: Diagnostic) => ({ ...d, hint: hintFor(d) });

export async function packCheckCommand(dirArg: string, options: PackCheckOptions): Promise<number> {
  const dir = path.resolve(dirArg);
  const stat = await fsp.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) {
    process.stderr.write(`capsule pack check: ${dirArg} is not a folder\n`);
    return 2;
  }
  const report = await checkPack(dir, options);
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else printReport(report);
  return report.ok ? 0 : 1;
}

async function checkPack(dir: string, options: LocationOptions): Promise<CheckReport> {
  const report: CheckReport = { ok: false, dir, diagnostics: [], modules: [], notes: [] };
  const manifestFile = path.join(dir, "package.json");
  // A package.json linked out of the pack is not read (its text was echoed in the JSON error: /etc/passwd's first line).
  const real = await fsp.realpath(manifestFile).catch(() => manifestFile);
  const realDir = await fsp.realpath(dir).catch(() => dir);
  if (path.relative(realDir, real).startsWith("..") || path.isAbsolute(path.relative(realDir, real))) {
    report.diagnostics.push(withHint({ code: "manifest-path-escape", severity: "error", message: "package.json is a link to a file outside the pack; make it a file of the pack", file: "package.json" }));
    return report;
  }
  let pkg: unknown;
  try {
    const read = readUntrusted(manifestFile);
    if (!read.ok) throw Object.assign(new Error(read.message), { code: read.why === "missing" ? "ENOENT" : undefined });
    pkg = JSON.parse(read.text);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `cannot be read (${(error as Error).message})`;
    report.diagnostics.push(withHint({ code: "manifest-unreadable", severity: "error", message: `package.json ${why}`, file: "package.json" }));
    return report;
  }
  const manifest = checkManifest(pkg);
  if (!manifest.ok) {
    report.pack = { name: manifest.name, version: manifest.version };
    report.diagnostics.push(...manifest.diagnostics.map(withHint));
    return report;
  }
  report.pack = { name: manifest.manifest.name, version: manifest.manifest.version };
  if (!manifest.manifest.capsule.skill) report.notes.push("no SKILL.md is declared (capsule.skill): guest authors will see no summary or examples for these modules");
  if (!manifest.manifest.capsule.types) report.notes.push("no type declarations are declared (capsule.types): TypeScript guests will see these imports as any");

  // Compile this pack alone: a throwaway root holding one link to it (discovery follows the link to the real folder).
  const root = await fsp.mkdtemp(path.join(tmpdir(), "capsule-check-"));
  let result: CompileResult;
  try {
    const link = path.join(root, "pack");
    await fsp.symlink(await fsp.realpath(dir), link, process.platform === "win32" ? "junction" : "dir");
    result = await compileRoots(resolveLocations(options), { roots: [root], save: false });
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
  const local = (d: Diagnostic): Diagnostic => (d.location?.startsWith(root) ? { ...d, location: dir } : d);
  const diagnostics = result.diagnostics.map(local);
  const forModule = (specifier: string) => diagnostics.filter((d) => d.specifier === specifier).map(withHint);
  report.diagnostics.push(...diagnostics.filter((d) => !d.specifier).map(withHint));
  for (const m of result.catalog.modules) {
    report.modules.push({ specifier: m.specifier, kind: m.kind, status: "admitted", digest: m.sha256, exports: m.exports, diagnostics: forModule(m.specifier) });
  }
  for (const m of result.catalog.pending) {
    report.modules.push({ specifier: m.specifier, kind: m.kind, status: "pending", message: `${m.kind} declaration: admitted later by ${m.kind === "host" ? "the registry's pins" : "the wasm validator"}`, diagnostics: forModule(m.specifier) });
  }
  for (const m of result.catalog.refused) {
    const own = forModule(m.specifier);
    const errors = own.filter((d) => d.severity === "error");
    // A refusal always carries its reason; if the compiler left no diagnostic for it, hint from the refusal itself.
    if (!errors.length && !report.diagnostics.some((d) => d.severity === "error")) own.unshift(withHint({ code: m.code as Diagnostic["code"], severity: "error", message: m.message, specifier: m.specifier }));
    const kind = m.code.startsWith("host-id-") ? "host" : own.length ? "guest" : "unknown";
    report.modules.push({ specifier: m.specifier, kind, status: "refused", code: m.code, message: m.message, diagnostics: own });
  }
  // The pack's .d.ts and SKILL.md against the real exports (stale declarations refuse the check).
  const documented = await checkDocumentation({
    dir,
    name: manifest.manifest.name,
    types: manifest.manifest.capsule.types,
    skill: manifest.manifest.capsule.skill,
    modules: result.catalog.modules.map((m) => ({ specifier: m.specifier, exports: m.exports })),
    declared: report.modules.map((m) => m.specifier),
  });
  for (const d of documented) {
    const m = report.modules.find((x) => x.specifier === d.specifier);
    if (m) m.diagnostics.push(withHint(d));
    else report.diagnostics.push(withHint(d));
  }
  // Refusals first (what needs fixing), then pending, then admitted; by specifier within each.
  const rank = { refused: 0, pending: 1, admitted: 2 } as const;
  report.modules.sort((a, b) => rank[a.status] - rank[b.status] || (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
  report.ok =
    !report.modules.some((m) => m.status === "refused") &&
    !diagnostics.some((d) => d.severity === "error") &&
    !documented.some((d) => d.severity === "error");
  return report;
}

function where(d: Diagnostic): string {
  if (d.origin) return ` at ${d.origin.file}:${d.origin.line}:${d.origin.column}`;
  if (d.file && d.file !== "<bundle>") return ` at ${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ""}` : ""}`;
  if (d.path) return ` at ${d.path}`;
  return "";
}

function printDiagnostic(d: Diagnostic & { hint: string }, indent: string): void {
  const at = where(d);
  let message = d.message;
  // Manifest messages start with their field path: print it once, after "at".
  if (d.path && at === ` at ${d.path}` && message.startsWith(d.path)) message = message.slice(d.path.length).replace(/^:?\s*/, "");
  const shown = at && !message.includes(at.slice(4)) ? at : "";
  process.stdout.write(`${indent}${d.severity} ${safe(d.code)}${shownMessage(shown)}: ${shownMessage(message)}\n${indent}  hint: ${shownMessage(d.hint)}\n`);
}

/** Warnings repeated under one code are printed once with a count and their places (a large library has dozens). */
const WARNING_PLACES_SHOWN = 4;

function printDiagnostics(list: ReadonlyArray<Diagnostic & { hint: string }>, indent: string): void {
  const errors = list.filter((d) => d.severity === "error");
  for (const d of errors) printDiagnostic(d, indent);
  const byCode = new Map<string, Array<Diagnostic & { hint: string }>>();
  for (const d of list) if (d.severity !== "error") byCode.set(d.code, [...(byCode.get(d.code) ?? []), d]);
  for (const [code, group] of byCode) {
    if (group.length === 1) {
      printDiagnostic(group[0]!, indent);
      continue;
    }
    const places = [...new Set(group.map((d) => where(d).replace(/^ at /, "")).filter(Boolean))];
    const shownPlaces = places.slice(0, WARNING_PLACES_SHOWN).map((p) => shownMessage(p)).join(", ");
    const more = places.length > WARNING_PLACES_SHOWN ? `, and ${places.length - WARNING_PLACES_SHOWN} more` : "";
    process.stdout.write(`${indent}warning ${safe(code)} ×${group.length}${shownPlaces ? ` at ${shownPlaces}${more}` : ""}: ${shownMessage(group[0]!.message)}\n${indent}  hint: ${shownMessage(group[0]!.hint)}\n`);
  }
}

function printReport(report: CheckReport): void {
  const name = report.pack?.name !== undefined ? safe(report.pack.name) : "(unnamed pack)";
  process.stdout.write(`pack ${name}${report.pack?.version ? ` ${safe(report.pack.version)}` : ""} (${report.dir})\n`);
  printDiagnostics(report.diagnostics, "  ");
  for (const m of report.modules) {
    const facts =
      m.status === "admitted"
        ? `sha256 ${m.digest!.slice(0, 12)}  exports: ${m.exports!.length ? m.exports!.map((e) => safe(e)).join(", ") : "(none)"}`
        : m.status === "refused"
          ? safe(m.code!)
          : shownMessage(m.message!);
    process.stdout.write(`  ${m.status.padEnd(8)} ${safe(m.specifier)}  ${facts}\n`);
    printDiagnostics(m.diagnostics, "    ");
  }
  for (const note of report.notes) process.stdout.write(`  note: ${note}\n`);
  const n = (s: CheckedModule["status"]) => report.modules.filter((m) => m.status === s).length;
  if (report.modules.length) {
    const isStale = (d: Diagnostic) => d.severity === "error" && (d.code as string).startsWith("pack-") && (d.code as string).endsWith("-stale");
    const stale = report.diagnostics.some(isStale) || report.modules.some((m) => m.diagnostics.some(isStale));
    process.stdout.write(`${report.ok ? "ok" : "refused"}: ${n("admitted")} admitted, ${n("pending")} pending, ${n("refused")} refused${stale ? "; the pack's declarations or examples are stale" : ""}\n`);
  } else {
    const n = report.diagnostics.filter((d) => d.severity === "error").length;
    process.stdout.write(`refused: the manifest is not valid (${n} problem${n === 1 ? "" : "s"})\n`);
  }
}
