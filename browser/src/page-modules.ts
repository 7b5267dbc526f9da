// Owns what a run's host-module calls reach in the page: host modules the page supplies (by host id), and WASM
// exports, run in the page's WASM worker pool with one budget session per module and run. The runtime's run path
// does the rest (policy, trace, encoding, size checks), exactly as in Node.
// Refuses an export the run was not given.

import type { RunModules } from "@capsule/runtime/host";
import type { WasmRunner, WasmSession } from "@capsule/host-modules/wasm-pool";
import type { CatalogClient, ServedEntry } from "./catalog-client.js";

type Fn = (...args: unknown[]) => unknown;
/** Host modules a page supplies, by host id: { "capsule.csv": { parse(text, options) { … } } }. */
export type PageHostModules = Record<string, Record<string, Fn>>;

export interface PageModulesContext {
  hostModules: PageHostModules;
  /** WASM modules of the run, by host id ("wasm:<specifier>"). */
  wasmModules: Map<string, ServedEntry>;
  wasm: () => WasmRunner;
  client: CatalogClient;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

export function pageModules(context: PageModulesContext): RunModules {
  const sessions = new Map<string, WasmSession>();
  let ended = false;
  return {
    target(module, fn) {
      const wasm = context.wasmModules.get(module);
      if (wasm) {
        const declaration = own(wasm.wasm!.exports, fn) ? wasm.wasm!.exports[fn] : undefined;
        if (!declaration) return `"${fn}" is not an export of ${wasm.specifier}`;
        return async (args) => {
          const binary = await context.client.binary(wasm);
          let session = sessions.get(module);
          if (!session) {
            session = context.wasm().session(wasm.wasm!.budget);
            // The run may have ended while this call fetched the binary: it is cancelled, not made.
            if (ended) session.cancel();
            else sessions.set(module, session);
          }
          return session.call(binary, wasm.wasm!.sha256, fn, declaration, args);
        };
      }
      const supplied = own(context.hostModules, module) ? context.hostModules[module] : undefined;
      const f = supplied && own(supplied, fn) ? supplied[fn] : undefined;
      return typeof f === "function" ? (args) => f.apply(supplied, args) : `host module ${module} has no export "${fn}" in this page`;
    },
    /** Cancels the run's WASM calls still queued or running. */
    end(): void {
      ended = true;
      for (const session of sessions.values()) session.cancel();
    },
  };
}
