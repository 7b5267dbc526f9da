// Owns reading what a pack's documentation claims each module exports, so `capsule pack check` can compare it with
// what the module really exports (the probe's list): the value exports of every `declare module "<specifier>"`
// block of a .d.ts (functions, consts, classes, enums, namespaces holding values, `export default`, `export { a }`,
// `export =` — not interfaces or type aliases, which have no run-time export), parsed by TypeScript (no checking);
// and the names a SKILL.md's code examples import from each specifier (static `import { a, b as c } from "…"`
// and default imports, matched in each fenced block: examples are short and need no full parse). Refuses nothing: text that
// does not parse yields what could be read.

import type TS from "typescript";
import { loadTypeScript } from "./type-check.js";

/** specifier → the value names its `declare module` block exports ("default" for a default export). */
export function declaredModuleExports(dtsText: string): Map<string, string[]> {
  const ts = loadTypeScript();
  const file = ts.createSourceFile("types.d.ts", dtsText, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = new Map<string, string[]>();
  for (const st of file.statements) {
    if (!ts.isModuleDeclaration(st) || !ts.isStringLiteral(st.name) || !st.body || !ts.isModuleBlock(st.body)) continue;
    const names = new Set<string>(out.get(st.name.text) ?? []);
    for (const s of st.body.statements) for (const n of valueExportsOf(ts, s)) names.add(n);
    out.set(st.name.text, [...names].sort());
  }
  return out;
}

const hasExport = (ts: typeof TS, s: TS.Node) => (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true;
const hasDefault = (ts: typeof TS, s: TS.Node) => (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) === true;

function valueExportsOf(ts: typeof TS, s: TS.Statement): string[] {
  if (ts.isExportAssignment(s)) return ["default"]; // export default x; export = x
  if (ts.isExportDeclaration(s)) {
    if (s.isTypeOnly || !s.exportClause || !ts.isNamedExports(s.exportClause)) return [];
    return s.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text);
  }
  if (!hasExport(ts, s)) return [];
  if (hasDefault(ts, s)) return ["default"];
  if (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s)) return s.name ? [s.name.text] : [];
  if (ts.isVariableStatement(s)) return s.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if (ts.isModuleDeclaration(s) && ts.isIdentifier(s.name) && namespaceHasValues(ts, s)) return [s.name.text];
  return []; // interface, type alias, type-only namespace
}

function namespaceHasValues(ts: typeof TS, s: TS.ModuleDeclaration): boolean {
  const body = s.body;
  if (!body) return false;
  if (ts.isModuleDeclaration(body)) return namespaceHasValues(ts, body);
  if (!ts.isModuleBlock(body)) return false;
  return body.statements.some((x) => ts.isFunctionDeclaration(x) || ts.isClassDeclaration(x) || ts.isVariableStatement(x) || ts.isEnumDeclaration(x) || (ts.isModuleDeclaration(x) && namespaceHasValues(ts, x)));
}

const FENCE = /^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;
const IMPORT = /\bimport\s+(?:type\s+)?([\w$]+\s*,?\s*)?(?:\{([^}]*)\})?(?:\*\s+as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;

/** specifier → the names a SKILL.md's fenced code examples import from it (`default` for a default import; type-only imports left out). */
export function skillImports(markdown: string): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const block of markdown.matchAll(FENCE)) {
    for (const m of block[2]!.matchAll(IMPORT)) {
      if (/^import\s+type\b/.test(m[0])) continue;
      const names = out.get(m[3]!) ?? new Set<string>();
      if (m[1] && m[1].replace(/[\s,]/g, "")) names.add("default");
      for (const part of (m[2] ?? "").split(",")) {
        const t = part.trim();
        if (!t || t.startsWith("type ")) continue;
        names.add(t.split(/\s+as\s+/)[0]!.trim());
      }
      out.set(m[3]!, names);
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}
