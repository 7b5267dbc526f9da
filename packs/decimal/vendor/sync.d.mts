// Declarations for sync.mjs (used by tests/decimal.test.ts).
export declare const UPSTREAM: string;
export declare const PATCHED: string;
/** Absolute path of the installed decimal.js ESM build. */
export declare function upstreamPath(): string;
/** The vendored text for an upstream decimal.mjs text; throws if the patched line is not there exactly once. */
export declare function patchedSource(upstream: string): string;
