// Owns the last road of an npm build: a module whose only problem is Node's Buffer (the global at load, or the
// builtin imported) is built again with the `buffer` polyfill bundled in (bundle/buffer-polyfill.ts), and that build
// is used when it passes every check outright. A module whose Buffer use the probe alone would excuse (only inside
// functions that do not run at load) keeps its build: the polyfill is tried only when the module would be refused.
// Refuses nothing itself.

import { warning } from "../diagnostics.js";
import { needsBuffer } from "../bundle/buffer-polyfill.js";
import type { BuiltModule } from "./build-variant.js";

type Probed = { ok: boolean };

/** `built`, or the polyfilled rebuild when `built` would be refused for Buffer alone and the rebuild passes. */
export async function withBufferPolyfill(built: BuiltModule, rebuild: () => Promise<BuiltModule>, probe: (code: string) => Promise<Probed>): Promise<BuiltModule> {
  const refusedForBuffer = built.kind === "refused" && built.errors.length > 0 && built.errors.every(needsBuffer);
  const doubtfulForBuffer = built.kind === "bundled" && built.overrulable.length > 0 && built.overrulable.every(needsBuffer);
  if (!refusedForBuffer && !doubtfulForBuffer) return built;
  const alt = await rebuild();
  if (alt.kind !== "bundled" || alt.overrulable.length > 0) return built;
  // The probe decides for a build the scan only doubts: one that loads without the polyfill keeps its own bundle.
  if (built.kind === "bundled" && (await probe(built.outcome.code)).ok) return built;
  const why = built.kind === "refused" ? built.errors : built.overrulable;
  const places = [...new Set(why.map((d) => d.file).filter(Boolean))].slice(0, 3).join(", ");
  alt.warnings.unshift(
    warning("npm-module-buffer-polyfill", `the module needs Node's Buffer${places ? ` (${places})` : ""}, which the sandbox does not have; the \`buffer\` package (the polyfill browser bundlers use, pure JavaScript over Uint8Array) is bundled in for it`, {
      details: { refused: why[0]?.code },
    }),
  );
  return alt;
}
