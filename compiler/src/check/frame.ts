// Owns the code frame under a check diagnostic: the user's lines around a position, numbered, with a caret line
// under the span — what a person or a model reads to find the problem without opening the file. Refuses to invent
// text: a position past the end is shown at the last line.

const BEFORE = 2;
const AFTER = 1;

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** The 1-based line and column of a 0-based offset. */
export function positionOf(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(0, offset), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Lines around `at` with a `>` marker and carets under `length` characters (at least one). */
export function codeFrame(text: string, at: Position, length: number): string {
  const lines = text.split(/\r?\n/);
  const index = Math.min(at.line, lines.length) - 1;
  const first = Math.max(0, index - BEFORE);
  const last = Math.min(lines.length - 1, index + AFTER);
  const width = String(last + 1).length;
  const out: string[] = [];
  for (let i = first; i <= last; i++) {
    const line = lines[i]!;
    out.push(`${i === index ? ">" : " "} ${String(i + 1).padStart(width)} | ${line}`.trimEnd());
    if (i !== index) continue;
    const column = Math.min(at.column, line.length + 1);
    // Tabs stay tabs so the carets line up with the text above them.
    const indent = line.slice(0, column - 1).replace(/[^\t]/g, " ");
    const carets = "^".repeat(Math.max(1, Math.min(length, line.length - column + 1)));
    out.push(`  ${" ".repeat(width)} | ${indent}${carets}`);
  }
  return out.join("\n");
}
