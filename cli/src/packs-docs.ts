// `capsule packs docs`: the API reference for exactly the modules a run may import (each module's summary, exports
// and .d.ts, the guest surface and the limits), compact enough for a model's prompt. Compiles first (warm: no
// esbuild), so it always describes the catalog the runtime enforces.

import { docs } from "@capsule/compiler";
import { compileRoots } from "./catalog-file.js";
import { resolveLocations, type LocationOptions } from "./paths.js";
import { forStream, shown } from "./terminal-text.js";

interface PacksDocsOptions extends LocationOptions {
  allow?: string[];
  format?: string;
}

export async function packsDocsCommand(options: PacksDocsOptions): Promise<number> {
  const format = options.format ?? "md";
  if (format !== "md" && format !== "dts") {
    process.stderr.write(`capsule packs docs: --format must be md or dts, got ${shown(JSON.stringify(format))}\n`);
    return 2;
  }
  const locations = resolveLocations(options);
  const { catalog } = await compileRoots(locations);
  const unknown = (options.allow ?? []).filter((s) => !catalog.modules.some((m) => m.specifier === s));
  if (unknown.length) {
    process.stderr.write(`capsule packs docs: not admitted: ${unknown.map((s) => shown(s)).join(", ")} (see \`capsule packs list\`)\n`);
    return 2;
  }
  // Pack-written text (summaries, .d.ts) for a prompt: escaped only when it would reach a terminal.
  process.stdout.write(forStream(await docs({ catalog, roots: locations.roots, allow: options.allow, format }), process.stdout));
  return 0;
}
