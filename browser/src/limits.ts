// The browser runner's own limits and timings (run limits are the runtime's, in @capsule/runtime's limits.ts).

/** A run whose import is not in the index refetches the index first, at most this often per sandbox (packs may have been installed since). */
export const INDEX_REFRESH_MIN_MS = 2_000;
/** Guest workers (runs in parallel) per sandbox unless `workers` says otherwise. */
export const DEFAULT_GUEST_WORKERS = 1;
/** WASM workers per sandbox unless `wasmWorkers` says otherwise. */
export const DEFAULT_WASM_WORKERS = 1;
/**
 * The guest stack a Chromium Web Worker can give QuickJS: its thread stack cannot be sized, and measured here deep
 * JSON.parse nesting overflowed it at 96 KiB of guest stack (plain recursion at 160 KiB), so limits.stackBytes is
 * capped to 64 KiB in the page (about 370 frames of a small recursive function). A native recursion that still
 * exhausts the worker's stack (deep JSON.stringify) ends the run with E_STACK_OVERFLOW and the engine is replaced.
 */
export const WORKER_GUEST_STACK_BYTES = 64 * 1024;
