// Owns admitting wasm declarations as the last step of a compile: the binary is validated against the declared
// exports (../wasm/admit.ts: no imports, bounded unshared memory, no start function, signatures within the
// contract, the bytes convention) and becomes a catalog module whose served source is a generated facade; the
// binary itself is served to the host's WASM pool by digest. Any rule broken is a named refusal.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { wasmFacadeSource } from "@capsule/registry";
import { DEFAULT_WASM_BUDGET, type WasmBudget } from "@capsule/host-modules/wasm-pool";
import { admitWasm, type WasmExportDeclaration } from "../wasm/admit.js";
import type { CatalogModule, PendingModule, RefusedModule, WasmDeclaration } from "../types.js";
import type { CompileResult } from "../compile/compile.js";
import { withVerdicts, writeFacade } from "./merge.js";

/** What a catalog entry of kind "wasm" adds: where the binary is, its digest, its exports and budgets. */
export interface WasmCatalogInfo {
  file: string;
  sha256: string;
  exports: Record<string, WasmExportDeclaration>;
  budget?: Record<string, number>;
}

/** Why a manifest's `limits` raise one of the WASM pool's default budgets, if they do (they may only lower them). */
function raisedBudget(limits: WasmDeclaration["limits"]): string | undefined {
  for (const [name, value] of Object.entries(limits ?? {}) as Array<[keyof WasmBudget, number | undefined]>) {
    const ceiling = DEFAULT_WASM_BUDGET[name];
    if (value !== undefined && value > ceiling) return `limits.${name} is ${value}, above Capsule's default of ${ceiling}; a pack may only lower its budgets`;
  }
  return undefined;
}

export async function admitWasmModules(result: CompileResult, cacheDir: string): Promise<CompileResult> {
  const pending: PendingModule[] = [];
  const admitted: Array<CatalogModule & { wasm: WasmCatalogInfo }> = [];
  const refused: RefusedModule[] = [];
  for (const entry of result.catalog.pending) {
    if (entry.kind !== "wasm" || !entry.file) {
      pending.push(entry);
      continue;
    }
    const declaration = entry.declaration as WasmDeclaration;
    const raised = raisedBudget(declaration.limits);
    if (raised) {
      refused.push({ specifier: entry.specifier, pack: entry.pack, code: "wasm-limits-raised", message: raised });
      result.diagnostics.push({ code: "wasm-limits-raised", severity: "error", message: raised, pack: entry.pack, specifier: entry.specifier });
      continue;
    }
    let binary: Uint8Array;
    try {
      binary = new Uint8Array(await readFile(entry.file));
    } catch {
      refused.push({ specifier: entry.specifier, pack: entry.pack, code: "wasm-invalid-binary", message: `cannot read ${declaration.file}` });
      continue;
    }
    const verdict = admitWasm(binary, declaration.exports as Record<string, WasmExportDeclaration>);
    if (!verdict.ok) {
      refused.push({ specifier: entry.specifier, pack: entry.pack, code: verdict.code, message: verdict.message });
      result.diagnostics.push({
        code: verdict.code,
        severity: "error",
        message: verdict.message,
        pack: entry.pack,
        specifier: entry.specifier,
        ...(verdict.feature ? { details: { feature: verdict.feature } } : {}),
      });
      continue;
    }
    const hostId = `wasm:${entry.specifier}`;
    const facade = wasmFacadeSource(hostId, Object.keys(verdict.exports));
    const written = await writeFacade(cacheDir, facade);
    admitted.push({
      specifier: entry.specifier,
      pack: entry.pack,
      version: entry.version,
      kind: "wasm" as never,
      hostId,
      sha256: written.sha256,
      exports: [...Object.keys(verdict.exports), "default"].sort(),
      size: Buffer.byteLength(facade),
      summary: entry.summary,
      sourcePath: written.path,
      wasm: { file: entry.file, sha256: createHash("sha256").update(binary).digest("hex"), exports: verdict.exports, ...(declaration.limits ? { budget: declaration.limits } : {}) },
    });
  }
  return withVerdicts(result, { admitted, refused, pending });
}
