// Owns the "how to fix it" line the CLI prints under a diagnostic: read from the one vocabulary, the code tables —
// the compiler's COMPILER_CODES, the CLI's own CLI_CODES and (below, for now) the registry's host-admission codes —
// each row's hint specialised with the diagnostic's details where it names them. A code no table knows (one added
// somewhere later) gets a pointer to the compiler's README instead.

import { COMPILER_CODES, type CodeRow, type HintSource, type HostAdmitCode } from "@capsule/compiler";
import { CLI_CODES } from "./codes.js";

// ── moves to @capsule/registry's REGISTRY_CODES: the registry's verdicts on host declarations, in the same row
//    shape (the integrator replaces this block with that export).
const HOST_ADMISSION_CODES = {
  "host-id-unknown": {
    meaning: "nothing like this host id is pinned",
    hint: "no pin exists for this host id: host modules exist only by pin, so use a guest module instead, or ask the application embedding Capsule to register the host module",
  },
  "host-id-not-pinned": {
    meaning: "the host id is pinned to another package",
    hint: "this host id is pinned to another package; only that package may declare it: remove the declaration and depend on (or import) the pinned pack instead",
  },
  "host-id-lookalike": {
    meaning: "the host id is not pinned but imitates one that is (case, confusable letters, separators)",
    hint: "the id imitates a pinned one (case, confusable letters or separators): declare the exact pinned id only if this is the pinned package, otherwise remove it",
  },
} as const satisfies Record<HostAdmitCode, CodeRow>;
// ── end of the block that moves to @capsule/registry

const TABLES: ReadonlyArray<Readonly<Record<string, CodeRow>>> = [COMPILER_CODES, HOST_ADMISSION_CODES, CLI_CODES];

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
