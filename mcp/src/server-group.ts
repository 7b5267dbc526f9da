// Owns ending an MCP server with everything it started. The SDK's stdio transport signals only the process it spawned:
// a server run through `sh -c '…'` (the README's advice for pipelines), or one that starts a helper (npx, Python
// launchers), left processes running under init after the run — one for twenty minutes, holding the caller's stderr
// pipe open. So a server is spawned through setsid(1) as the leader of its own process group (same pid: a child of
// Node is no group leader, so setsid execs without forking), and closing it signals the whole group: SIGTERM, then
// SIGKILL for what is left after a short grace. Without setsid (not Linux), the server is spawned as it is.
// Refuses nothing.

import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const SETSID = ["/usr/bin/setsid", "/bin/setsid"].find((path) => existsSync(path));
/** How long the group's processes have after SIGTERM before SIGKILL. */
const GROUP_GRACE_MS = 500;

/** The command and arguments that start `command` as its own process group's leader, where that can be done. */
export function inOwnGroup(command: string, args: readonly string[]): { command: string; args: string[]; grouped: boolean } {
  return SETSID ? { command: SETSID, args: ["--", command, ...args], grouped: true } : { command, args: [...args], grouped: false };
}

/** A client whose close() also ends the process group its transport's server leads. */
export class GroupClient extends Client {
  private group: number | undefined;
  /**
   * The transport's last error: the SDK closes the connection on one (an answer past its 10 MiB read buffer) and the
   * requests in flight fail only with "Connection closed", so a failed call says why from this.
   */
  lastError: Error | undefined;

  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    this.onerror = (error) => {
      // The read cap's error is the cause of the close; the rest of that message, still arriving, fails to parse after it.
      if (!/ReadBuffer exceeded/.test(this.lastError?.message ?? "")) this.lastError = error;
    };
  }

  /** Remembers the group once the transport has spawned its process (its pid is the group's id). */
  leadsGroup(transport: StdioClientTransport): void {
    this.group = transport.pid ?? undefined;
  }

  override async close(): Promise<void> {
    await super.close();
    if (this.group !== undefined) await endGroup(this.group);
    this.group = undefined;
  }
}

async function endGroup(group: number): Promise<void> {
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-group, name);
      return true;
    } catch {
      return false; // ESRCH: no process is left in the group
    }
  };
  if (!signal("SIGTERM")) return;
  for (let waited = 0; waited < GROUP_GRACE_MS && signal(0); waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
  signal("SIGKILL");
}
