// @capsule/mcp: MCP servers' tools as tool modules of a Capsule run (mcpTools, connectStdioServers), and the Capsule
// MCP server whose execute_code runs a program that may import them (createCapsuleMcpServer, serveStreamableHttp).
// Owns the package's public surface; refuses nothing itself.

export { mcpTools, describeMcpTools, listAllTools, MAX_TOOLS_PER_SERVER, MAX_TOOL_LIST_PAGES, type McpToolInfo, type McpToolsClient, type McpToolsOptions } from "./mcp-tools.js";
export { toolIdentifier, toolIdentifiers } from "./tool-names.js";
export { toolResultValue, contentText, type ToolCallAnswer } from "./tool-results.js";
export { parseServerSpec, parseServerSpecs, mcpSpecifier, type StdioServerSpec } from "./server-specs.js";
export { acceptingSchemaValidator, connectStdioServer, connectStdioServers, beltOf, MCP_CONNECT_TIMEOUT_MS, type ConnectOptions, type ConnectedServer, type ConnectedServers } from "./stdio-servers.js";
export { MAX_RESTARTS, RESTART_WINDOW_MS } from "./server-link.js";
export { createCapsuleMcpServer, capsuleServerFactory, REFERENCE_URIS, type CapsuleMcpServerOptions, type ReferenceFormat } from "./capsule-server.js";
export { executeCode, EXECUTE_CODE_DESCRIPTION, OBSERVATION_MAX_CHARS, type ExecuteCodeInput } from "./execute-code.js";
export { FairRuns, RUNS_QUEUED_PER_SESSION, type Enqueued, type RunsPrograms, type SessionRuns } from "./fair-runs.js";
export { moduleSummaries, moduleListText, type ModuleSummary, type ToolSummary, type CatalogModuleLike, type McpNames } from "./module-list.js";
export { serverCeilings, ceilingProblem, SERVER_CEILING_DEFAULTS } from "./ceilings.js";
export { serveStdio, type StdioServing } from "./serve-stdio.js";
export { serveStreamableHttp, MAX_BODY_BYTES, MAX_SESSIONS, MCP_HTTP_PATH, SESSION_IDLE_MS, type HttpServeOptions, type McpHttpServer } from "./http-server.js";
export { jsonSafe, jsonSafeReplacer } from "./json-safe.js";
export { CapsuleMcpError, ToolCallError, MCP_CODES, type McpCode } from "./codes.js";
export { PACKAGE_VERSION } from "./version.js";
