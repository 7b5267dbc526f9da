// The CLI's own timings and caps (run limits are the runtime's; compile limits the compiler's).

/** How often `capsule serve` checks <home>/catalog.json for a newer compile (packs installed, uninstalled, recompiled). */
export const SERVE_CATALOG_POLL_MS = 1_000;
