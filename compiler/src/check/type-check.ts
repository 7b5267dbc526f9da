// Owns the TypeScript side of a check: typescript loaded lazily (only a check pays for it), one Program per check
// over an in-memory compiler host that reads no disk and resolves no module through node_modules (every module is an
// ambient declaration), and a cache of parsed declaration SourceFiles — the guest's globals, the module and
// host-function declarations — so a warm check parses and binds only the program itself. Refuses to type-check the
// declarations: only their syntax is reported (skipLibCheck), and only the program's types.

import { createRequire } from "node:module";
import type TS from "typescript";
import { GUEST_COMPILER_OPTIONS } from "./options.js";
import type { DeclarationFile } from "./declarations.js";

export interface TypeCheckInput {
  /** The wrapped program. */
  text: string;
  /** Checked as JavaScript (checkJs: inference, JSDoc) rather than TypeScript. */
  javascript: boolean;
  guestGlobals: string;
  declarations: readonly DeclarationFile[];
}

export interface TsFinding {
  /** Index into `declarations`, or undefined for the program. */
  declaration?: number;
  start: number;
  length: number;
  code: number;
  message: string;
  /** A parser error (or a grammar error the checker reports). */
  syntax: boolean;
}

const DIR = "/capsule";
const GLOBALS_PATH = `${DIR}/guest-globals.d.ts`;
/** Enough for the declaration sets of a few hosts' runs side by side; the globals take one entry. */
const SOURCE_FILE_CACHE_ENTRIES = 64;

let typescript: typeof TS | undefined;

/**
 * typescript, loaded on first use: it is large, and nothing but a check needs it. Required, not imported: import()
 * of a CommonJS module makes Node lex all 9 MB of it for named exports first (measured: most of a cold check).
 */
export function loadTypeScript(): typeof TS {
  typescript ??= createRequire(import.meta.url)("typescript") as typeof TS;
  return typescript;
}

/** By text (a string keeps its hash, so the 500 KB globals are not re-hashed per check); the path must match too. */
const sourceFiles = new Map<string, TS.SourceFile>();
let compilerOptions: TS.CompilerOptions | undefined;

function cachedSourceFile(ts: typeof TS, path: string, text: string): TS.SourceFile {
  let file = sourceFiles.get(text);
  if (file?.fileName === path) {
    sourceFiles.delete(text);
  } else {
    // Declarations carry JSDoc only for people reading them; the checker does not need it parsed.
    file = ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.ES2024, jsDocParsingMode: ts.JSDocParsingMode.ParseNone });
    if (sourceFiles.size >= SOURCE_FILE_CACHE_ENTRIES) sourceFiles.delete(sourceFiles.keys().next().value!);
  }
  sourceFiles.set(text, file);
  return file;
}

function options(ts: typeof TS): TS.CompilerOptions {
  if (!compilerOptions) {
    const converted = ts.convertCompilerOptionsFromJson(GUEST_COMPILER_OPTIONS, DIR);
    if (converted.errors.length) throw new Error(`guest compiler options: ${ts.flattenDiagnosticMessageText(converted.errors[0]!.messageText, " ")}`);
    compilerOptions = converted.options;
  }
  return compilerOptions;
}

export function typeCheck(ts: typeof TS, input: TypeCheckInput): TsFinding[] {
  const programPath = `${DIR}/program.${input.javascript ? "js" : "ts"}`;
  const files = new Map<string, TS.SourceFile>([[GLOBALS_PATH, cachedSourceFile(ts, GLOBALS_PATH, input.guestGlobals)]]);
  const declarationPaths = input.declarations.map((d, i) => {
    const path = `${DIR}/declarations-${i}.d.ts`;
    files.set(path, cachedSourceFile(ts, path, d.text));
    return path;
  });
  files.set(programPath, ts.createSourceFile(programPath, input.text, ts.ScriptTarget.ES2024, false, input.javascript ? ts.ScriptKind.JS : ts.ScriptKind.TS));
  const host: TS.CompilerHost = {
    getSourceFile: (path) => files.get(path),
    getDefaultLibFileName: () => GLOBALS_PATH,
    writeFile: () => undefined,
    getCurrentDirectory: () => DIR,
    getCanonicalFileName: (path) => path,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (path) => files.has(path),
    readFile: (path) => files.get(path)?.text,
    directoryExists: () => false,
    getDirectories: () => [],
    // Nothing resolves through the file system: every module the program may import is an ambient declaration.
    resolveModuleNameLiterals: (literals) => literals.map(() => ({ resolvedModule: undefined })),
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: options(ts), host });
  const findings: TsFinding[] = [];
  const add = (d: TS.Diagnostic, syntax: boolean, declaration?: number) =>
    findings.push({ declaration, start: d.start ?? 0, length: d.length ?? 0, code: d.code, message: ts.flattenDiagnosticMessageText(d.messageText, "\n"), syntax });
  declarationPaths.forEach((path, i) => program.getSyntacticDiagnostics(files.get(path)).forEach((d) => add(d, true, i)));
  const programFile = files.get(programPath)!;
  const syntactic = program.getSyntacticDiagnostics(programFile);
  syntactic.forEach((d) => add(d, true));
  // Type errors in a program that does not parse are mostly echoes of the syntax error.
  if (!syntactic.length) program.getSemanticDiagnostics(programFile).forEach((d) => add(d, d.code < 2000));
  return findings;
}
