// Owns a browser sandbox: the runtime's one run path given the page's powers — guest Web Workers on the runtime's
// own engine (guest-workers.ts), sucrase to strip TypeScript (strip-types.ts), imports resolved against a catalog
// server with every module verified by sha256 before it is evaluated (resolve-imports.ts), and host-module calls
// answered by what the page supplies or by its WASM pool (page-modules.ts). Results are the Node runtime's.
// Refuses with the runtime's codes; one run's failure (even a terminated worker) never reaches another run.

import { createRunPath, runError, type EventListener, type HostFunctions, type Limits, type Policy, type RunError, type RunRequest, type RunResult, type ToolBelt } from "@capsule/runtime/host";
import { createWasmPool, type WasmRunner } from "@capsule/host-modules/wasm-pool";
import { CatalogClient, type ServedEntry } from "./catalog-client.js";
import { GuestWorkers } from "./guest-workers.js";
import { pageModules, type PageHostModules } from "./page-modules.js";
import { resolveRunImports } from "./resolve-imports.js";
import { transform } from "./strip-types.js";
import { webWorkerLike } from "./web-worker-like.js";
import { DEFAULT_GUEST_WORKERS, DEFAULT_WASM_WORKERS } from "./limits.js";

export interface BrowserSandboxOptions {
  /** Base URL of a catalog server (`capsule serve`). Default: this page's origin. */
  catalogUrl?: string | URL;
  /** Bearer token for the catalog server, when it requires one. */
  token?: string;
  /** Folder holding run-worker.js, wasm-worker.js and quickjs.wasm. Default: the folder this script was loaded from. */
  assetsUrl?: string | URL;
  /** Guest workers (runs in parallel). Default DEFAULT_GUEST_WORKERS (1). */
  workers?: number;
  /** WASM workers. Default DEFAULT_WASM_WORKERS (1). */
  wasmWorkers?: number;
  /** Default limits of this sandbox's runs (each within its ceiling, as in Node). */
  limits?: Partial<Limits>;
  /** Host functions given to every run. */
  hostFunctions?: HostFunctions;
  /** Tool modules every run may import (as in Node: validated against their schemas in the page). */
  tools?: ToolBelt;
  /** Names programs may write for admitted modules: { "js-yaml": "@capsule/yaml" }. */
  imports?: Readonly<Record<string, string>>;
  /** Host modules this page supplies, by host id; any other host module a run imports is refused. */
  hostModules?: PageHostModules;
  /** Receives every run's trace events (the Node runtime's vocabulary). */
  onEvent?: EventListener;
  /** Consulted before every host-function, host-module and WASM call (see the runtime's defaultPolicy()). */
  policy?: Policy;
  /** Put call arguments and results into "call" events. */
  traceData?: boolean;
}

/** A run request as in Node, less a resolver of its own (imports come from the catalog server). */
export type BrowserRunRequest = Pick<RunRequest, "source" | "filename" | "hostFunctions" | "inputs" | "tools" | "imports" | "limits" | "seed" | "now" | "signal" | "allow" | "pins" | "strictPins" | "onEvent" | "policy" | "traceData">;

export interface BrowserSandbox {
  run<T = unknown>(request: BrowserRunRequest | string): Promise<RunResult<T>>;
  /** Starts the guest workers loading the engine now (otherwise the first run does it): call it when a page loads. */
  warm(): void;
  /** The API reference of the modules this sandbox's token grants (or of `allow`), from the catalog server's /docs. */
  docs(options?: { allow?: readonly string[]; format?: "md" | "dts" }): Promise<string | RunError>;
  /** The modules the catalog server grants this sandbox's token (refetched with refresh). */
  modules(refresh?: boolean): Promise<ServedEntry[] | RunError>;
  close(): void;
}

const withSlash = (url: URL) => (url.pathname.endsWith("/") ? url : new URL(`${url.pathname}/`, url));

export function createBrowserSandbox(options: BrowserSandboxOptions = {}): BrowserSandbox {
  const origin = typeof location !== "undefined" ? location.href : undefined;
  const assets = withSlash(new URL(options.assetsUrl ?? new URL(".", import.meta.url), origin));
  const client = new CatalogClient(withSlash(new URL(options.catalogUrl ?? "/", origin)), options.token);
  const workers = new GuestWorkers(new URL("run-worker.js", assets), new URL("quickjs.wasm", assets).href, options.workers ?? DEFAULT_GUEST_WORKERS);
  const supplied = options.hostModules ?? {};
  let wasm: WasmRunner | undefined;
  const wasmPool = () => (wasm ??= createWasmPool(() => webWorkerLike(new URL("wasm-worker.js", assets)), Math.max(1, options.wasmWorkers ?? DEFAULT_WASM_WORKERS)));
  const path = createRunPath(
    {
      runner: workers,
      transform,
      async resolveImports(prepared, request, _runId, front) {
        const resolved = await resolveRunImports(client, prepared, request, new Set(Object.keys(supplied)), front);
        if (!resolved.ok) return resolved;
        return { ...resolved, modules: pageModules({ hostModules: supplied, wasmModules: resolved.wasmModules, wasm: wasmPool, client }) };
      },
      factory: "createBrowserSandbox",
      runIdPrefix: `browser-run-${randomHex(16)}`,
    },
    options,
  );
  return {
    run: (request) => path.run(request),
    warm: () => workers.warm(),
    docs: (docsOptions = {}) => client.docs(docsOptions.allow, docsOptions.format ?? "md"),
    async modules(refresh = false) {
      const served = await client.index(refresh);
      return "code" in served ? served : served.modules;
    },
    close() {
      path.close();
      workers.close(runError("E_CLOSED", "this sandbox was closed; create a new one with createBrowserSandbox()"));
      void wasm?.close();
    },
  };
}

/** Random hex from getRandomValues (randomUUID needs a secure context; a page may be served over plain http). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
