// Owns the CLI's side of connecting MCP servers given as repeated `--mcp <name>=<command…>` (run, packs docs) or
// `--connect <name>=<command…>` (mcp): parsing them (@capsule/mcp's rules: shell-quote words, NAME=value env words),
// starting them over stdio with their stderr on ours, and the grant check of `--grant`. Reports a bad spec as bad
// usage (exit 2) and a server that does not start as a failure (exit 1), on stderr, never stdout (which may be an
// MCP channel).
// Refuses nothing else; closing is the caller's (`close()` of what it returns), in a finally.

import { connectStdioServers, parseServerSpecs, CapsuleMcpError, type ConnectedServers, type StdioServerSpec } from "@capsule/mcp";

/** The specs parsed, or 2 (bad usage) after saying which one is wrong: check them before compiling anything. */
export function parseMcpSpecs(specs: readonly string[] | undefined, command: string, flag: string): StdioServerSpec[] | number {
  try {
    return parseServerSpecs(specs ?? []);
  } catch (error) {
    return fail(error, command, flag);
  }
}

/** Connected servers, or the exit code after saying why not. No specs: an empty belt, nothing started. */
export async function startMcpServers(specs: readonly StdioServerSpec[], command: string, flag: string): Promise<ConnectedServers | number> {
  if (!specs.length) return { belt: {}, servers: [], close: async () => undefined };
  try {
    return await connectStdioServers(specs);
  } catch (error) {
    return fail(error, command, flag);
  }
}

function fail(error: unknown, command: string, flag: string): number {
  const code = error instanceof CapsuleMcpError ? error.code : "E_MCP_CONNECT_FAILED";
  process.stderr.write(`capsule ${command}: ${flag}: ${code}: ${(error as Error).message}\n`);
  return code === "E_MCP_BAD_SERVER_SPEC" ? 2 : 1;
}

/** Warns about --grant entries that name no connected tool or tool module (a typo would silently deny). */
export function warnUnknownGrants(grants: readonly string[] | undefined, connected: ConnectedServers, command: string): void {
  for (const grant of grants ?? []) {
    const [specifier, tool] = splitGrant(grant, Object.keys(connected.belt));
    const tools = specifier === undefined ? undefined : connected.belt[specifier];
    if (!tools || (tool !== undefined && !Object.prototype.hasOwnProperty.call(tools, tool))) {
      process.stderr.write(`capsule ${command}: warning: --grant ${grant} names no connected tool (grant "@mcp/<server>#<tool>" with the tool's guest name, or "@mcp/<server>#*")\n`);
    }
  }
}

function splitGrant(grant: string, specifiers: readonly string[]): [string | undefined, string | undefined] {
  const hash = grant.indexOf("#");
  if (hash > 0) return [grant.slice(0, hash), grant.slice(hash + 1) === "*" ? undefined : grant.slice(hash + 1)];
  if (specifiers.includes(grant)) return [grant, undefined];
  const dot = grant.lastIndexOf(".");
  return dot > 0 ? [grant.slice(0, dot), grant.slice(dot + 1)] : [undefined, undefined];
}
