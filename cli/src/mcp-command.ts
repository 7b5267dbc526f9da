// `capsule mcp`: serves Capsule as an MCP server — over stdio by default, or Streamable HTTP on loopback with
// --http <port> — with the tools execute_code and list_modules and the reference as resources (@capsule/mcp's
// createCapsuleMcpServer). One sandbox, its pool kept warm, runs every call, over the home's compiled catalog and
// the shipped host modules (the same catalog and dispatcher as `capsule run`, see run-catalog.ts); --connect
// <name>=<command…> makes other MCP servers' tools importable inside execute_code as @mcp/<name>, side-effecting
// ones denied unless --grant names them (the runtime's defaultPolicy).
// Over stdio, stdout is the protocol channel: everything this command says goes to stderr. It stops when stdin
// ends (the client closed) or on SIGINT/SIGTERM, closing the sandbox, the dispatcher and the connected servers.
// Refuses a bad --ceiling or --connect as bad usage (exit 2); a compile or connect failure exits 1.

import { docs } from "@capsule/compiler";
import { capsuleServerFactory, moduleSummaries, serveStdio, serveStreamableHttp } from "@capsule/mcp";
import { parseCeilings } from "./ceilings.js";
import { createSandbox, defaultPolicy, type Limits } from "@capsule/runtime";
import { parseMcpSpecs, startMcpServers, warnUnknownGrants } from "./mcp-servers.js";
import type { LocationOptions } from "./paths.js";
import { catalogDispatcher, compileRunCatalog, type RunCatalog } from "./run-catalog.js";
import { defaultsOverCeilings, limitsFromFlags } from "./limit-flags.js";
import { homeDiscoverOptions } from "./catalog-file.js";

interface McpCommandOptions extends LocationOptions {
  /** Other MCP servers as <name>=<command…>, importable as @mcp/<name>. */
  connect?: string[];
  /** Side-effecting tools runs may call ("@mcp/files.write", or a whole "@mcp/files"). */
  grant?: string[];
  /** Serve Streamable HTTP on 127.0.0.1 at this port (0 picks one) instead of stdio. */
  http?: number;
  /** Server ceilings as <limit>=<value>, each at most the runtime's own ceiling. */
  ceiling?: string[];
  /** Sandbox worker threads, all kept warm. */
  workers?: number;
}

const say = (text: string) => process.stderr.write(`capsule mcp: ${text}\n`);


export async function mcpCommand(options: McpCommandOptions): Promise<number> {
  const ceilings = parseCeilings(options.ceiling);
  if (typeof ceilings === "string") return say(ceilings), 2;
  // The limit flags are execute_code's defaults: each must fit the server's ceiling, or a call asking nothing would get more than one may ask for.
  const limits = limitsFromFlags(options);
  const over = defaultsOverCeilings(limits, ceilings);
  if (over) return say(over), 2;
  const specs = parseMcpSpecs(options.connect, "mcp", "--connect");
  if (typeof specs === "number") return specs;
  let compiled: RunCatalog;
  try {
    compiled = await compileRunCatalog(options);
  } catch (error) {
    return say(`cannot compile the pack roots: ${(error as Error).message}`), 1;
  }
  const { catalog, locations } = compiled;
  const servers = await startMcpServers(specs, "mcp", "--connect");
  if (typeof servers === "number") return servers;
  warnUnknownGrants(options.grant, servers, "mcp");
  const dispatcher = catalogDispatcher(catalog);
  const workers = options.workers;
  const sandbox = createSandbox({
    catalog,
    hostModules: dispatcher,
    tools: servers.belt,
    policy: defaultPolicy({ grant: options.grant }),
    ...(limits ? { limits } : {}),
    ...(workers ? { maxWorkers: workers, minWorkers: workers } : {}),
  });
  const mcpNames = Object.fromEntries(servers.servers.map((s) => [s.specifier, Object.fromEntries(s.tools.map((t) => [t.identifier, t.mcpName]))]));
  const makeServer = capsuleServerFactory({
    sandbox,
    modules: moduleSummaries(catalog, servers.belt, mcpNames),
    reference: async (format) => docs({ catalog, roots: locations.roots, discover: await homeDiscoverOptions(locations), format, tools: servers.belt }),
    ceilings,
    ...(workers ? { concurrentRuns: workers } : {}),
  });
  const toolCount = servers.servers.reduce((n, s) => n + s.tools.length, 0);
  const offered = `${catalog.modules.length} modules${servers.servers.length ? `, ${toolCount} tools of ${servers.servers.map((s) => s.specifier).join(", ")}` : ""}`;
  try {
    if (options.http !== undefined) {
      const http = await serveStreamableHttp(makeServer, { port: options.http });
      say(`serving MCP over Streamable HTTP at ${http.url} (${offered}); loopback only, no authentication`);
      await stopSignal();
      await http.close();
    } else {
      const serving = await serveStdio(makeServer());
      say(`serving MCP over stdio (${offered})`);
      await Promise.race([serving.closed, stopSignal()]);
      await serving.close();
    }
  } finally {
    await Promise.allSettled([sandbox.close(), dispatcher.close(), servers.close()]);
  }
  return 0;
}

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}
