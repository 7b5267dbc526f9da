// Owns turning a connected MCP client into a tool module of the runtime's belt: tools/list (every page, following
// nextCursor) gives the exports, their input and output schemas, descriptions and side effects; a guest call is a
// tools/call whose result is mapped by tool-results.ts; the run's AbortSignal goes into the SDK's request options,
// so a run that ends (wall clock, cancellation, error) cancels its MCP requests (the SDK sends notifications/cancelled).
// Side effects follow the server's annotations: readOnlyHint: true means none; anything else is side-effecting
// (MCP's own default: a tool may change the world unless it says it is read-only), so the default policy denies it
// until granted.
// Refuses a server whose tools/list fails or never ends (E_MCP_LIST_FAILED), lists too many tools
// (E_MCP_TOO_MANY_TOOLS) or names that collide (E_MCP_TOOL_NAME_COLLISION); a failed request reaches the guest as
// ToolError E_MCP_REQUEST_FAILED, an isError result as E_TOOL_FAILED.

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { schemaSizeProblem, type JsonSchema, type Tool, type ToolContext, type ToolModule } from "@capsule/runtime";
import { CapsuleMcpError, ToolCallError } from "./codes.js";
import { toolIdentifiers } from "./tool-names.js";
import { toolResultValue, type ToolCallAnswer } from "./tool-results.js";

/** Tools one server may list (one tool module). */
export const MAX_TOOLS_PER_SERVER = 1_000;
/** Pages of tools/list followed at most. */
export const MAX_TOOL_LIST_PAGES = 100;

/**
 * What mcpTools needs of a client: the SDK's Client, or anything with the same two methods; `lastError`, the
 * transport's last error when the client keeps it (GroupClient), says why a connection closed.
 */
export type McpToolsClient = Pick<Client, "listTools" | "callTool"> & { readonly lastError?: Error };

export interface McpToolsOptions {
  /** The module specifier the tools are offered as ("@mcp/files"), for messages. */
  specifier: string;
  /** Timeout of one tools/call in ms (the SDK's default, 60 s, when omitted); the run's own limits still apply. */
  requestTimeoutMs?: number;
  /** Timeout of each tools/list page in ms (the SDK's default, 60 s, when omitted). */
  listTimeoutMs?: number;
}

/** One tool as offered: the guest identifier, the server's name, and what the runtime is given. */
export interface McpToolInfo {
  identifier: string;
  mcpName: string;
  tool: Tool;
  annotations?: McpTool["annotations"];
}

/** The longest tool description kept as the server wrote it. */
const MAX_DESCRIPTION_CHARS = 4_000;

/** Every tool the server lists, page after page. */
export async function listAllTools(client: McpToolsClient, where: string, options: { listTimeoutMs?: number } = {}): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= MAX_TOOL_LIST_PAGES) throw new CapsuleMcpError("E_MCP_LIST_FAILED", `${where}: tools/list did not end after ${MAX_TOOL_LIST_PAGES} pages`);
    let answer: Awaited<ReturnType<McpToolsClient["listTools"]>>;
    try {
      answer = await client.listTools(cursor === undefined ? undefined : { cursor }, options.listTimeoutMs !== undefined ? { timeout: options.listTimeoutMs } : undefined);
    } catch (error) {
      throw new CapsuleMcpError("E_MCP_LIST_FAILED", `${where}: tools/list failed: ${errorText(error, client)}`);
    }
    tools.push(...answer.tools);
    if (tools.length > MAX_TOOLS_PER_SERVER) throw new CapsuleMcpError("E_MCP_TOO_MANY_TOOLS", `${where} lists more than ${MAX_TOOLS_PER_SERVER} tools`);
    cursor = answer.nextCursor;
    if (cursor === undefined || cursor === "") return tools;
    if (cursors.has(cursor)) throw new CapsuleMcpError("E_MCP_LIST_FAILED", `${where}: tools/list repeated the cursor ${JSON.stringify(cursor.slice(0, 80))}`);
    cursors.add(cursor);
  }
}

/** The server's tools with their guest identifiers and the runtime tool each becomes. */
export async function describeMcpTools(client: McpToolsClient, options: McpToolsOptions): Promise<McpToolInfo[]> {
  const where = `MCP server ${options.specifier}`;
  const listed = await listAllTools(client, where, options);
  // Refused here, at connect, rather than by every run of the belt (the runtime refuses a belt holding one).
  for (const tool of listed) {
    for (const which of ["inputSchema", "outputSchema"] as const) {
      const problem = schemaSizeProblem(tool[which]);
      if (problem) throw new CapsuleMcpError("E_MCP_SCHEMA_TOO_LARGE", `${where}: the ${which} of tool ${JSON.stringify(tool.name.slice(0, 80))} cannot be used: ${problem}`);
    }
  }
  const identifiers = toolIdentifiers(listed.map((t) => t.name), where);
  const byName = new Map(listed.map((t) => [t.name, t]));
  return [...identifiers].map(([identifier, mcpName]) => {
    const listedTool = byName.get(mcpName)!;
    return { identifier, mcpName, tool: runtimeTool(client, listedTool, options), ...(listedTool.annotations ? { annotations: listedTool.annotations } : {}) };
  });
}

/**
 * A tool module over a connected MCP client: `import { add } from "@mcp/math"` in the guest calls the server's
 * tool "add" with the one input object, validated first against the tool's inputSchema by the runtime.
 */
export async function mcpTools(client: McpToolsClient, options: McpToolsOptions): Promise<ToolModule> {
  const infos = await describeMcpTools(client, options);
  return Object.freeze(Object.fromEntries(infos.map((info) => [info.identifier, info.tool])));
}

function runtimeTool(client: McpToolsClient, listed: McpTool, options: McpToolsOptions): Tool {
  const label = `${options.specifier} ${listed.name}`;
  const given = (listed.description ?? listed.title ?? listed.annotations?.title ?? "").trim();
  // Kept whole up to a bound: a server's 5 MB description went whole into the reference a model reads.
  const description = (given.length > MAX_DESCRIPTION_CHARS ? `${given.slice(0, MAX_DESCRIPTION_CHARS)}… (the server's description is ${given.length} characters; cut)` : given) || `The MCP tool ${listed.name}.`;
  return {
    description,
    inputSchema: listed.inputSchema as JsonSchema,
    ...(listed.outputSchema ? { outputSchema: listed.outputSchema as JsonSchema } : {}),
    sideEffects: listed.annotations?.readOnlyHint !== true,
    async handler(input: unknown, context: ToolContext) {
      // The SDK adds an abort listener to the signal of every request and never removes it: give it a signal of
      // this call alone (aborted with the run's), so a run making thousands of calls does not pile listeners up.
      const call = new AbortController();
      const forward = () => call.abort(context.signal.reason);
      if (context.signal.aborted) forward();
      else context.signal.addEventListener("abort", forward, { once: true });
      let answer: ToolCallAnswer;
      try {
        answer = (await client.callTool({ name: listed.name, arguments: input as Record<string, unknown> }, undefined, {
          signal: call.signal,
          ...(options.requestTimeoutMs !== undefined ? { timeout: options.requestTimeoutMs } : {}),
        })) as ToolCallAnswer;
      } catch (error) {
        throw new ToolCallError("E_MCP_REQUEST_FAILED", `${label}: ${errorText(error, client)}`);
      } finally {
        context.signal.removeEventListener("abort", forward);
      }
      return toolResultValue(answer, label);
    },
  };
}

/**
 * The SDK's error as one line: its "MCP error -32602:" prefix once (it repeats it), a zod dump flattened, cut; a closed
 * connection says why it closed when the transport said (an answer past the stdio read cap read only "Connection closed").
 */
function errorText(error: unknown, client: McpToolsClient): string {
  let text = error instanceof Error ? error.message : String(error);
  const cause = client.lastError?.message;
  if (/Connection closed/.test(text) && cause) {
    const tooLarge = /ReadBuffer exceeded maximum size of (\d+) bytes/.exec(cause);
    text += tooLarge
      ? ` (the server sent a message larger than the ${Number(tooLarge[1]).toLocaleString("en-US")} bytes one message may be, so the connection was closed; ask the tool for less at once)`
      : ` (the transport failed: ${cause})`;
  }
  return text.replace(/^(MCP error -?\d+: )\1+/, "$1").replace(/\s*\n\s*/g, " ").slice(0, ERROR_TEXT_MAX);
}

const ERROR_TEXT_MAX = 1_000;
