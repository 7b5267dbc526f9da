// Owns the TypeScript compiler options a guest program is checked with, in tsconfig form, so that checkProgram and
// the tsconfig.json `capsule init` writes cannot drift apart. Refuses everything a guest does not have: no default
// lib (the guest's own globals file stands in for it), no @types packages, and files are always modules.

/** The `compilerOptions` of a guest program (tsconfig.json spelling). */
export const GUEST_COMPILER_OPTIONS = {
  target: "es2024",
  module: "esnext",
  moduleResolution: "bundler",
  // Every program is a module, so top-level await type-checks in a file with no import.
  moduleDetection: "force",
  // The guest's globals replace TypeScript's lib, and no @types package (node's process, require, timers) leaks in.
  noLib: true,
  types: [],
  strict: true,
  // Not run-time problems: an unannotated parameter runs, and a caught error is whatever was thrown.
  noImplicitAny: false,
  useUnknownInCatchVariables: false,
  allowJs: true,
  checkJs: true,
  noEmit: true,
  skipLibCheck: true,
} as const;
