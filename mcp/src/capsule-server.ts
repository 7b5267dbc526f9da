// Owns the Capsule MCP server: an McpServer (the SDK's) with the tools execute_code (run a program; see
// execute-code.ts) and list_modules (what a program may import), and the reference of what may be imported as
// resources (capsule://docs/reference.md and capsule://docs/reference.d.ts, from the caller's docs power, read once
// per format). Everything it runs on is the caller's: the sandbox (kept warm across calls, with its catalog, host
// modules, tool belt and policy), the module list and the reference, so this file imports no compiler or registry.
// One McpServer serves one transport; createCapsuleMcpServer is cheap, so an HTTP endpoint makes one per session
// over the same sandbox, each with its own lane of the factory's FairRuns (fair-runs.ts).
// Refuses nothing itself: execute_code refuses limits above the ceilings; the SDK refuses input off the schemas.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Limits } from "@capsule/runtime";
import { z } from "zod";
import { serverCeilings } from "./ceilings.js";
import { EXECUTE_CODE_DESCRIPTION, executeCode, executeCodeInputSchema, executeCodeOutputSchema } from "./execute-code.js";
import { FairRuns, type RunsPrograms } from "./fair-runs.js";
import { moduleListText, type ModuleSummary } from "./module-list.js";
import { guardRequests } from "./request-guard.js";
import { PACKAGE_VERSION } from "./version.js";

export type ReferenceFormat = "md" | "dts";

export interface CapsuleMcpServerOptions {
  /** Runs every execute_code; the caller creates it (warm pool, catalog, host modules, tools, policy) and closes it. */
  sandbox: RunsPrograms;
  /** What a program may import, for list_modules (moduleSummaries(catalog, belt)). */
  modules?: readonly ModuleSummary[];
  /** The reference of what may be imported (compiler docs({ format, tools })), for the docs resources. */
  reference?: (format: ReferenceFormat) => Promise<string> | string;
  /** The most a request may ask of each limit (serverCeilings() by default). */
  ceilings?: Readonly<Limits>;
  /** Runs handed to the sandbox at once, shared fairly among sessions (default availableParallelism(), the sandbox's default worker count). */
  concurrentRuns?: number;
  /** execute_code calls one session may have waiting beyond those running (RUNS_QUEUED_PER_SESSION). */
  queuedPerSession?: number;
  /** Longest observation text per execute_code answer. */
  observationMaxChars?: number;
  /** serverInfo.name (default "capsule"). */
  name?: string;
}

export const REFERENCE_URIS: Readonly<Record<ReferenceFormat, string>> = Object.freeze({ md: "capsule://docs/reference.md", dts: "capsule://docs/reference.d.ts" });
const REFERENCE_MIME: Record<ReferenceFormat, string> = { md: "text/markdown", dts: "text/x-typescript" };

/** The reference power, read once per format however many sessions ask. */
function cachedReference(reference: CapsuleMcpServerOptions["reference"]): ((format: ReferenceFormat) => Promise<string>) | undefined {
  if (!reference) return undefined;
  const texts = new Map<ReferenceFormat, Promise<string>>();
  return (format) => {
    let text = texts.get(format);
    if (!text) {
      text = Promise.resolve(reference(format));
      texts.set(format, text);
      text.catch(() => texts.delete(format)); // a failed read is tried again next time
    }
    return text;
  };
}

/** Options prepared once (ceilings checked, reference cached) for any number of servers over them. */
export function capsuleServerFactory(options: CapsuleMcpServerOptions): () => McpServer {
  const prepared = { ...options, ceilings: options.ceilings ?? serverCeilings(), reference: cachedReference(options.reference) };
  const fair = new FairRuns(options.sandbox, options.concurrentRuns, options.queuedPerSession);
  return () => buildServer(prepared, fair);
}

/** One Capsule MCP server over the caller's sandbox; connect it to a transport (StdioServerTransport, …). */
export function createCapsuleMcpServer(options: CapsuleMcpServerOptions): McpServer {
  return capsuleServerFactory(options)();
}

function buildServer(options: CapsuleMcpServerOptions & { ceilings: Readonly<Limits>; reference?: (format: ReferenceFormat) => Promise<string> }, fair: FairRuns): McpServer {
  const runs = fair.lane();
  const modules = options.modules ?? [];
  const server = new McpServer(
    { name: options.name ?? "capsule", version: PACKAGE_VERSION },
    {
      instructions:
        "Capsule runs your JavaScript or TypeScript programs in an isolated sandbox. Call list_modules to see what a program may import " +
        "(library packs and the tools of connected MCP servers), read capsule://docs/reference.d.ts for their declarations, then call " +
        "execute_code with one program that does the whole task: it may call many tools, loop and combine results, and it returns a value.",
    },
  );
  const ceilings = options.ceilings;
  server.registerTool(
    "execute_code",
    {
      title: "Run a program in the Capsule sandbox",
      description: EXECUTE_CODE_DESCRIPTION,
      // Strict: an argument it does not know (a typo such as "limit") is refused, not ignored with default limits.
      inputSchema: z.object(executeCodeInputSchema(ceilings)).strict(),
      outputSchema: executeCodeOutputSchema,
      // The program may call side-effecting tools, but only those the operator granted; the run itself changes nothing.
      annotations: { readOnlyHint: false, destructiveHint: modules.some((m) => m.tools?.some((t) => t.sideEffects)), openWorldHint: false },
    },
    async (input, extra) => executeCode(runs, input, ceilings, extra.signal, options.observationMaxChars),
  );
  server.registerTool(
    "list_modules",
    {
      title: "List what a program may import",
      description: "The modules a program run by execute_code may import: library packs with their summaries and exports, and the tools of connected MCP servers with their descriptions and whether they have side effects.",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => ({ content: [{ type: "text", text: moduleListText(modules) }], structuredContent: { modules: modules.map((m) => ({ ...m })) } }),
  );
  const reference = options.reference;
  if (reference) {
    for (const format of ["md", "dts"] as const) {
      const uri = REFERENCE_URIS[format];
      server.registerResource(
        `reference.${format === "md" ? "md" : "d.ts"}`,
        uri,
        {
          title: format === "md" ? "Reference of what a program may import" : "TypeScript declarations of what a program may import",
          description: format === "md" ? "Each importable module's summary, exports and declarations, the guest's globals and the default limits." : "declare module blocks for every importable module and tool.",
          mimeType: REFERENCE_MIME[format],
        },
        async () => ({ contents: [{ uri, mimeType: REFERENCE_MIME[format], text: await reference(format) }] }),
      );
    }
  }
  // The SDK advertises listChanged for tools and resources it registers; this server's lists never change after
  // connect, so a client is not told to wait for notifications that never come.
  server.server.registerCapabilities({ tools: { listChanged: false }, ...(reference ? { resources: { listChanged: false } } : {}) });
  // Every transport it is connected to answers malformed requests and unknown tools cleanly (request-guard.ts).
  const connect = server.connect.bind(server);
  server.connect = async (transport) => {
    await connect(transport);
    guardRequests(transport, { tools: TOOL_NAMES, resources: reference ? Object.values(REFERENCE_URIS) : [] });
  };
  return server;
}

/** The tools buildServer registers (a tools/call of any other name is answered by the guard). */
const TOOL_NAMES = ["execute_code", "list_modules"] as const;
