// Owns serving one MCP server over this process's stdin and stdout (the SDK's StdioServerTransport) until the client
// goes away: the transport closing or stdin ending (the SDK's transport does not watch for the end of its input, so
// a client that exits would otherwise leave the server running). stdout is the protocol channel from here on.
// Refuses a message past STDIO_MAX_MESSAGE_BYTES (dropped, answered with a JSON-RPC error and a stderr line; the
// error has the request's id when the line shows it, stdio-lines.ts, else id null).

import type { McpCode } from "./codes.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { LineCap, STDIO_MAX_MESSAGE_BYTES } from "./stdio-lines.js";

export interface StdioServing {
  /** Settles when the client has gone (stdin ended or the transport closed). */
  closed: Promise<void>;
  /** Closes the server and its transport. */
  close(): Promise<void>;
}

export async function serveStdio(server: McpServer, stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout, stderr: NodeJS.WritableStream = process.stderr): Promise<StdioServing> {
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    stdin.once("end", () => resolve());
    stdin.once("close", () => resolve());
  });
  // Each line is held to STDIO_MAX_MESSAGE_BYTES before the transport reads it (stdio-lines.ts); the transport's own
  // buffer is given room above that, so it never closes the channel on a long line.
  // JSON-RPC 2.0 §5: a message that is not one is answered with an error of id null (no id can be read from it).
  const refuse = (code: number, dataCode: McpCode, message: string, id: string | number | null = null) => {
    stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message, data: { code: dataCode } } })}\n`);
    stderr.write(`capsule mcp: ${dataCode}: ${message}\n`);
  };
  const lines = new LineCap(STDIO_MAX_MESSAGE_BYTES, (bytes, id) =>
    refuse(-32600, "E_MESSAGE_TOO_LARGE", `a message of ${bytes} bytes is over the ${STDIO_MAX_MESSAGE_BYTES} bytes one stdio message may be; it was dropped (a program may be at most 4 MiB: send less code or data at once)`, id),
  );
  stdin.pipe(lines);
  const transport = new StdioServerTransport(lines as unknown as NodeJS.ReadStream, stdout as NodeJS.WriteStream, { maxBufferSize: STDIO_MAX_MESSAGE_BYTES + 1024 * 1024 });
  await server.connect(transport);
  // The SDK's transport only reports a line it cannot read (to onerror) and answers nothing: a client waited its
  // whole timeout for a request it had sent malformed, or in a batch this protocol version does not take.
  const reported = transport.onerror;
  transport.onerror = (error) => {
    reported?.(error);
    if (lines.takeCut()) return;
    if (error instanceof SyntaxError) refuse(-32700, "E_PARSE_ERROR", "a line on stdin is not JSON; send one JSON-RPC message per line");
    else if (error.name === "ZodError") refuse(-32600, "E_INVALID_REQUEST", "a line on stdin is JSON but not a JSON-RPC 2.0 message (batches are not taken): send one object with jsonrpc \"2.0\", a method and, for a request, an id");
  };
  return { closed, close: () => server.close() };
}
