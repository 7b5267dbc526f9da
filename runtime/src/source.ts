// Owns turning a guest's source into the main module the worker evaluates: static imports hoisted, the body
// wrapped in an async function (so top-level await and return work), TypeScript stripped by the host's transform
// power (esbuild in Node, sucrase in the browser runner).
// Refuses dynamic import() and unparsable source with the user's own line and column. Results are cached.

import { init as lexerReady, parse as lexImports } from "es-module-lexer";
import { parse as acornParse } from "acorn";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { runError, type RunError } from "./errors.js";
import { MAX_SOURCE_LENGTH, SOURCE_CACHE_ENTRIES } from "./limits.js";
import { LEGACY_STATICS_HOOK, mentionsLegacyStatics } from "./legacy-statics.js";

// Named, so the program's frames read "at program (main.js:…)" whether or not TypeScript was stripped.
const HEADER = "export default async function program() {";

/**
 * Strips TypeScript from `code` (es2022, ESM), with a source map back to it. Throws on a syntax error in esbuild's
 * shape: `{ errors: [{ text, location: { line, column } }] }` (line from 1, column from 0).
 */
export type Transform = (code: string, options: { sourcefile: string }) => Promise<{ code: string; map: string }>;

export interface PreparedSource {
  ok: true;
  /** The main module as plain JS. */
  code: string;
  /** Module name the main module is evaluated under. */
  filename: string;
  /** Specifiers of its static imports, in source order, deduplicated. */
  imports: string[];
  /** Maps a line and column of `code` back to the user's source. */
  locate: (line: number, column: number) => { line: number; column: number } | undefined;
}

export type PrepareResult = PreparedSource | { ok: false; error: RunError };

const cache = new Map<string, Promise<PrepareResult>>();

/** Prepares `source` once; repeated runs of the same source reuse the result. */
export function prepareSource(source: string, filename: string, transform: Transform): Promise<PrepareResult> {
  const key = `${filename}\0${source}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const prepared = prepare(source, filename, transform);
  cache.set(key, prepared);
  if (cache.size > SOURCE_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return prepared;
}

async function prepare(source: string, filename: string, transform: Transform): Promise<PrepareResult> {
  if (source.length > MAX_SOURCE_LENGTH) {
    return { ok: false, error: runError("E_BAD_REQUEST", `source is ${source.length} characters; the most a run accepts is ${MAX_SOURCE_LENGTH}`) };
  }
  await lexerReady;
  let lexed: ReturnType<typeof lexImports>[0];
  try {
    [lexed] = lexImports(source, filename);
  } catch {
    // The lexer gave up; esbuild either says precisely what is wrong or shows the source needs no hoisting.
    return transpile(transform, filename, `${HEADER}${source}\n}\n`, [], HEADER, lineCount(source));
  }
  const imports: string[] = [];
  const hoisted: string[] = [];
  let body = "";
  let cursor = 0;
  for (const entry of lexed) {
    if (entry.type === "dynamic") {
      const { line, column } = lineColumn(source, entry.start);
      return {
        ok: false,
        error: runError("E_DYNAMIC_IMPORT", `dynamic import() is not allowed in the sandbox (${filename}:${line}:${column}); import modules statically at the top of the program`, "SyntaxError", `    at ${filename}:${line}:${column}`),
      };
    }
    if (entry.type === "import-meta") continue;
    if (entry.type === "reexport-star") continue; // an export in a function body: esbuild reports the syntax error
    const statement = source.slice(entry.importStart, entry.importEnd);
    hoisted.push(statement.endsWith(";") ? statement : `${statement};`);
    if (!entry.typeOnly && !imports.includes(entry.specifier)) imports.push(entry.specifier);
    body += source.slice(cursor, entry.importStart) + statement.replace(/[^\n]/g, " ");
    cursor = entry.importEnd;
  }
  body += source.slice(cursor);
  // Imports go after the body: ES module imports are hoisted wherever they stand, and the user's lines keep their numbers.
  // A program that reads the legacy RegExp statics turns them on at its module's top level, before program() runs.
  const wrapped = `${HEADER}${body}\n}\n${hoisted.join("\n")}\n${mentionsLegacyStatics(source) ? `${LEGACY_STATICS_HOOK}\n` : ""}`;
  if (isPlainJavaScript(wrapped)) {
    return { ok: true, code: wrapped, filename, imports, locate: (line, column) => ({ line, column: line === 1 ? Math.max(1, column - HEADER.length) : column }) };
  }
  return transpile(transform, filename, wrapped, imports, HEADER, lineCount(source));
}

function isPlainJavaScript(code: string): boolean {
  try {
    acornParse(code, { ecmaVersion: "latest", sourceType: "module" });
    return true;
  } catch {
    return false;
  }
}

/** Strips TypeScript; a failure here is the user's syntax error, reported at their line and column. */
async function transpile(transform: Transform, filename: string, wrapped: string, imports: string[], header: string, sourceLines: number): Promise<PrepareResult> {
  try {
    const out = await transform(wrapped, { sourcefile: filename });
    const map = new TraceMap(out.map);
    return {
      ok: true,
      code: out.code,
      filename,
      imports,
      locate: (line, column) => {
        const pos = originalPositionFor(map, { line, column: Math.max(0, column - 1) });
        if (pos.line === null) return undefined;
        const col = pos.column + 1;
        return { line: pos.line, column: pos.line === 1 ? Math.max(1, col - header.length) : col };
      },
    };
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { line: number; column: number } }> }).errors?.[0];
    if (!first) return { ok: false, error: runError("E_INTERNAL", `stripping TypeScript failed: ${String(error)}`) };
    // The wrapper adds lines after the user's source: an error found there (an unclosed bracket) is at its end.
    const lines = wrapped.slice(header.length).split("\n");
    const userLines = Math.max(1, sourceLines);
    let line = first.location?.line ?? 1;
    let column = (first.location?.column ?? 0) + 1 - (line === 1 ? header.length : 0);
    let text = first.text;
    if (line > userLines) {
      line = userLines;
      column = (lines[userLines - 1] ?? "").length + 1;
      text = `the program ends too early (an unclosed bracket, string, comment or template?): ${text}`;
    }
    const where = `${filename}:${line}:${Math.max(1, column)}`;
    return { ok: false, error: runError("E_SYNTAX", `${text} (${where})`, "SyntaxError", `    at ${where}`) };
  }
}

function lineCount(source: string): number {
  let lines = 1;
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) lines++;
  return lines;
}

function lineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Rewrites `(file:line:col)` frames of a guest stack to the user's own positions. */
export function mapGuestStack(stack: string, prepared: PreparedSource): string {
  const escaped = prepared.filename.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return stack.replace(new RegExp(`${escaped}:(\\d+)(?::(\\d+))?`, "g"), (match, l: string, c?: string) => {
    const pos = prepared.locate(Number(l), c ? Number(c) : 1);
    return pos ? `${prepared.filename}:${pos.line}:${pos.column}` : match;
  });
}
