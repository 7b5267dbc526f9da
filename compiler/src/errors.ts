// Owns the one error class the compiler throws at its API boundary. Almost everything the compiler decides is
// returned as data (diagnostics, refusals, typed results with codes); a CompilerError is only for a caller's
// argument that no result can carry (a cache-key part canonical JSON cannot encode). Refuses any code that is not
// a row of codes.ts.

import type { Code } from "./codes.js";

export class CompilerError extends Error {
  override readonly name = "CompilerError";
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}
