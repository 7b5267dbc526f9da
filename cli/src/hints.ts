// Owns the "how to fix it" line the CLI prints under a diagnostic: read from the one vocabulary, the code tables —
// the compiler's COMPILER_CODES, the registry's REGISTRY_CODES (host admission, dispatch, serving), the CLI's CLI_CODES —
// each row's hint specialised with the diagnostic's details where it names them. A code no table knows (one added
// somewhere later) gets a pointer to the compiler's README instead.

import { COMPILER_CODES, type CodeRow, type HintSource } from "@capsule/compiler";
import { REGISTRY_CODES } from "@capsule/registry";
import { CLI_CODES } from "./codes.js";

const TABLES: ReadonlyArray<Readonly<Record<string, CodeRow>>> = [COMPILER_CODES, REGISTRY_CODES, CLI_CODES];

function rowOf(code: string): CodeRow | undefined {
  const table = TABLES.find((t) => Object.prototype.hasOwnProperty.call(t, code));
  return table?.[code];
}

/** How to fix the diagnostic, in one line. */
export function hintFor(d: HintSource): string {
  const row = rowOf(d.code);
  if (!row) return "see the compiler's README for this code";
  return typeof row.hint === "string" ? row.hint : row.hint(d);
}

/** Whether a code has its own hint (tests use it to prove every compiler code is covered). */
export function hasHint(code: string): boolean {
  return rowOf(code) !== undefined;
}
