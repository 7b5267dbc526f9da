// Owns answering, for every transport of a Capsule MCP server, the requests the SDK answers badly: params that do not
// fit a method's schema (the SDK answered -32603 "internal error" with a pretty-printed zod dump as the message), a
// request whose params is no object (the SDK could not tell what it was and answered nothing: the client waited out
// its timeout), and a tools/call naming a tool this server does not have (the SDK echoed the whole name, however
// long, and called a tool named __proto__ "disabled"), and a resources/read of a URI it does not serve (the SDK
// doubled its "MCP error -32602:" prefix and echoed the URI whole). It sits between the transport and the server: the server's
// connect sets transport.onmessage, and the guard wraps what it set.
// Refuses with -32602 (E_INVALID_PARAMS, the first problem's path and message) and -32600 (E_INVALID_REQUEST); an
// unknown tool is answered as the SDK answers it, a tool result with isError, worded for a model; an unknown resource
// -32002 (the specification's "Resource not found", E_UNKNOWN_RESOURCE). A request reusing the id of one still in
// flight is refused -32600 (E_ID_IN_USE): the SDK keys each handler's abort controller by id, so the second replaced
// the first's, and the first run was neither cancellable nor stopped when the connection closed — it ran to its limit.

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpCode } from "./codes.js";
import { ClientRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Longest piece of a client's input (a tool name, a path) quoted back in an answer. */
const QUOTE_MAX = 64;

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
/** Each client request method's schema, from the SDK's own union of them. */
const REQUEST_SCHEMAS = new Map<string, Schema>(
  (ClientRequestSchema as unknown as { options: Array<Schema & { shape: { method: { value: string } } }> }).options.map((schema) => [schema.shape.method.value, schema]),
);

const quote = (text: string) => JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

/** Why `request` is refused before the server sees it, or undefined to pass it on. */
export function requestProblem(request: { method: string; params?: unknown }): { code: number; message: string; data: { code: McpCode } } | undefined {
  if (request.params !== undefined && (typeof request.params !== "object" || request.params === null || Array.isArray(request.params))) {
    return { code: -32600, message: "Invalid request: params must be an object when present", data: { code: "E_INVALID_REQUEST" } };
  }
  const schema = REQUEST_SCHEMAS.get(request.method);
  if (!schema) return undefined; // the server answers an unknown method -32601 itself
  const checked = schema.safeParse({ method: request.method, ...(request.params !== undefined ? { params: request.params } : {}) });
  if (checked.success) return undefined;
  const issue = checked.error!.issues[0]!;
  const path = issue.path.map(String).join(".") || "params";
  return { code: -32602, message: `Invalid params of ${request.method}: ${quote(path)} ${issue.message.replace(/^Invalid input: /, "")}`, data: { code: "E_INVALID_PARAMS" } };
}

/** The answer to a tools/call of a tool not in `tools`, or undefined when it names one of them. */
export function unknownToolAnswer(params: unknown, tools: readonly string[]): Record<string, unknown> | undefined {
  const name = (params as { name: string }).name;
  if (tools.includes(name)) return undefined;
  return { content: [{ type: "text", text: `error E_UNKNOWN_TOOL: this server has no tool ${quote(name)}; its tools are ${tools.join(", ")}` }], isError: true };
}

/** The error answering a resources/read of a URI not in `uris`, or undefined when it is one of them (or none are served). */
export function unknownResourceError(params: unknown, uris: readonly string[]): { code: number; message: string; data: { code: McpCode; uri: string } } | undefined {
  const uri = (params as { uri: string }).uri;
  if (uris.length === 0 || uris.includes(uri)) return undefined;
  return { code: -32002, message: `Resource not found: this server has no resource ${quote(uri)}; its resources are ${uris.join(", ")}`, data: { code: "E_UNKNOWN_RESOURCE", uri: uri.slice(0, QUOTE_MAX) } };
}

/** What the server offers: its tools' names and its resources' URIs. */
export interface Offered {
  tools: readonly string[];
  resources: readonly string[];
}

/** Wraps the onmessage the server set on `transport` so the requests above are answered before the server sees them. */
export function guardRequests(transport: Transport, offered: Offered): void {
  const pass = transport.onmessage;
  if (!pass) return;
  const send = transport.send.bind(transport);
  // Ids of requests passed to the server and not yet answered or cancelled (a cancelled one is answered by nobody;
  // its handler's controller is aborted, so the SDK may take the id again).
  const inFlight = new Set<unknown>();
  transport.send = (message, options) => {
    const answer = message as { id?: unknown; method?: unknown };
    if (answer.method === undefined && answer.id !== undefined) inFlight.delete(answer.id);
    return send(message, options);
  };
  transport.onmessage = (message, extra) => {
    const request = message as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof request.method !== "string") return pass(message, extra);
    if (request.id === undefined) {
      if (request.method === "notifications/cancelled") inFlight.delete((request.params as { requestId?: unknown } | undefined)?.requestId);
      return pass(message, extra);
    }
    const id = request.id as string | number;
    const problem = inFlight.has(id) ? idInUse(id) : requestProblem(request as { method: string; params?: unknown }) ?? (request.method === "resources/read" ? unknownResourceError(request.params, offered.resources) : undefined);
    const result = problem || request.method !== "tools/call" ? undefined : unknownToolAnswer(request.params, offered.tools);
    if (!problem && !result) {
      inFlight.add(id);
      return pass(message, extra);
    }
    // Sent past the wrapper: this answer shares its id with a request in flight, whose place it must not free.
    const answer = (problem ? { jsonrpc: "2.0", id, error: problem } : { jsonrpc: "2.0", id, result }) as JSONRPCMessage;
    send(answer, { relatedRequestId: id }).catch((error: unknown) => transport.onerror?.(error as Error));
  };
}

function idInUse(id: string | number): { code: number; message: string; data: { code: McpCode } } {
  return { code: -32600, message: `Invalid request: id ${quote(String(id))} is already used by a request in flight; give each request its own id`, data: { code: "E_ID_IN_USE" } };
}
