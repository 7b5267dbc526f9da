// Owns the shape of what checkProgram reports — a typed diagnostic with the user's line and column, a code frame and
// the hint of its code's row in COMPILER_CODES — and building one from a span of a text. Refuses codes outside the
// check-* rows: `CheckCode` is those keys only.

import { COMPILER_CODES, type Code, type CodeRow } from "../codes.js";
import { codeFrame, positionOf } from "./frame.js";

export type CheckCode = Extract<Code, `check-${string}`>;

export interface CheckDiagnostic {
  code: CheckCode;
  /** What is wrong, naming the thing (module, export, global, TypeScript's own words for a type error). */
  message: string;
  /** 1-based, in the program (or in `file`, when set). */
  line: number;
  /** 1-based. */
  column: number;
  /** The lines around it with a caret under the span. */
  frame: string;
  /** How to fix it: the hint of the code's row in COMPILER_CODES. */
  hint: string;
  /** Set only when the problem is in declarations given to the check, not in the program. */
  file?: string;
  /** TypeScript's diagnostic number (2322 for TS2322), for check-type and check-syntax. */
  tsCode?: number;
  /** Structured extras (the specifier, the export, the exports a module has), for tools. */
  details?: Record<string, string>;
}

export interface DiagnosticSpan {
  /** The text the span is in (the user's source, or a declarations text). */
  text: string;
  start: number;
  length: number;
}

export function checkDiagnostic(
  code: CheckCode,
  message: string,
  span: DiagnosticSpan,
  extra: Pick<CheckDiagnostic, "file" | "tsCode" | "details"> = {},
): CheckDiagnostic {
  const at = positionOf(span.text, span.start);
  const row: CodeRow = COMPILER_CODES[code];
  const hint = typeof row.hint === "string" ? row.hint : row.hint({ code, message, details: extra.details });
  return { code, message, line: at.line, column: at.column, frame: codeFrame(span.text, at, span.length), hint, ...extra };
}

/** Program order: by line, then column; declarations problems last. */
export function byPosition(a: CheckDiagnostic, b: CheckDiagnostic): number {
  return Number(a.file !== undefined) - Number(b.file !== undefined) || a.line - b.line || a.column - b.column;
}
