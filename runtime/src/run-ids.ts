// Owns naming runs: `<prefix>-<n>-<16 random hex digits>`, unique in the process across sandboxes (dispatchers key
// budgets and cancellation by them) and impossible to guess — a run's id names its calls' idempotency keys, and ids
// counted up from one seen in a trace could be. Works in Node and in the browser (crypto.getRandomValues). Refuses nothing.

let runsInProcess = 0;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let randomBytes = new Uint8Array(0);
let randomAt = 0;

/** 16 random hex digits, from random bytes drawn 4 KiB at a time (one getRandomValues per run cost ~3 µs). */
function randomHex(): string {
  if (randomAt + 8 > randomBytes.length) [randomBytes, randomAt] = [crypto.getRandomValues(new Uint8Array(4096)), 0];
  let hex = "";
  for (let i = 0; i < 8; i++) hex += HEX[randomBytes[randomAt++]!];
  return hex;
}

/** The next run's id under `prefix` ("run-<uuid>", "browser-run-<hex>"). */
export const nextRunId = (prefix: string): string => `${prefix}-${++runsInProcess}-${randomHex()}`;
