// Owns the CLI's own timings (run limits are the runtime's, compile limits the compiler's: the CLI sets none of
// its own). Refuses nothing; nothing here is a caller option.

/** How often `capsule serve` checks <home>/catalog.json and the --tokens file for a change (packs installed, uninstalled, recompiled; tokens rotated). */
export const SERVE_CATALOG_POLL_MS = 1_000;

/** How long `capsule run --redis` waits for a worker before it says that none has answered (it keeps waiting). */
export const NO_WORKER_NOTE_MS = 5_000;
