// Owns dispatching calls from WASM facades: each admitted WASM module's binary (read once and checked against its
// digest), one budget session per run, calls run statelessly in the host's WASM worker pool (@capsule/host-modules,
// loaded on first use). Host-module ids are passed on to the registry with a signal per run that the end of the run
// aborts. Refuses a module the run did not import, an export the module did not declare, and a binary that no longer
// matches its digest.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { WasmExportDeclaration, WasmRunner, WasmSession } from "@capsule/host-modules/wasm-pool";
import type { DirectWasmModule } from "@capsule/host-modules/wasm-direct";
import type { HostModuleCall, WorkerModules } from "@capsule/runtime/bridge";
import { HostCallError } from "./codes.js";
import type { Registry } from "./registry.js";

/** The worker-side entry of direct WASM calls (loaded in a guest's worker by the runtime). */
let directUrl: string | undefined;
const directEntry = () => (directUrl ??= pathToFileURL(createRequire(import.meta.url).resolve("@capsule/host-modules/wasm-direct")).href);

/** Runs remembered as ended (a call still on its way in when its run ended is then cancelled, not made). */
const ENDED_RUNS_REMEMBERED = 4096;

export type { WasmExportDeclaration };

/** What a catalog says of an admitted WASM module (the compiler's catalog entries of kind "wasm" carry it). */
export interface WasmCatalogEntry {
  specifier: string;
  pack: string;
  kind: "wasm";
  hostId: string;
  wasm: { file: string; sha256: string; exports: Record<string, WasmExportDeclaration>; budget?: Record<string, number> };
}

export interface CapsuleDispatcher {
  dispatch(call: HostModuleCall): Promise<unknown>;
  /** The run's WASM modules, for its worker to call directly (see @capsule/host-modules/wasm-direct). */
  workerModules(declared: ReadonlyMap<string, string>): WorkerModules | undefined;
  endRun(runId: string): void;
  close(): Promise<void>;
}

/** The dispatcher a sandbox needs for a catalog: WASM modules from the catalog, host modules from the registry. */
export function createCapsuleDispatcher(options: { registry: Registry; catalog: { modules: readonly unknown[] }; wasmWorkers?: number; directWasm?: boolean }): CapsuleDispatcher {
  const wasmEntries = new Map<string, WasmCatalogEntry>();
  for (const m of options.catalog.modules as Array<Partial<WasmCatalogEntry>>) {
    if (m.kind === "wasm" && m.hostId && m.wasm) wasmEntries.set(m.hostId, m as WasmCatalogEntry);
  }
  const binaries = new Map<string, Promise<Uint8Array>>();
  const sessions = new Map<string, WasmSession>();
  const ended = new Set<string>();
  /** Per run, the signal its host-module calls carry; aborted (and dropped) when the run ends. */
  const runSignals = new Map<string, AbortController>();
  const hostSignal = (runId: string): AbortSignal => {
    let controller = runSignals.get(runId);
    if (!controller) {
      controller = new AbortController();
      // A call still on its way in when its run ended is cancelled, not made.
      if (ended.has(runId)) controller.abort();
      else runSignals.set(runId, controller);
    }
    return controller.signal;
  };
  let runner: Promise<WasmRunner> | undefined;
  const getRunner = () =>
    (runner ??= (import(`@capsule/host-modules/${"wasm"}`) as Promise<{ createWasmRunner(o?: { workers?: number }): WasmRunner }>).then((m) =>
      m.createWasmRunner({ workers: options.wasmWorkers }),
    ));
  const binaryOf = (entry: WasmCatalogEntry) => {
    let loaded = binaries.get(entry.wasm.sha256);
    if (!loaded) {
      loaded = readFile(entry.wasm.file).then((bytes) => {
        const digest = createHash("sha256").update(bytes).digest("hex");
        if (digest !== entry.wasm.sha256) {
          binaries.delete(entry.wasm.sha256);
          throw new HostCallError("host-module-failed", `the WASM binary of ${entry.specifier} no longer matches its catalog digest; recompile the packs`);
        }
        return new Uint8Array(bytes);
      });
      binaries.set(entry.wasm.sha256, loaded);
    }
    return loaded;
  };
  const direct = options.directWasm !== false;
  return {
    workerModules(declared) {
      if (!direct) return undefined;
      // Only modules the run imported from the pack that declares them: any other id keeps the refusals below.
      const modules: Record<string, DirectWasmModule> = {};
      for (const [id, pack] of declared) {
        const entry = wasmEntries.get(id);
        if (!entry || entry.pack !== pack) continue;
        const { specifier, wasm } = entry;
        modules[id] = { specifier, file: wasm.file, sha256: wasm.sha256, exports: wasm.exports, ...(wasm.budget ? { budget: wasm.budget } : {}) };
      }
      return Object.keys(modules).length > 0 ? { url: directEntry(), modules } : undefined;
    },
    async dispatch(call) {
      const entry = wasmEntries.get(call.id);
      if (!entry) return options.registry.dispatch(call, { signal: hostSignal(call.runId) });
      if (call.declared.get(call.id) !== entry.pack) throw new HostCallError("host-module-not-declared", `this run did not import WASM module ${entry.specifier}`);
      if (!Object.prototype.hasOwnProperty.call(entry.wasm.exports, call.exportName)) {
        throw new HostCallError("host-export-unknown", `"${call.exportName}" is not an export of ${entry.specifier} (exports: ${Object.keys(entry.wasm.exports).join(", ")})`);
      }
      const [binary, wasmRunner] = await Promise.all([binaryOf(entry), getRunner()]);
      // One budget per run and module: the module's manifest may have lowered it.
      const key = `${call.runId ?? "anonymous"}\0${call.id}`;
      let session = sessions.get(key);
      if (!session) {
        session = wasmRunner.session(entry.wasm.budget);
        // The run may have ended while this call waited for the binary or the pool: it is cancelled, not made.
        if (call.runId !== undefined && ended.has(call.runId)) session.cancel();
        else sessions.set(key, session);
      }
      return session.call(binary, entry.wasm.sha256, call.exportName, entry.wasm.exports[call.exportName], call.args);
    },
    endRun(runId) {
      ended.add(runId);
      // Host modules' work for the run (html, xlsx, zip, ocr jobs queued or running) is cancelled by its signal.
      runSignals.get(runId)?.abort();
      runSignals.delete(runId);
      if (ended.size > ENDED_RUNS_REMEMBERED) ended.delete(ended.values().next().value!);
      for (const [key, session] of sessions) {
        if (!key.startsWith(`${runId}\0`)) continue;
        session.cancel();
        sessions.delete(key);
      }
    },
    async close() {
      if (runner) await (await runner).close();
    },
  };
}
