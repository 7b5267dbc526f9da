// Owns the vocabulary of @capsule/mcp: every failure this package reports carries one of these codes, each with what
// it means and what to do, and the one error class it throws at its boundaries (CapsuleMcpError, with a code).
// Refuses nothing itself; the runtime passes an error's `code: message` to the guest, so tool failures reach the
// program as `ToolError` with "E_TOOL_FAILED: …".

import type { CodeRow } from "@capsule/runtime";

export const MCP_CODES = {
  E_TOOL_FAILED: { meaning: "an MCP tool answered with isError: true", hint: "read the tool's message (the guest can catch it); fix the input or the server's state and call again" },
  E_MCP_REQUEST_FAILED: { meaning: "an MCP request failed: the server refused it, timed out, or the connection closed", hint: "read the MCP error in the message; check the server is running and that the tool exists" },
  E_MCP_LIST_FAILED: { meaning: "tools/list of an MCP server failed, or its pages did not end", hint: "check the server starts and answers tools/list; a cursor it repeats is refused" },
  E_MCP_TOO_MANY_TOOLS: { meaning: "an MCP server lists more tools than one tool module may hold (MAX_TOOLS_PER_SERVER)", hint: "connect a narrower server, or split its tools" },
  E_MCP_SCHEMA_TOO_LARGE: { meaning: "an MCP server lists a tool whose input or output schema is past the runtime's bounds (TOOL_SCHEMA_MAX_VALUES values, TOOL_SCHEMA_MAX_DEPTH levels)", hint: "shorten the tool's schema on the server (use $ref for repeated parts), or connect a server without that tool" },
  E_MCP_TOOL_NAME_COLLISION: { meaning: "two MCP tool names of one server map to the same guest identifier", hint: "rename one of the tools on the server (e.g. get-weather and get_weather both map to get_weather)" },
  E_MCP_BAD_SERVER_SPEC: { meaning: "a server given as <name>=<command…> is malformed", hint: "use a lowercase name ([a-z0-9._-]) then = then the command, quoted as for sh, without pipes, redirections or $variables" },
  E_MCP_CONNECT_FAILED: { meaning: "an MCP server could not be started or did not complete initialization", hint: "run the command by hand to see why it fails; its stderr is shown" },
  E_LIMIT_ABOVE_CEILING: { meaning: "execute_code asked for a limit above this server's ceiling", hint: "ask for at most the ceiling the message names, or start the server with a higher --ceiling" },
  E_INVALID_PARAMS: { meaning: "a request's params do not fit its method's schema (JSON-RPC -32602; the code is in error.data.code)", hint: "fix the field the message names; the schemas are the MCP specification's" },
  E_INVALID_REQUEST: { meaning: "a message that is no JSON-RPC 2.0 request or notification: params no object, a batch, no jsonrpc (-32600)", hint: "send one JSON-RPC 2.0 message per line (stdio) or per POST (HTTP), params an object" },
  E_ID_IN_USE: { meaning: "a request reused the id of a request of this session still in flight (-32600); it was not run", hint: "give each request its own id (JSON-RPC 2.0 requires ids unique among the requests in flight)" },
  E_PARSE_ERROR: { meaning: "a stdio line that is not JSON (-32700)", hint: "send one JSON message per line, newline-terminated" },
  E_MESSAGE_TOO_LARGE: { meaning: "a stdio message past STDIO_MAX_MESSAGE_BYTES (-32600); it was dropped", hint: "send a smaller program or arguments (at most 10 MiB a message)" },
  E_UNKNOWN_TOOL: { meaning: "a tools/call named a tool this server does not have (answered as a tool error)", hint: "call tools/list; the Capsule server's tools are execute_code and list_modules" },
  E_UNKNOWN_RESOURCE: { meaning: "a resources/read named a URI this server does not serve (JSON-RPC -32002, Resource not found)", hint: "call resources/list; the Capsule server's resources are capsule://docs/reference.md and capsule://docs/reference.d.ts" },
  E_SESSION_BUSY: { meaning: "an MCP session sent execute_code while RUNS_QUEUED_PER_SESSION of its calls were already waiting for a place", hint: "await the answers of the calls in flight before sending more, or cancel some" },
} as const satisfies Record<string, CodeRow>;

export type McpCode = keyof typeof MCP_CODES;

/** An error of this package at its API boundary: a stable code, a message that says what was refused and what to do. */
export class CapsuleMcpError extends Error {
  override readonly name: string = "CapsuleMcpError";
  constructor(readonly code: McpCode, message: string) {
    super(message);
  }
}

/** The error a failing tool call throws into the run: the guest sees `ToolError` and `E_…: message`. */
export class ToolCallError extends Error {
  override readonly name = "ToolError";
  constructor(readonly code: McpCode, message: string) {
    super(message);
  }
}
