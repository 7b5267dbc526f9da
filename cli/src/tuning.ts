// Owns the CLI's own timings (run limits are the runtime's, compile limits the compiler's: the CLI sets none of
// its own). Refuses nothing; nothing here is a caller option.

/** How often `capsule serve` checks <home>/catalog.json and the --tokens file for a change (packs installed, uninstalled, recompiled; tokens rotated). */
export const SERVE_CATALOG_POLL_MS = 1_000;

/** How long `packs install` / `uninstall` / `audit` wait for another command holding the home's lock before refusing (home-locked); `--wait <ms>` overrides it. */
export const HOME_LOCK_WAIT_MS = 120_000;

/** First pause between two looks at a held home lock (doubling, up to 20×). */
export const HOME_LOCK_POLL_MS = 50;

/** Longest piece of untrusted text (a pack name, a specifier, a registry's word) echoed in a message; the rest is counted, not shown. */
export const TEXT_MAX_CHARS = 200;

/** Longest whole message (a compiler's or the runtime's, which may quote untrusted text) printed under a command. */
export const MESSAGE_MAX_CHARS = 2_000;

/** How long `capsule run --redis` waits for a worker before it says that none has answered (it keeps waiting). */
export const NO_WORKER_NOTE_MS = 5_000;
