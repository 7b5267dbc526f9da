// Owns the Diagnostic shape and its constructors. A diagnostic never carries a stack trace; file paths
// inside it are relative to the pack root unless the field says otherwise (`location` is absolute).

import type { Code } from "./codes.js";

export type Severity = "error" | "warning" | "info";

export interface Diagnostic {
  code: Code;
  severity: Severity;
  /** What was refused or noticed, and what to do about it. */
  message: string;
  /** Pack name, when known. */
  pack?: string;
  /** Module specifier, when the diagnostic is about one module. */
  specifier?: string;
  /** Absolute folder of the pack as found under its root (operator-facing). */
  location?: string;
  /** Field path inside package.json, e.g. `capsule.modules['./x'].kind`. */
  path?: string;
  /** File the finding is in, relative to the pack root (bundled output is `<bundle>`). */
  file?: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  column?: number;
  /** Where a bundled-output finding came from, mapped through esbuild's source map. */
  origin?: { file: string; line: number; column: number };
  /** Structured extras (builtin names, sizes, …) for tools. */
  details?: Record<string, unknown>;
}

export function error(code: Code, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: "error", message, ...extra };
}

export function warning(code: Code, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: "warning", message, ...extra };
}

export function info(code: Code, message: string, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { code, severity: "info", message, ...extra };
}

/** Formats a byte count as a short human string (e.g. "1.2 MiB"). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(2)} MiB`;
}
