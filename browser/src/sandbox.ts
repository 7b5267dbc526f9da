// Owns a browser sandbox: each run's life on the page — checking the request, preparing the source, resolving its
// imports against the catalog server (every module verified by sha256 before it is evaluated; resolve-imports.ts),
// answering host calls, the wall clock, and shaping the same typed result as @capsule/runtime. Guest code runs in
// a Web Worker on the runtime's own engine (guest-workers.ts).
// Refuses with the runtime's codes; one run's failure (even a terminated worker) never reaches another run.

import { checkRequest } from "@capsule/runtime/internal/request";
import { mapGuestStack, prepareSource, type PreparedSource } from "@capsule/runtime/internal/source";
import { decodeValue } from "@capsule/runtime/internal/codec";
import { runError, type RunError } from "@capsule/runtime/internal/errors";
import { DEFAULT_LIMITS, resolveLimits, type Limits } from "@capsule/runtime/internal/limits";
import type { HostFunctions, RunRequest, RunResult, RunStats } from "@capsule/runtime/internal/types";
import { serveHostCalls, type HostChannel } from "@capsule/runtime/internal/host-calls";
import { RunTrace, traceRunEnd, type EventListener } from "@capsule/runtime/internal/events";
import { wallClock } from "@capsule/runtime/internal/wall-clock";
import { isSideEffecting, type Policy } from "@capsule/runtime/internal/policy";
import { createWasmPool, type WasmRunner } from "@capsule/host-modules/wasm-pool";
import { CatalogClient, type ServedEntry } from "./catalog-client.js";
import { GuestWorkers } from "./guest-workers.js";
import { pageTargets, type PageHostModules } from "./host-calls.js";
import { resolveRunImports } from "./resolve-imports.js";
import { webWorkerLike } from "./web-worker-like.js";
import { DEFAULT_GUEST_WORKERS, DEFAULT_WASM_WORKERS } from "./limits.js";
import type { RunMessage } from "./protocol.js";
import { CONTROL_BYTES } from "@capsule/runtime/internal/protocol";

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
export type BrowserRunRequest = Pick<RunRequest, "source" | "filename" | "hostFunctions" | "limits" | "seed" | "now" | "signal" | "allow" | "pins" | "strictPins" | "onEvent" | "policy" | "traceData">;

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
const closedError = () => runError("E_CLOSED", "this sandbox was closed; create a new one with createBrowserSandbox()");

export function createBrowserSandbox(options: BrowserSandboxOptions = {}): BrowserSandbox {
  const base = resolveLimits(options.limits, DEFAULT_LIMITS);
  if (!base.ok) throw new TypeError(`${base.code}: ${base.message}`);
  const baseLimits = base.limits;
  const origin = typeof location !== "undefined" ? location.href : undefined;
  const assets = withSlash(new URL(options.assetsUrl ?? new URL(".", import.meta.url), origin));
  const client = new CatalogClient(withSlash(new URL(options.catalogUrl ?? "/", origin)), options.token);
  const engineUrl = new URL("quickjs.wasm", assets).href;
  const workers = new GuestWorkers(new URL("run-worker.js", assets), engineUrl, options.workers ?? DEFAULT_GUEST_WORKERS);
  const supplied = new Set(Object.keys(options.hostModules ?? {}));
  let wasm: WasmRunner | undefined;
  let closed = false;

  async function execute(request: BrowserRunRequest, started: number, trace: RunTrace): Promise<RunResult> {
    const hostFunctions = { ...options.hostFunctions, ...request.hostFunctions };
    const checked = checkRequest({ ...request, hostFunctions }, baseLimits);
    const stats = (seed = 0, now = 0, extra?: Partial<RunStats>): RunStats => ({
      cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false, ...extra, wallMs: performance.now() - started, seed, now,
    });
    if (!checked.ok) return { ok: false, error: checked.error, logs: [], stats: stats() };
    const { limits, seed, now, namespaces, filename } = checked.request;
    trace.emit({ type: "run.start", filename, seed, now, limits: { ...limits } });
    const fail = (error: RunError, extra?: Partial<RunStats>): RunResult => ({ ok: false, error, logs: [], stats: stats(seed, now, extra) });
    if (request.signal?.aborted) return fail(runError("E_CANCELLED", "the run was cancelled before it started"));
    const prepared = await prepareSource(checked.request.source, filename);
    if (!prepared.ok) return fail(prepared.error);
    const catalogOptions = { allow: request.allow, pins: request.pins, strictPins: request.strictPins };
    const { resolved, error, warnings: found } = await resolveRunImports(client, prepared.filename, prepared.imports, catalogOptions, supplied);
    const warnings = found.length ? { warnings: found } : {};
    if (!resolved) return { ...fail(error!), ...warnings };
    const { graph, wasmModules } = resolved;

    const isolated = typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
    const control = new Int32Array(isolated ? new SharedArrayBuffer(CONTROL_BYTES) : new ArrayBuffer(CONTROL_BYTES));
    const channel = Object.keys(namespaces).length > 0 || graph.hostModules.size > 0 || trace.active ? new MessageChannel() : undefined;
    let expire = () => undefined as void;
    const wall = wallClock(limits.wallMs, () => expire());
    wall.pause(); // runs only once a worker has the run: time queued behind other runs is not the guest's
    const targets = pageTargets({
      hostFunctions: checked.request.hostFunctions as Record<string, Record<string, (...args: unknown[]) => unknown>>,
      hostModules: options.hostModules ?? {},
      wasmModules,
      wasm: () => (wasm ??= createWasmPool(() => webWorkerLike(new URL("wasm-worker.js", assets)), Math.max(1, options.wasmWorkers ?? DEFAULT_WASM_WORKERS))),
      client,
    });
    const host = channel
      ? serveHostCalls(pageChannel(channel.port1), {
          target: targets.target,
          sideEffects: (m) => m.module === undefined && isSideEffecting(checked.request.hostFunctions[m.ns]?.[m.fn]),
          runId: trace.runId,
          trace,
          policy: request.policy ?? options.policy,
          traceData: request.traceData ?? options.traceData ?? false,
          wall,
          hostDataBytes: limits.hostDataBytes,
          policyWaitMs: limits.policyWaitMs,
          onModulesUsed: targets.end,
        })
      : undefined;
    const message: RunMessage = {
      t: "run",
      task: {
        code: prepared.code, filename: prepared.filename, modules: graph.modules, links: graph.links, moduleSetKey: graph.moduleSetKey,
        limits, seed, now, namespaces, hostModules: [...graph.hostModules.keys()], facades: graph.facades,
        port: channel?.port2, control: control.buffer as SharedArrayBuffer | ArrayBuffer, streamLogs: trace.active,
      },
    };
    try {
      const outcome = await workers.run(message, { control, wallMs: limits.wallMs, signal: request.signal }, (stop) => {
        expire = stop;
        wall.resume();
      });
      if ("code" in outcome) return { ...fail(outcome, { hostCalls: host?.calls() ?? 0 }), ...warnings };
      host?.flushLogs(outcome.logs);
      const runStats = stats(seed, now, outcome.stats);
      if (!outcome.ok) return { ok: false, error: withUserPositions(outcome.error, prepared), logs: outcome.logs, stats: runStats, ...warnings };
      return { ok: true, value: decodeValue(outcome.value), logs: outcome.logs, stats: runStats, ...warnings };
    } finally {
      wall.stop();
      host?.close();
    }
  }

  return {
    async run<T>(request: BrowserRunRequest | string): Promise<RunResult<T>> {
      const started = performance.now();
      const normalized = typeof request === "string" ? { source: request } : request;
      const trace = new RunTrace(nextRunId(), [options.onEvent, normalized?.onEvent].filter((l): l is EventListener => typeof l === "function"));
      const failure = (error: RunError): RunResult => ({ ok: false, error, logs: [], stats: { cpuMs: 0, wallMs: performance.now() - started, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false } });
      let result: RunResult;
      try {
        result = closed ? failure(closedError()) : await execute(normalized, started, trace);
      } catch (error) {
        result = failure(runError("E_INTERNAL", `the browser runner failed: ${error instanceof Error ? error.message : String(error)}`));
      }
      traceRunEnd(trace, result);
      return result as RunResult<T>;
    },
    warm() {
      workers.warm();
    },
    docs(docsOptions = {}) {
      return client.docs(docsOptions.allow, docsOptions.format ?? "md");
    },
    async modules(refresh = false) {
      const served = await client.index(refresh);
      return "code" in served ? served : served.modules;
    },
    close() {
      closed = true;
      workers.close(closedError());
      void wasm?.close();
    },
  };
}

let runCounter = 0;
const nextRunId = () => `browser-run-${++runCounter}`;

/** The page's end of a run's MessageChannel. */
function pageChannel(port: MessagePort): HostChannel {
  return {
    onMessage: (handler) => (port.onmessage = (event) => handler(event.data)),
    post: (message) => port.postMessage(message),
    close: () => port.close(),
  };
}

function withUserPositions(error: RunError, prepared: PreparedSource): RunError {
  return error.guestStack ? { ...error, guestStack: mapGuestStack(error.guestStack, prepared) } : error;
}
