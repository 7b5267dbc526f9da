// Owns the two steps host and wasm admission share: writing a generated facade into the cache
// (<cacheDir>/facades/<sha256>.js, atomically, so a concurrent compile or pruneCache never sees half a file) and
// folding an admission's verdicts back into a compile result (admitted modules and refusals merged in specifier
// order, the pending list replaced). Refuses nothing itself; a facade that cannot be written throws the OS error.

import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CompileResult } from "../compile/compile.js";
import type { CatalogModule, PendingModule, RefusedModule } from "../types.js";

export async function writeFacade(cacheDir: string, source: string): Promise<{ sha256: string; path: string }> {
  const sha256 = createHash("sha256").update(source).digest("hex");
  const dir = join(cacheDir, "facades");
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${sha256}.js`);
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, source);
  await rename(temp, path);
  return { sha256, path };
}

const bySpecifier = (a: { specifier: string }, b: { specifier: string }) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0);

/** The result with `admitted` and `refused` merged into its catalog and `pending` as what is still pending. */
export function withVerdicts(result: CompileResult, verdicts: { admitted: CatalogModule[]; refused: RefusedModule[]; pending: PendingModule[] }): CompileResult {
  const { catalog } = result;
  return {
    ...result,
    catalog: {
      ...catalog,
      modules: [...catalog.modules, ...verdicts.admitted].sort(bySpecifier),
      pending: verdicts.pending,
      refused: [...catalog.refused, ...verdicts.refused].sort(bySpecifier),
    },
  };
}
