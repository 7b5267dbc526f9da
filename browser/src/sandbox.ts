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
import { serveHostCalls, type PageHostModules } from "./host-calls.js";
import { webWorkerLike } from "./web-worker-like.js";
import type { RunMessage, WorkerReply } from "./protocol.js";

export interface BrowserSandboxOptions {
  /** Base URL of a catalog server (`capsule serve`). Default: this page's origin. */
  catalogUrl?: string | URL;
  /** Bearer token for the catalog server, when it requires one. */
  token?: string;
  /** Folder holding run-worker.js, wasm-worker.js and quickjs.wasm. Default: the folder this script was loaded from. */
  assetsUrl?: string | URL;
  /** Guest workers (runs in parallel). Default 1. */
  workers?: number;
  /** WASM workers. Default 1. */
  wasmWorkers?: number;
  /** Default limits of this sandbox's runs (each within its ceiling, as in Node). */
  limits?: Partial<Limits>;
  /** Host functions given to every run. */
  hostFunctions?: HostFunctions;
  /** Host modules this page supplies, by host id; any other host module a run imports is refused. */
  hostModules?: PageHostModules;
}

/** A run request as in Node, less what stays Node-only (trace, policy, a resolver of its own). */
export type BrowserRunRequest = Pick<RunRequest, "source" | "filename" | "hostFunctions" | "limits" | "seed" | "now" | "signal" | "allow" | "pins" | "strictPins">;

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
  const slots: Slot[] = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => ({ worker: null }));
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

  async function execute(request: BrowserRunRequest, started: number): Promise<RunResult> {
    const hostFunctions = { ...options.hostFunctions, ...request.hostFunctions };
    const checked = checkRequest({ ...request, hostFunctions }, baseLimits);
    const stats = (seed = 0, now = 0, extra?: Partial<RunStats>): RunStats => ({
      cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false, ...extra, wallMs: performance.now() - started, seed, now,
    });
    if (!checked.ok) return { ok: false, error: checked.error, logs: [], stats: stats() };
    const { limits, seed, now, namespaces } = checked.request;
    const fail = (error: RunError, extra?: Partial<RunStats>): RunResult => ({ ok: false, error, logs: [], stats: stats(seed, now, extra) });
    if (request.signal?.aborted) return fail(runError("E_CANCELLED", "the run was cancelled before it started"));
    const prepared = await prepareSource(checked.request.source, checked.request.filename);
    if (!prepared.ok) return fail(prepared.error);

    let index: ServedEntry[] = [];
    let warnings = {};
    let graph = { modules: {}, links: {}, moduleSetKey: "", hostModules: new Map<string, string>(), facades: [] as string[] };
    if (prepared.imports.length > 0) {
      const served = await client.index();
      if ("code" in served) return fail(served);
      index = served.modules;
      const resolution = catalogResolverWith((entry) => client.source(entry), served, { allow: request.allow, pins: request.pins, strictPins: request.strictPins }, prepared.filename);
      const imports = await resolveImports(prepared.filename, prepared.imports, resolution.resolver);
      if (resolution.warnings.length) warnings = { warnings: resolution.warnings };
      if (!imports.ok) return { ...fail(resolution.failure() ?? imports.error), ...warnings };
      graph = imports.graph;
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
    const channel = Object.keys(namespaces).length > 0 || graph.hostModules.size > 0 ? new MessageChannel() : undefined;
    const host = channel
      ? serveHostCalls(channel.port1, {
          hostFunctions: checked.request.hostFunctions as Record<string, Record<string, (...args: unknown[]) => unknown>>,
          hostModules: options.hostModules ?? {},
          wasmModules,
          wasm: () => (wasm ??= createWasmPool(() => webWorkerLike(new URL("wasm-worker.js", assets)), Math.max(1, options.wasmWorkers ?? 1))),
          client,
          hostDataBytes: limits.hostDataBytes,
        })
      : undefined;
    const message: RunMessage = {
      engineUrl,
      task: {
        code: prepared.code, filename: prepared.filename, modules: graph.modules, links: graph.links, moduleSetKey: graph.moduleSetKey,
        limits, seed, now, namespaces, hostModules: [...graph.hostModules.keys()], facades: graph.facades,
        port: channel?.port2, control: control.buffer as SharedArrayBuffer | ArrayBuffer, streamLogs: false,
      },
    };
    const slot = await acquire();
    try {
      if (closed) return fail(closedError());
      const outcome = await runOnWorker(slot, message, control, isolated, limits.wallMs, request.signal);
      if ("code" in outcome) return fail(outcome);
      const runStats = stats(seed, now, outcome.stats);
      if (!outcome.ok) return { ok: false, error: withUserPositions(outcome.error, prepared), logs: outcome.logs, stats: runStats, ...warnings };
      return { ok: true, value: decodeValue(outcome.value), logs: outcome.logs, stats: runStats, ...warnings };
    } finally {
      host?.close();
      release(slot);
    }
  }

  /**
   * Runs the task on the slot's worker. At the wall clock (or on abort) a cross-origin-isolated page flips the
   * control word, which the engine's interrupt handler sees, and terminates the worker only if it stays stuck;
   * without SharedArrayBuffer the worker is terminated at once. Either way the slot gets a fresh worker next time.
   */
  function runOnWorker(slot: Slot, message: RunMessage, control: Int32Array, isolated: boolean, wallMs: number, signal?: AbortSignal): Promise<WorkerOutcome | RunError> {
    const worker = workerOf(slot);
    return new Promise((resolve) => {
      let grace: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: WorkerOutcome | RunError) => {
        inFlight.delete(finish);
        clearTimeout(wall);
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
      const wall = setTimeout(
        () => stop(CONTROL.WALL_TIME, runError("E_STUCK", `the guest was stuck past its wall-clock limit of ${wallMs} ms; its worker was terminated and replaced`), runError("E_WALL_TIME", `the run exceeded its wall-clock limit of ${wallMs} ms; its worker was terminated (this page is not cross-origin isolated, so logs were lost)`)),
        wallMs,
      );
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
      if (closed) {
        const stats = { cpuMs: 0, wallMs: 0, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false };
        return { ok: false, error: closedError(), logs: [], stats };
      }
      try {
        return (await execute(normalized, started)) as RunResult<T>;
      } catch (error) {
        const stats = { cpuMs: 0, wallMs: performance.now() - started, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false };
        return { ok: false, error: runError("E_INTERNAL", `the browser runner failed: ${error instanceof Error ? error.message : String(error)}`), logs: [], stats };
      }
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

function withUserPositions(error: RunError, prepared: PreparedSource): RunError {
  return error.guestStack ? { ...error, guestStack: mapGuestStack(error.guestStack, prepared) } : error;
}
