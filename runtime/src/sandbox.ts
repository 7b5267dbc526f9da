// Owns a sandbox: the pool, and each run's life on the main thread — checking the request, preparing the
// source, resolving imports, enforcing the wall clock and cancellation, answering host calls, and shaping
// the typed result. Refuses late host answers (dropped) and never lets one run's failure reach another.

import { MessageChannel, type MessagePort } from "node:worker_threads";
import { createWorkerPool, type WorkerPool } from "./pool.js";
import { checkRequest, type CheckedRequest } from "./request.js";
import { mapGuestStack, prepareSource, type PreparedSource } from "./source.js";
import { resolveImports } from "./imports.js";
import { catalogResolver } from "./catalog.js";
import { RunTrace, traceRunEnd, type EventListener } from "./events.js";
import { isSideEffecting } from "./policy.js";
import { decodeValue } from "./codec.js";
import { serveHostCalls, type HostCallTarget, type HostChannel } from "./host-calls.js";
import { wallClock } from "./wall-clock.js";
import { runError, scrubHostDetails, type RunError } from "./errors.js";
import { DEFAULT_LIMITS, resolveLimits, STUCK_GRACE_MS, type Limits } from "./limits.js";
import { CONTROL, CONTROL_BYTES, STARTED_INDEX, type WorkerOutcome, type WorkerTask } from "./protocol.js";
import type { HostModuleDispatcher, LogEntry, RunRequest, RunResult, RunStats, SandboxOptions } from "./types.js";

export interface Sandbox {
  run<T = unknown>(request: RunRequest): Promise<RunResult<T>>;
  close(): Promise<void>;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const base = resolveLimits(options.limits, DEFAULT_LIMITS);
  if (!base.ok) throw new TypeError(`${base.code}: ${base.message}`);
  const pool = createWorkerPool(options.maxWorkers, options.minWorkers, options.workerFile);
  let closed = false;
  return {
    async run<T>(request: RunRequest): Promise<RunResult<T>> {
      const started = performance.now();
      const trace = new RunTrace(nextRunId(), [options.onEvent, request?.onEvent].filter((l): l is EventListener => typeof l === "function"));
      let result: RunResult;
      if (closed) result = failure(runError("E_CLOSED", "this sandbox was closed; create a new one with createSandbox()"), started);
      else {
        const checked = checkRequest(request, base.limits);
        if (!checked.ok) result = failure(checked.error, started);
        else {
          const { filename, seed, now, limits } = checked.request;
          trace.emit({ type: "run.start", filename, seed, now, limits: { ...limits } });
          result = await execute(pool, checked.request, request, options, started, trace);
        }
      }
      traceRunEnd(trace, result);
      return result as RunResult<T>;
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.close();
    },
  };
}

/** One-shot run: a sandbox with one worker, closed afterwards. Prefer createSandbox() for repeated runs. */
export async function run<T = unknown>(request: RunRequest, options: SandboxOptions = {}): Promise<RunResult<T>> {
  const sandbox = createSandbox({ maxWorkers: 1, ...options });
  try {
    return await sandbox.run<T>(request);
  } finally {
    await sandbox.close();
  }
}

let runCounter = 0;
const nextRunId = () => `run-${process.pid}-${++runCounter}`;

async function execute(pool: WorkerPool, request: CheckedRequest, original: RunRequest, options: SandboxOptions, started: number, trace: RunTrace): Promise<RunResult> {
  const signal = original.signal;
  const stats = (extra?: Partial<RunStats>): RunStats => ({
    cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false, ...extra,
    wallMs: performance.now() - started, seed: request.seed, now: request.now,
  });
  if (signal?.aborted) return { ok: false, error: runError("E_CANCELLED", "the run was cancelled before it started"), logs: [], stats: stats() };
  const prepared = await prepareSource(request.source, request.filename);
  if (!prepared.ok) return { ok: false, error: prepared.error, logs: [], stats: stats() };
  const fromCatalog = !original.resolver && options.catalog
    ? catalogResolver(options.catalog, { allow: original.allow, pins: original.pins, strictPins: original.strictPins }, prepared.filename)
    : undefined;
  const resolver = original.resolver ?? fromCatalog?.resolver ?? options.resolver;
  const imports = await resolveImports(prepared.filename, prepared.imports, resolver);
  const warnings = fromCatalog?.warnings.length ? { warnings: fromCatalog.warnings } : {};
  if (!imports.ok) return { ok: false, error: fromCatalog?.failure() ?? imports.error, logs: [], stats: stats(), ...warnings };
  if (imports.graph.hostModules.size > 0 && !options.hostModules) {
    const [id] = imports.graph.hostModules.keys();
    return { ok: false, error: runError("E_HOST_MODULE_UNAVAILABLE", `the run imports host module ${id}, and this sandbox has no host-module dispatcher: create it with createSandbox({ hostModules }) (for example createCapsuleDispatcher() of @capsule/registry)`), logs: [], stats: stats(), ...warnings };
  }

  const control = new Int32Array(new SharedArrayBuffer(CONTROL_BYTES));
  const hasHost = Object.keys(request.namespaces).length > 0 || imports.graph.hostModules.size > 0 || trace.active;
  const channel = hasHost ? new MessageChannel() : undefined;
  const task: WorkerTask = {
    code: prepared.code,
    filename: prepared.filename,
    modules: imports.graph.modules,
    links: imports.graph.links,
    moduleSetKey: imports.graph.moduleSetKey,
    limits: request.limits,
    seed: request.seed,
    now: request.now,
    namespaces: request.namespaces,
    hostModules: [...imports.graph.hostModules.keys()],
    facades: imports.graph.facades,
    port: channel?.port2,
    control: control.buffer as SharedArrayBuffer,
    streamLogs: trace.active,
  };
  const kill = new AbortController();
  let killedFor: RunError | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  /** `stuck` if a worker has the run but it did not stop in time; `queued` if no worker took it yet. */
  const stop = (value: number, stuck: RunError, queued: RunError) => {
    if (Atomics.compareExchange(control, 0, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return;
    Atomics.notify(control, 0);
    // A guest stuck in native code never reaches its interrupt handler: terminate its worker after a grace period.
    // A run still queued is simply dropped from the queue.
    graceTimer = setTimeout(() => {
      killedFor = Atomics.load(control, STARTED_INDEX) ? stuck : queued;
      kill.abort();
    }, STUCK_GRACE_MS);
  };
  const { wallMs } = request.limits;
  const wall = wallClock(wallMs, () =>
    stop(
      CONTROL.WALL_TIME,
      runError("E_STUCK", `the guest was stuck in native code past its wall-clock limit of ${wallMs} ms; its worker was terminated and replaced`),
      runError("E_WALL_TIME", `the run spent its wall-clock limit of ${wallMs} ms waiting for a free worker (every worker of this sandbox was busy); raise maxWorkers or limits.wallMs`),
    ),
  );
  const onAbort = () =>
    stop(
      CONTROL.CANCELLED,
      runError("E_CANCELLED", "the run was cancelled by its signal; the guest did not yield, so its worker was terminated and replaced"),
      runError("E_CANCELLED", "the run was cancelled by its signal while it waited for a free worker"),
    );
  signal?.addEventListener("abort", onAbort, { once: true });
  const host = channel
    ? serveHostCalls(nodeChannel(channel.port1), {
        target: (m) => (m.module !== undefined ? moduleCall(m.module, m.fn, options.hostModules, imports.graph.hostModules, trace.runId) : functionCall(m.ns, m.fn, request)),
        sideEffects: (m) => m.module === undefined && isSideEffecting(request.hostFunctions[m.ns]?.[m.fn]),
        runId: trace.runId,
        trace,
        policy: original.policy ?? options.policy,
        traceData: original.traceData ?? options.traceData ?? false,
        wall,
        hostDataBytes: request.limits.hostDataBytes,
        policyWaitMs: request.limits.policyWaitMs,
        onModulesUsed: () => options.hostModules?.endRun?.(trace.runId),
      })
    : undefined;

  let outcome: WorkerOutcome;
  try {
    outcome = await pool.run(task, kill.signal);
    host?.flushLogs(outcome.logs);
  } catch (error) {
    const crashed = killedFor ?? runError("E_WORKER_CRASHED", `the worker running this guest died (${scrubHostDetails(error instanceof Error ? error.message : String(error))}); it was replaced, and other runs are unaffected`);
    return { ok: false, error: crashed, logs: [], stats: stats({ hostCalls: host?.calls() ?? 0 }) };
  } finally {
    wall.stop();
    clearTimeout(graceTimer);
    signal?.removeEventListener("abort", onAbort);
    host?.close();
  }
  const runStats = stats(outcome.stats);
  if (!outcome.ok) return { ok: false, error: withUserPositions(outcome.error, prepared), logs: outcome.logs, stats: runStats, ...warnings };
  try {
    return { ok: true, value: decodeValue(outcome.value), logs: outcome.logs, stats: runStats, ...warnings };
  } catch (error) {
    return { ok: false, error: runError("E_INTERNAL", `the result could not be decoded: ${String(error)}`), logs: outcome.logs, stats: runStats };
  }
}

function withUserPositions(error: RunError, prepared: PreparedSource): RunError {
  if (!error.guestStack) return error;
  return { ...error, guestStack: mapGuestStack(error.guestStack, prepared) };
}

/** Answers the worker's host calls on the main thread; answers that arrive after the run ended are dropped. */
/** The sandbox's end of a run's Node MessageChannel. */
function nodeChannel(port: MessagePort): HostChannel {
  return {
    onMessage: (handler) => port.on("message", handler),
    post: (message) => port.postMessage(message),
    close: () => port.close(),
  };
}

/** The host function a guest named, or why it cannot be called. */
function functionCall(ns: string, fn: string, request: CheckedRequest): HostCallTarget {
  const known = Object.prototype.hasOwnProperty.call(request.namespaces, ns) && request.namespaces[ns].includes(fn);
  if (!known) return `${ns}.${fn} is not a host function of this run`;
  const namespace = request.hostFunctions[ns];
  return (args) => namespace[fn].apply(namespace, args);
}

/** A call through a host module's facade, answered by the sandbox's dispatcher. */
function moduleCall(id: string, exportName: string, dispatcher: HostModuleDispatcher | undefined, declared: ReadonlyMap<string, string>, runId: string): HostCallTarget {
  // A run that imports a host module without a dispatcher is refused before it starts (E_HOST_MODULE_UNAVAILABLE).
  if (!dispatcher) return `host module "${id}" cannot be called: this sandbox has no host-module dispatcher`;
  return (args) => dispatcher.dispatch({ runId, id, exportName, args, declared });
}

function failure(error: RunError, started: number): RunResult<never> {
  const stats: RunStats = { cpuMs: 0, wallMs: performance.now() - started, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false };
  return { ok: false, error, logs: [] as LogEntry[], stats };
}

export type { Limits };
