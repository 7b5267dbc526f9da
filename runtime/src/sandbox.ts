// Owns a sandbox: the pool, and each run's life on the main thread — checking the request, preparing the
// source, resolving imports, enforcing the wall clock and cancellation, answering host calls, and shaping
// the typed result. Refuses late host answers (dropped) and never lets one run's failure reach another.

import { MessageChannel, type MessagePort } from "node:worker_threads";
import { createWorkerPool, type WorkerPool } from "./pool.js";
import { checkRequest, type CheckedRequest } from "./request.js";
import { mapGuestStack, prepareSource, type PreparedSource } from "./source.js";
import { resolveImports } from "./imports.js";
import { catalogResolver } from "./catalog.js";
import { RunTrace, type CallKind, type EventListener } from "./events.js";
import { isSideEffecting, type Policy, type PolicyDecision } from "./policy.js";
import { decodeValue, encodeValue, encodedSize } from "./codec.js";
import { runError, scrubHostDetails, type RunError } from "./errors.js";
import { DEFAULT_LIMITS, resolveLimits, STUCK_GRACE_MS, type Limits } from "./limits.js";
import { CONTROL, type HostCallMessage, type HostReplyMessage, type LogMessage, type WorkerOutcome, type WorkerTask } from "./protocol.js";
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
      if (!result.ok && LIMIT_CODES.has(result.error.code)) trace.emit({ type: "limit", code: result.error.code, message: result.error.message });
      if (result.stats.logsTruncated) trace.emit({ type: "limit", code: "W_LOG_TRUNCATED", message: "console output was truncated (limits.logLines, limits.logBytes)" });
      trace.emit({ type: "run.end", ok: result.ok, ...(result.ok ? {} : { code: result.error.code }), stats: { ...result.stats } });
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

/** Codes that mean a limit ended the run (traced as a "limit" event). */
const LIMIT_CODES = new Set(["E_CPU_TIME", "E_WALL_TIME", "E_STUCK", "E_MEMORY", "E_STACK_OVERFLOW", "E_RESULT_TOO_LARGE", "E_HOST_CALL_LIMIT", "E_HOST_CALLS_IN_FLIGHT", "E_HOST_DATA_TOO_LARGE"]);

let runCounter = 0;
const nextRunId = () => `run-${process.pid}-${++runCounter}`;

/** The run's wall clock; paused while a policy answer is awaited (pauses nest). */
function wallClock(ms: number, onExpire: () => void) {
  let remaining = ms;
  let since = performance.now();
  let timer: NodeJS.Timeout | undefined = setTimeout(onExpire, ms);
  let paused = 0;
  return {
    pause() {
      if (paused++ > 0 || !timer) return;
      clearTimeout(timer);
      timer = undefined;
      remaining -= performance.now() - since;
    },
    resume() {
      if (--paused > 0 || timer) return;
      since = performance.now();
      timer = setTimeout(onExpire, Math.max(0, remaining));
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      paused = Number.POSITIVE_INFINITY;
    },
  };
}

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

  const control = new Int32Array(new SharedArrayBuffer(4));
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
  const stop = (value: number, reason: RunError) => {
    if (Atomics.compareExchange(control, 0, CONTROL.RUNNING, value) !== CONTROL.RUNNING) return;
    Atomics.notify(control, 0);
    // A guest stuck in native code never reaches its interrupt handler: terminate its worker after a grace period.
    graceTimer = setTimeout(() => {
      killedFor = reason;
      kill.abort();
    }, STUCK_GRACE_MS);
  };
  const wall = wallClock(request.limits.wallMs, () =>
    stop(CONTROL.WALL_TIME, runError("E_STUCK", `the guest was stuck in native code past its wall-clock limit of ${request.limits.wallMs} ms; its worker was terminated and replaced`)),
  );
  const onAbort = () => stop(CONTROL.CANCELLED, runError("E_CANCELLED", "the run was cancelled by its signal; the guest did not yield, so its worker was terminated and replaced"));
  signal?.addEventListener("abort", onAbort, { once: true });
  const host = channel
    ? serveHostCalls(channel.port1, request, {
        dispatcher: options.hostModules,
        declared: imports.graph.hostModules,
        runId: trace.runId,
        trace,
        policy: original.policy ?? options.policy,
        traceData: original.traceData ?? options.traceData ?? false,
        wall,
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
interface HostContext {
  dispatcher?: HostModuleDispatcher;
  declared: ReadonlyMap<string, string>;
  runId: string;
  trace: RunTrace;
  policy?: Policy;
  traceData: boolean;
  wall: { pause(): void; resume(): void };
}

/**
 * Answers the worker's host calls on the main thread, after the policy (if any) allowed them, tracing each; streams
 * traced console lines; answers that arrive after the run ended are dropped.
 */
function serveHostCalls(port: MessagePort, request: CheckedRequest, context: HostContext) {
  const { trace } = context;
  let open = true;
  let calls = 0;
  let consoleEvents = 0;
  let usedModules = false;
  const reply = (message: HostReplyMessage) => {
    if (open) port.postMessage(message);
  };
  port.on("message", async (message: HostCallMessage | LogMessage) => {
    if (!open) return; // the run ended: its calls are not made, its lines were flushed from the outcome
    if (message.t === "log") {
      consoleEvents++;
      return trace.emit({ type: "console", level: message.level, message: message.message });
    }
    calls++;
    const { id, ns, fn } = message;
    const kind: CallKind = message.module === undefined ? "host-function" : message.module.startsWith("wasm:") ? "wasm" : "host-module";
    const target = message.module ?? `${ns}.${fn}`;
    const argsBytes = encodedSize(message.args);
    const startedAt = performance.now();
    const traced = (ok: boolean, extra: { code?: string; resultBytes?: number; args?: unknown[]; result?: unknown }) =>
      trace.emit({ type: "call", kind, target, export: fn, durationMs: performance.now() - startedAt, ok, argsBytes, resultBytes: 0, ...extra });
    if (message.module !== undefined) usedModules = true;
    const call = message.module !== undefined ? moduleCall(message.module, fn, context) : functionCall(ns, fn, request);
    if (typeof call === "string") {
      traced(false, { code: "E_NOT_CALLABLE" });
      return reply({ t: "err", id, name: "TypeError", message: call });
    }
    let value: unknown;
    let args: unknown[] = [];
    try {
      args = decodeValue(message.args) as unknown[];
      if (context.policy) {
        const sideEffects = message.module === undefined && isSideEffecting(request.hostFunctions[ns]?.[fn]);
        const decision = await askPolicy(context, { runId: context.runId, kind, target, export: fn, args, sideEffects }, request.limits.policyWaitMs);
        if (!decision.allow) {
          traced(false, { code: "E_POLICY_DENIED", ...(context.traceData ? { args } : {}) });
          return reply({ t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${decision.reason}` });
        }
      }
      value = await call(args);
    } catch (error) {
      const name = error instanceof Error && typeof error.name === "string" ? error.name : "Error";
      const code = (error as { code?: unknown } | null)?.code;
      const message = error instanceof Error ? error.message : String(error);
      const text = typeof code === "string" && !message.startsWith(code) ? `${code}: ${message}` : message;
      traced(false, { code: typeof code === "string" ? code : "E_HOST_ERROR", ...(context.traceData ? { args } : {}) });
      return reply({ t: "err", id, name: scrubHostDetails(name).slice(0, 100), message: scrubHostDetails(String(text)) });
    }
    const encoded = encodeValue(value);
    if (!encoded.ok) {
      traced(false, { code: "E_RESULT_UNSERIALIZABLE" });
      return reply({ t: "err", id, name: "TypeError", message: `${ns}.${fn} returned a value that cannot cross to the guest: ${encoded.message}` });
    }
    const size = encodedSize(encoded.encoded);
    if (size > request.limits.hostDataBytes) {
      traced(false, { code: "E_HOST_DATA_TOO_LARGE", resultBytes: size });
      return reply({ t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size} bytes, over limits.hostDataBytes (${request.limits.hostDataBytes})` });
    }
    traced(true, { resultBytes: size, ...(context.traceData ? { args, result: value } : {}) });
    reply({ t: "ok", id, value: encoded.encoded });
  });
  return {
    calls: () => calls,
    /** Traces the run's console lines whose streamed message had not arrived when the run ended (same order). */
    flushLogs(logs: readonly { level: string; message: string }[]) {
      if (!trace.active) return;
      for (const line of logs.slice(consoleEvents)) trace.emit({ type: "console", level: line.level, message: line.message });
      consoleEvents = logs.length;
    },
    close() {
      open = false;
      port.close();
      if (usedModules) context.dispatcher?.endRun?.(context.runId);
    },
  };
}

/** Asks the policy with the wall clock paused, bounded by limits.policyWaitMs; a failing policy denies. */
async function askPolicy(context: HostContext, call: Parameters<Policy>[0], waitMs: number): Promise<PolicyDecision> {
  const asked = performance.now();
  context.wall.pause();
  let timer: NodeJS.Timeout | undefined;
  let decision: PolicyDecision;
  try {
    const timeout = new Promise<PolicyDecision>((resolve) => {
      timer = setTimeout(() => resolve({ allow: false, reason: `the policy did not answer within ${waitMs} ms (limits.policyWaitMs)` }), waitMs);
    });
    const answer = await Promise.race([Promise.resolve().then(() => context.policy!(call)), timeout]);
    decision = answer && answer.allow === true ? { allow: true } : { allow: false, reason: String((answer as { reason?: unknown })?.reason ?? "denied by policy") };
  } catch (error) {
    decision = { allow: false, reason: `the policy failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
    context.wall.resume();
  }
  context.trace.emit({ type: "policy", target: call.target, export: call.export, allowed: decision.allow, ...(decision.allow ? {} : { reason: decision.reason }), waitedMs: performance.now() - asked });
  return decision;
}

/** The host function a guest named, or why it cannot be called. */
function functionCall(ns: string, fn: string, request: CheckedRequest): ((args: unknown[]) => unknown) | string {
  const known = Object.prototype.hasOwnProperty.call(request.namespaces, ns) && request.namespaces[ns].includes(fn);
  if (!known) return `${ns}.${fn} is not a host function of this run`;
  const namespace = request.hostFunctions[ns];
  return (args) => namespace[fn].apply(namespace, args);
}

/** A call through a host module's facade, answered by the sandbox's dispatcher. */
function moduleCall(id: string, exportName: string, modules: HostContext): ((args: unknown[]) => unknown) | string {
  const { dispatcher, declared, runId } = modules;
  if (!dispatcher) return `host module "${id}" cannot be called: this sandbox was created without a host-module dispatcher (createSandbox({ hostModules }))`;
  return (args) => dispatcher.dispatch({ runId, id, exportName, args, declared });
}

function failure(error: RunError, started: number): RunResult<never> {
  const stats: RunStats = { cpuMs: 0, wallMs: performance.now() - started, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false };
  return { ok: false, error, logs: [] as LogEntry[], stats };
}

export type { Limits };
