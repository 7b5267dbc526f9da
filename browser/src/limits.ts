// The browser runner's own limits and timings (run limits are the runtime's, in @capsule/runtime's limits.ts).

/** A run whose import is not in the index refetches the index first, at most this often per sandbox (packs may have been installed since). */
export const INDEX_REFRESH_MIN_MS = 2_000;
/** Guest workers (runs in parallel) per sandbox unless `workers` says otherwise. */
export const DEFAULT_GUEST_WORKERS = 1;
/** WASM workers per sandbox unless `wasmWorkers` says otherwise. */
export const DEFAULT_WASM_WORKERS = 1;
