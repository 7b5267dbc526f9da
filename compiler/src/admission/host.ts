// Owns admitting host-module declarations against the registry's pins, as the last step of a compile: a pinned
// id declared by its pinned package — that package's pinned copy, by its real folder, where the pin binds one —
// becomes a catalog module whose served source is the generated facade; any other declaration (unknown id, another
// package's id, another copy of the pinned package, a look-alike) is a named refusal.

import type { CatalogModule, HostAdmitCode, HostDeclaration, PendingModule, RefusedModule } from "../types.js";
import type { CompileResult } from "../compile/compile.js";
import { withVerdicts, writeFacade } from "./merge.js";

/** What admission needs of a registry (@capsule/registry's Registry has it): the declaring pack's name and real folder. */
export interface HostAdmitter {
  admit(pack: string | { name: string; root?: string }, hostId: string):
    | { ok: true; facade: string; pin: { exports: Readonly<Record<string, unknown>> } }
    | { ok: false; code: HostAdmitCode; message: string };
}

export async function admitHostModules(result: CompileResult, admitter: HostAdmitter, cacheDir: string): Promise<CompileResult> {
  const pending: PendingModule[] = [];
  const admitted: CatalogModule[] = [];
  const refused: RefusedModule[] = [];
  for (const entry of result.catalog.pending) {
    if (entry.kind !== "host") {
      pending.push(entry);
      continue;
    }
    const hostId = (entry.declaration as HostDeclaration).host;
    const verdict = admitter.admit({ name: entry.pack, ...(entry.root ? { root: entry.root } : {}) }, hostId);
    if (!verdict.ok) {
      refused.push({ specifier: entry.specifier, pack: entry.pack, code: verdict.code, message: verdict.message });
      // A registry code, not one of the compiler's: Diagnostic.code does not name it (the CLI's hints do).
      result.diagnostics.push({ code: verdict.code as never, severity: "error", message: verdict.message, pack: entry.pack, specifier: entry.specifier });
      continue;
    }
    const facade = await writeFacade(cacheDir, verdict.facade);
    admitted.push({
      specifier: entry.specifier,
      pack: entry.pack,
      version: entry.version,
      kind: "host",
      hostId,
      sha256: facade.sha256,
      exports: [...Object.keys(verdict.pin.exports), "default"].sort(),
      size: Buffer.byteLength(verdict.facade),
      summary: entry.summary,
      sourcePath: facade.path,
    });
  }
  return withVerdicts(result, { admitted, refused, pending });
}
