// Owns starting stdio MCP servers for a run or a server: each spec is spawned through the SDK's StdioClientTransport
// (no shell; the SDK's safe default environment plus the spec's NAME=value words), connected with the SDK's Client,
// listed, and offered as the tool module `@mcp/<name>`; close() closes every client, which ends its child process.
// A server whose process ends is started again by its next call (server-link.ts, bounded).
// Servers start in parallel; if one fails, the others are closed before the error is thrown.
// Refuses a server that cannot start or initialize (E_MCP_CONNECT_FAILED) and whatever mcpTools refuses of its list.

import type { IOType } from "node:child_process";
import type { Stream } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { ToolBelt, ToolModule } from "@capsule/runtime";
import { CapsuleMcpError } from "./codes.js";
import { describeMcpTools, type McpToolInfo } from "./mcp-tools.js";
import { mcpSpecifier, type StdioServerSpec } from "./server-specs.js";
import { ServerLink } from "./server-link.js";
import { PACKAGE_VERSION } from "./version.js";
import { GroupClient, inOwnGroup } from "./server-group.js";

/** How long a server may take to start and answer initialize (ms). */
export const MCP_CONNECT_TIMEOUT_MS = 30_000;

export interface ConnectOptions {
  /** Where the servers' stderr goes (the SDK's "inherit" by default: the caller's stderr; never its stdout). */
  stderr?: IOType | Stream | number;
  /** Timeout of one tools/call (the SDK's 60 s by default). */
  requestTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** The working directory of the servers (the caller's by default). */
  cwd?: string;
}

export interface ConnectedServer {
  name: string;
  specifier: string;
  /** The live client (a new one after the server was restarted). */
  readonly client: Client;
  tools: McpToolInfo[];
  /** Closes the client, ending the server's process; it is not restarted after. */
  close(): Promise<void>;
}

export interface ConnectedServers {
  /** `@mcp/<name>` → its tools, for createSandbox({ tools }) or run({ tools }). */
  belt: ToolBelt;
  servers: ConnectedServer[];
  /** Closes every client (ending its server process); safe to call more than once. */
  close(): Promise<void>;
}

/** Starts and connects one server; its calls restart it if its process ends (server-link.ts). */
export async function connectStdioServer(spec: StdioServerSpec, options: ConnectOptions = {}): Promise<ConnectedServer> {
  const specifier = mcpSpecifier(spec.name);
  const link = new ServerLink(await startStdioServer(spec, options), () => startStdioServer(spec, options), spec.name);
  try {
    // Listing the tools is part of starting: it is bounded as the start is (a server that hung in tools/list held the
    // command the SDK's 60 s, not the documented 30).
    const tools = await describeMcpTools(link, { specifier, listTimeoutMs: options.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS, ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}) });
    return { name: spec.name, specifier, get client() { return link.client; }, tools, close: () => link.close() };
  } catch (error) {
    await link.close().catch(() => undefined);
    throw error;
  }
}

/** A validator that takes every value: Capsule checks a tool's results itself, where a check cannot hold the host. */
export const acceptingSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** Spawns the server's process and completes initialize (E_MCP_CONNECT_FAILED when it cannot). */
async function startStdioServer(spec: StdioServerSpec, options: ConnectOptions): Promise<Client> {
  const launch = inOwnGroup(spec.command, spec.args);
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args,
    env: { ...getDefaultEnvironment(), ...spec.env },
    stderr: options.stderr ?? "inherit",
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  // The SDK would check each answer's structuredContent against the server's outputSchema on this thread, with every
  // error kept: a schema of anyOf over $refs 24 deep held the process 70 s and ran it out of heap. The tool's
  // outputSchema is checked by the runtime instead, off this thread when it can branch (schema-checks.ts).
  const client = new GroupClient({ name: "capsule", version: PACKAGE_VERSION }, { jsonSchemaValidator: acceptingSchemaValidator });
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS });
    if (launch.grouped) client.leadsGroup(transport);
    return client;
  } catch (error) {
    if (launch.grouped) client.leadsGroup(transport);
    await client.close().catch(() => undefined);
    const command = [spec.command, ...spec.args].join(" ");
    throw new CapsuleMcpError("E_MCP_CONNECT_FAILED", `MCP server ${spec.name} (${command.slice(0, 200)}) did not start: ${(error as Error).message ?? String(error)}`);
  }
}

/** Starts every server in parallel and offers their tools as a belt; on any failure, closes the rest and throws. */
export async function connectStdioServers(specs: readonly StdioServerSpec[], options: ConnectOptions = {}): Promise<ConnectedServers> {
  const settled = await Promise.allSettled(specs.map((spec) => connectStdioServer(spec, options)));
  const servers = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  const close = closer(servers);
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { belt: beltOf(servers), servers, close };
}

/** The belt of connected servers: each server's tools by identifier, under its specifier. */
export function beltOf(servers: readonly ConnectedServer[]): ToolBelt {
  const belt: Record<string, ToolModule> = {};
  for (const server of servers) {
    if (server.tools.length) belt[server.specifier] = Object.freeze(Object.fromEntries(server.tools.map((t) => [t.identifier, t.tool])));
  }
  return Object.freeze(belt);
}

function closer(servers: readonly ConnectedServer[]): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= Promise.allSettled(servers.map((s) => s.close())).then(() => undefined));
}
