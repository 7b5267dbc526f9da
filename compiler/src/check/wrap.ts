// Owns turning a guest program into the module TypeScript checks, the way the runtime runs it (runtime/src/source.ts):
// its static imports hoisted, the rest the body of an async function, so top-level await and return are what they
// are at run time. Owns mapping positions in that module back to the user's source, and the list of imports with
// their spans. Refuses nothing: a source that does not parse is wrapped all the same, and the parser's errors map
// back to the user's lines.

import type TS from "typescript";

export interface ImportedName {
  /** The export asked for: "default" for a default import. */
  name: string;
  /** Span in the user's source. */
  start: number;
  length: number;
}

export interface ProgramImport {
  specifier: string;
  /** Span of the specifier's string literal in the user's source. */
  start: number;
  length: number;
  /** `import type …`: erased before the run, so the catalog is not asked. */
  typeOnly: boolean;
  /** Exports imported as values (none for a namespace or side-effect import). */
  names: ImportedName[];
}

export interface WrappedProgram {
  /** The module TypeScript checks. */
  text: string;
  imports: ProgramImport[];
  /** Spans of `import(…)` calls in the user's source (the runtime refuses them). */
  dynamicImports: Array<{ start: number; length: number }>;
  /** The user's offset for an offset in `text` (clamped to the nearest user text outside it). */
  toSource(offset: number): number;
}

// The body's first line starts a line of its own, so a TypeScript column on it is the user's column.
const HEADER = "export default async function () {\n";

interface Segment {
  at: number;
  from: number;
  length: number;
}

export function wrapProgram(ts: typeof TS, source: string): WrappedProgram {
  const file = ts.createSourceFile("program.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: ProgramImport[] = [];
  const segments: Segment[] = [];
  let text = "";
  let body = "";
  let cursor = 0;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const start = statement.getStart(file);
    const end = statement.getEnd();
    const declaration = source.slice(start, end);
    segments.push({ at: text.length, from: start, length: end - start });
    text += `${declaration}\n`;
    // Blanked, not removed: every other offset of the body stays the user's.
    body += source.slice(cursor, start) + declaration.replace(/[^\n]/g, " ");
    cursor = end;
    imports.push(describeImport(ts, file, statement, statement.moduleSpecifier));
  }
  body += source.slice(cursor);
  text += HEADER;
  segments.push({ at: text.length, from: 0, length: source.length });
  text += `${body}\n}\n`;
  return { text, imports, dynamicImports: dynamicImports(ts, file), toSource: (offset) => toSource(segments, offset) };
}

function dynamicImports(ts: typeof TS, file: TS.SourceFile): WrappedProgram["dynamicImports"] {
  const found: WrappedProgram["dynamicImports"] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push({ start: node.getStart(file), length: node.getWidth(file) });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function toSource(segments: Segment[], offset: number): number {
  let segment: Segment | undefined;
  for (const s of segments) if (s.at <= offset) segment = s;
  if (!segment) return 0;
  return segment.from + Math.min(offset - segment.at, segment.length);
}

function describeImport(ts: typeof TS, file: TS.SourceFile, statement: TS.ImportDeclaration, specifier: TS.StringLiteral): ProgramImport {
  const clause = statement.importClause;
  const typeOnly = clause?.isTypeOnly === true;
  const names: ImportedName[] = [];
  const span = (node: TS.Node) => ({ start: node.getStart(file), length: node.getWidth(file) });
  if (clause && !typeOnly) {
    if (clause.name) names.push({ name: "default", ...span(clause.name) });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) names.push({ name: (element.propertyName ?? element.name).text, ...span(element) });
      }
    }
  }
  return { specifier: specifier.text, ...span(specifier), typeOnly, names };
}
