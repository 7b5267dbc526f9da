// Owns serving one MCP server over this process's stdin and stdout (the SDK's StdioServerTransport) until the client
// goes away: the transport closing or stdin ending (the SDK's transport does not watch for the end of its input, so
// a client that exits would otherwise leave the server running). stdout is the protocol channel from here on.
// Refuses nothing.

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

export interface StdioServing {
  /** Settles when the client has gone (stdin ended or the transport closed). */
  closed: Promise<void>;
  /** Closes the server and its transport. */
  close(): Promise<void>;
}

export async function serveStdio(server: McpServer, stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout): Promise<StdioServing> {
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    stdin.once("end", () => resolve());
    stdin.once("close", () => resolve());
  });
  await server.connect(new StdioServerTransport(stdin as NodeJS.ReadStream, stdout as NodeJS.WriteStream));
  return { closed, close: () => server.close() };
}
