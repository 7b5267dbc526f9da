// Owns a browser sandbox: each run's life on the page — checking the request, preparing the source, resolving its
// imports against the catalog server (every module verified by sha256 before it is evaluated), refusing host
// modules the page does not supply, answering host calls, enforcing the wall clock and cancellation, and shaping the
// same typed result as @capsule/runtime. Guest code runs in a Web Worker on the runtime's own engine.
// Refuses with the runtime's codes; one run's failure (even a terminated worker) never reaches another run.

import { checkRequest } from "@capsule/runtime/internal/request";
import { mapGuestStack, prepareSource, type PreparedSource } from "@capsule/runtime/internal/source";
import { resolveImports } from "@capsule/runtime/internal/imports";
import { catalogResolverWith } from "@capsule/runtime/internal/catalog-resolver";
import { decodeValue } from "@capsule/runtime/internal/codec";
import { runError, type RunError } from "@capsule/runtime/internal/errors";
import { DEFAULT_LIMITS, resolveLimits, STUCK_GRACE_MS, type Limits } from "@capsule/runtime/internal/limits";
import { CONTROL, type WorkerOutcome } from "@capsule/runtime/internal/protocol";
import type { HostFunctions, RunRequest, RunResult, RunStats } from "@capsule/runtime/internal/types";
import { createWasmPool, type WasmRunner } from "@capsule/host-modules/wasm-pool";
import { CatalogClient, type ServedEntry } from "./catalog-client.js";
import { pageTargets, type PageHostModules } from "./host-calls.js";
import { serveHostCalls, type HostChannel } from "@capsule/runtime/internal/host-calls";
import { RunTrace, traceRunEnd, type EventListener } from "@capsule/runtime/internal/events";
import { wallClock } from "@capsule/runtime/internal/wall-clock";
import { isSideEffecting, type Policy } from "@capsule/runtime/internal/policy";
import { webWorkerLike } from "./web-worker-like.js";
import { DEFAULT_GUEST_WORKERS, DEFAULT_WASM_WORKERS, INDEX_REFRESH_MIN_MS } from "./limits.js";
import type { RunMessage, WorkerReply } from "./protocol.js";

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
  /** The modules the catalog server grants this sandbox's token (refetched with refresh). */
  modules(refresh?: boolean): Promise<ServedEntry[] | RunError>;
  close(): void;
}

interface Slot {
  worker: Worker | null;
}

const withSlash = (url: URL) => (url.pathname.endsWith("/") ? url : new URL(`${url.pathname}/`, url));

export function createBrowserSandbox(options: BrowserSandboxOptions = {}): BrowserSandbox {
  const base = resolveLimits(options.limits, DEFAULT_LIMITS);
  if (!base.ok) throw new TypeError(`${base.code}: ${base.message}`);
  const baseLimits = base.limits;
  const origin = typeof location !== "undefined" ? location.href : undefined;
  const assets = withSlash(new URL(options.assetsUrl ?? new URL(".", import.meta.url), origin));
  const client = new CatalogClient(withSlash(new URL(options.catalogUrl ?? "/", origin)), options.token);
  const engineUrl = new URL("quickjs.wasm", assets).href;
  const slots: Slot[] = Array.from({ length: Math.max(1, options.workers ?? DEFAULT_GUEST_WORKERS) }, () => ({ worker: null }));
  const idle = [...slots];
  const waiting: Array<(slot: Slot) => void> = [];
  let wasm: WasmRunner | undefined;
  let closed = false;
  /** Ends each run in flight with the given error (close() uses it: a terminated worker never answers). */
  const inFlight = new Set<(error: RunError) => void>();
  const closedError = () => runError("E_CLOSED", "this sandbox was closed; create a new one with createBrowserSandbox()");

  const acquire = () => new Promise<Slot>((resolve) => (idle.length ? resolve(idle.pop()!) : waiting.push(resolve)));
  const release = (slot: Slot) => (waiting.length ? waiting.shift()!(slot) : idle.push(slot));
  const workerOf = (slot: Slot) => (slot.worker ??= new Worker(new URL("run-worker.js", assets), { type: "module", name: "capsule-guest" }));
  const discard = (slot: Slot) => {
    slot.worker?.terminate();
    slot.worker = null;
  };

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
    const prepared = await prepareSource(checked.request.source, checked.request.filename);
    if (!prepared.ok) return fail(prepared.error);

    let index: ServedEntry[] = [];
    let warnings = {};
    let graph = { modules: {}, links: {}, moduleSetKey: "", hostModules: new Map<string, string>(), facades: [] as string[] };
    if (prepared.imports.length > 0) {
      const resolve = async (refresh: boolean) => {
        const served = await client.index(refresh);
        if ("code" in served) return { error: served };
        const resolution = catalogResolverWith((entry) => client.source(entry), served, { allow: request.allow, pins: request.pins, strictPins: request.strictPins }, prepared.filename);
        const imports = await resolveImports(prepared.filename, prepared.imports, resolution.resolver);
        return imports.ok ? { served, graph: imports.graph, warnings: resolution.warnings } : { error: resolution.failure() ?? imports.error, warnings: resolution.warnings };
      };
      let resolved = await resolve(false);
      // Packs may have been installed since the index was fetched: look again before calling an import unresolved.
      if (resolved.error?.code === "E_IMPORT_UNRESOLVED" && client.indexAgeMs() > INDEX_REFRESH_MIN_MS) resolved = await resolve(true);
      if (resolved.warnings?.length) warnings = { warnings: resolved.warnings };
      if (resolved.error) return { ...fail(resolved.error), ...warnings };
      index = resolved.served!.modules;
      graph = resolved.graph!;
    }
    const wasmModules = new Map<string, ServedEntry>();
    for (const [id, pack] of graph.hostModules) {
      const entry = index.find((m) => m.hostId === id && m.pack === pack);
      if (entry?.kind === "wasm" && entry.wasm) wasmModules.set(id, entry);
      else if (!options.hostModules || !Object.prototype.hasOwnProperty.call(options.hostModules, id)) {
        return fail(runError("E_HOST_MODULE_UNAVAILABLE", `"${entry?.specifier ?? pack}" is a host module (${id}) that runs on a server, and this page supplies none: pass hostModules: { "${id}": { … } } to createBrowserSandbox, or run this guest on the Node runtime`));
      }
    }

    const isolated = typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;
    const control = new Int32Array(isolated ? new SharedArrayBuffer(4) : new ArrayBuffer(4));
    const slot = await acquire();
    if (closed) {
      release(slot);
      return fail(closedError());
    }
    const channel = Object.keys(namespaces).length > 0 || graph.hostModules.size > 0 || trace.active ? new MessageChannel() : undefined;
    const stopper = { expire: () => undefined as void };
    const wall = wallClock(limits.wallMs, () => stopper.expire());
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
      engineUrl,
      task: {
        code: prepared.code, filename: prepared.filename, modules: graph.modules, links: graph.links, moduleSetKey: graph.moduleSetKey,
        limits, seed, now, namespaces, hostModules: [...graph.hostModules.keys()], facades: graph.facades,
        port: channel?.port2, control: control.buffer as SharedArrayBuffer | ArrayBuffer, streamLogs: trace.active,
      },
    };
    try {
      const outcome = await runOnWorker(slot, message, control, isolated, limits.wallMs, stopper, request.signal);
      if ("code" in outcome) return fail(outcome, { hostCalls: host?.calls() ?? 0 });
      host?.flushLogs(outcome.logs);
      const runStats = stats(seed, now, outcome.stats);
      if (!outcome.ok) return { ok: false, error: withUserPositions(outcome.error, prepared), logs: outcome.logs, stats: runStats, ...warnings };
      return { ok: true, value: decodeValue(outcome.value), logs: outcome.logs, stats: runStats, ...warnings };
    } finally {
      wall.stop();
      host?.close();
      release(slot);
    }
  }

  /**
   * Runs the task on the slot's worker. At the wall clock (or on abort) a cross-origin-isolated page flips the
   * control word, which the engine's interrupt handler sees, and terminates the worker only if it stays stuck;
   * without SharedArrayBuffer the worker is terminated at once. Either way the slot gets a fresh worker next time.
   */
  function runOnWorker(slot: Slot, message: RunMessage, control: Int32Array, isolated: boolean, wallMs: number, stopper: { expire: () => void }, signal?: AbortSignal): Promise<WorkerOutcome | RunError> {
    const worker = workerOf(slot);
    return new Promise((resolve) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: WorkerOutcome | RunError) => {
        inFlight.delete(finish);
        stopper.expire = () => undefined;
        clearTimeout(grace);
        signal?.removeEventListener("abort", onAbort);
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onError);
        resolve(result);
      };
      const stop = (value: number, graceful: RunError, forced: RunError) => {
        if (!isolated) {
          discard(slot);
          return finish(forced);
        }
        if (Atomics.compareExchange(control, 0, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return;
        Atomics.notify(control, 0);
        grace = setTimeout(() => {
          discard(slot);
          finish(graceful);
        }, STUCK_GRACE_MS);
      };
      stopper.expire = () =>
        stop(CONTROL.WALL_TIME, runError("E_STUCK", `the guest was stuck past its wall-clock limit of ${wallMs} ms; its worker was terminated and replaced`), runError("E_WALL_TIME", `the run exceeded its wall-clock limit of ${wallMs} ms; its worker was terminated (this page is not cross-origin isolated, so logs were lost)`));
      const onAbort = () => stop(CONTROL.CANCELLED, runError("E_CANCELLED", "the run was cancelled by its signal; the guest did not yield, so its worker was terminated"), runError("E_CANCELLED", "the run was cancelled by its signal; its worker was terminated"));
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.t === "done") return finish(reply.outcome);
        discard(slot);
        finish(runError("E_WORKER_CRASHED", `the guest worker failed (${reply.message}); it was replaced, and other runs are unaffected`));
      };
      const onError = (event: ErrorEvent) => {
        event.preventDefault();
        discard(slot);
        finish(runError("E_WORKER_CRASHED", `the guest worker failed to start or died (${event.message || "no detail"}); check that ${new URL("run-worker.js", assets).pathname} is served`));
      };
      inFlight.add(finish);
      signal?.addEventListener("abort", onAbort, { once: true });
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onError);
      worker.postMessage(message, message.task.port ? [message.task.port] : []);
    });
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
    async modules(refresh = false) {
      const served = await client.index(refresh);
      return "code" in served ? served : served.modules;
    },
    close() {
      closed = true;
      for (const end of [...inFlight]) end(closedError());
      slots.forEach(discard);
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
