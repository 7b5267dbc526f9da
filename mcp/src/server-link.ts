// Owns one stdio MCP server's connection across restarts: calls go to the live client, and once the server's process
// has ended (it crashed, or an answer broke the connection) the next call starts it again. So one run that kills a
// server (a tool that exits on some input, an answer too big for the pipe) does not leave every later run without it.
// Restarts are bounded, at most MAX_RESTARTS within RESTART_WINDOW_MS: a server that keeps dying stays down, and its
// calls say so. Calls made while it restarts wait for that one restart.
// Refuses nothing itself: a restart that fails, or one past the bound, fails the call that needed it (the tool then
// reports E_MCP_REQUEST_FAILED with this message).

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpToolsClient } from "./mcp-tools.js";

/** Restarts of one server allowed within RESTART_WINDOW_MS. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

export class ServerLink implements McpToolsClient {
  private live = true;
  private closed = false;
  private restarting: Promise<Client> | undefined;
  /** When each restart within the window began (ms since the epoch). */
  private readonly restarts: number[] = [];

  constructor(private current: Client, private readonly connect: () => Promise<Client>, private readonly name: string) {
    this.watch(current);
  }

  /** The client calls go to now (the first one until a restart). */
  get client(): Client {
    return this.current;
  }

  /** The live client's transport error, if it keeps one (GroupClient): why its connection closed. */
  get lastError(): Error | undefined {
    return (this.current as Client & { lastError?: Error }).lastError;
  }

  readonly listTools = async (...args: Parameters<Client["listTools"]>) => (await this.ready()).listTools(...args);
  readonly callTool = async (...args: Parameters<Client["callTool"]>) => (await this.ready()).callTool(...args);

  /** Closes the client (ending its process) and restarts nothing after. */
  async close(): Promise<void> {
    this.closed = true;
    await this.current.close();
  }

  private watch(client: Client): void {
    const before = client.onclose;
    client.onclose = () => {
      before?.();
      if (this.current === client) this.live = false;
    };
  }

  private async ready(): Promise<Client> {
    if (this.closed) throw new Error(`MCP server ${this.name} was closed`);
    if (this.live) return this.current;
    this.restarting ??= this.restart().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private async restart(): Promise<Client> {
    const now = Date.now();
    while (this.restarts.length > 0 && now - this.restarts[0]! > RESTART_WINDOW_MS) this.restarts.shift();
    if (this.restarts.length >= MAX_RESTARTS) {
      const again = Math.ceil((this.restarts[0]! + RESTART_WINDOW_MS - now) / 1000);
      throw new Error(`MCP server ${this.name} ended ${MAX_RESTARTS} times within ${RESTART_WINDOW_MS / 1000} s and is left down; it is started again in ${again} s, on the next call after that`);
    }
    this.restarts.push(now);
    await this.current.close().catch(() => undefined);
    const next = await this.connect();
    if (this.closed) {
      await next.close().catch(() => undefined);
      throw new Error(`MCP server ${this.name} was closed`);
    }
    this.current = next;
    this.live = true;
    this.watch(next);
    return next;
  }
}
