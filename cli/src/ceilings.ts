// Owns reading the operator's `--ceiling <limit>=<value>` entries (capsule mcp, capsule serve) into server ceilings:
// @capsule/mcp's serverCeilings, which checks them against the runtime's own ceilings.
// Refuses an entry that is not <limit>=<integer> and a ceiling the runtime does not allow, as a message.

import { serverCeilings } from "@capsule/mcp";
import type { Limits } from "@capsule/runtime";

/** --ceiling name=value entries as server ceilings, or the message that says which one is wrong. */
export function parseCeilings(entries: readonly string[] = []): Readonly<Limits> | string {
  const given: Record<string, number> = {};
  for (const entry of entries) {
    const match = /^([A-Za-z]+)=(\d+)$/.exec(entry);
    if (!match) return `--ceiling ${entry}: expected <limit>=<integer>, e.g. wallMs=120000`;
    given[match[1]!] = Number(match[2]);
  }
  try {
    return serverCeilings(given);
  } catch (error) {
    return `--ceiling: ${(error as Error).message}`;
  }
}
