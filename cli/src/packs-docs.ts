// `capsule packs docs`: the API reference for exactly the modules a run may import (each module's summary, exports
// and .d.ts, the guest surface and the limits), compact enough for a model's prompt. Compiles first (warm: no
// esbuild), so it always describes the catalog the runtime enforces. With --mcp <name>=<command…>, stdio MCP servers
// are started, their tools' declarations included as @mcp/<name>, and the servers closed.

import { docs } from "@capsule/compiler";
import { compileRoots, homeDiscoverOptions } from "./catalog-file.js";
import { parseMcpSpecs, startMcpServers } from "./mcp-servers.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { unknownAllowed } from "./run-catalog.js";
import { forStream, shown } from "./terminal-text.js";

interface PacksDocsOptions extends LocationOptions {
  allow?: string[];
  format?: string;
  mcp?: string[];
}

export async function packsDocsCommand(options: PacksDocsOptions): Promise<number> {
  const format = options.format ?? "md";
  if (format !== "md" && format !== "dts") {
    process.stderr.write(`capsule packs docs: --format must be md or dts, got ${shown(JSON.stringify(format))}\n`);
    return 2;
  }
  const specs = parseMcpSpecs(options.mcp, "packs docs", "--mcp");
  if (typeof specs === "number") return specs;
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  const servers = await startMcpServers(specs, "packs docs", "--mcp");
  if (typeof servers === "number") return servers;
  try {
    const unknown = unknownAllowed(options.allow, catalog, Object.keys(servers.belt));
    if (unknown.length) {
      process.stderr.write(`capsule packs docs: not admitted: ${unknown.map((s) => shown(s)).join(", ")} (see \`capsule packs list\`)\n`);
      return 2;
    }
    // Pack-written text (summaries, .d.ts) for a prompt: escaped only when it would reach a terminal.
    process.stdout.write(forStream(await docs({ catalog, roots: locations.roots, discover: await homeDiscoverOptions(locations), allow: options.allow, format, tools: servers.belt }), process.stdout));
    return 0;
  } finally {
    await servers.close();
  }
}
