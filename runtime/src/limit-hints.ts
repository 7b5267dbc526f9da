// Owns restating the runtime's limit hints for a host whose caps are tighter than the runtime's ceilings: a failed
// run's "raise limits.cpuMs (ceiling 60,000 ms)" names the most this host allows, or says the run already had it. A
// server that refuses a request above its cap (capsule serve, capsule mcp) otherwise told a model or a client to ask
// for what it would refuse. Only the runtime's own limit errors are restated: a guest's message is the guest's.

import { LIMIT_ROWS, type Limits } from "./limits.js";
import type { RunResult } from "./types.js";

type LimitName = keyof Limits;
const LIMIT_CODES: ReadonlySet<string> = new Set(Object.values(LIMIT_ROWS).map((row) => row.code));

/** `result` with its limit hints naming `caps` (the most this host allows of each limit); `used`: what the run asked. */
export function hintsWithinCaps(result: RunResult, caps: Readonly<Partial<Limits>>, used: Readonly<Partial<Limits>> = {}): RunResult {
  if (result.ok || !LIMIT_CODES.has(result.error.code)) return result;
  const message = result.error.message.replace(/\braise limits\.(\w+) \(ceiling [^)]*\)/g, (whole, name: string) => raiseHint(name, caps, used) ?? whole);
  return message === result.error.message ? result : { ...result, error: { ...result.error, message } };
}

function raiseHint(name: string, caps: Readonly<Partial<Limits>>, used: Readonly<Partial<Limits>>): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(LIMIT_ROWS, name)) return undefined;
  const row = LIMIT_ROWS[name as LimitName];
  const cap = caps[name as LimitName];
  if (cap === undefined) return undefined;
  const had = used[name as LimitName] ?? row.default;
  const amount = formatAmount(cap, row.unit);
  return had >= cap ? `the run already had the most this host allows for limits.${name} (${amount}); do less in one run` : `raise limits.${name} (at most ${amount} here)`;
}

function formatAmount(n: number, unit: string): string {
  if (unit === "bytes") {
    for (const [size, name] of [[1024 ** 3, "GiB"], [1024 ** 2, "MiB"], [1024, "KiB"]] as const) if (n >= size && n % size === 0) return `${n / size} ${name}`;
    return `${n.toLocaleString("en-US")} bytes`;
  }
  return unit === "count" ? n.toLocaleString("en-US") : `${n.toLocaleString("en-US")} ${unit}`;
}
