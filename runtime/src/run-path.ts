// Owns one run's life on the host side, the same in every host (the Node sandbox, the browser runner): checking
// the request, preparing the source, resolving its imports, serving its host calls, its wall clock and
// cancellation, and shaping the typed result. What differs between hosts arrives as powers (RunPowers): who owns
// the workers, how TypeScript is stripped, where modules come from and what a host-module call reaches.
// Refuses with the runtime's codes; late host answers are dropped; one run's failure never reaches another.

import { checkReadRequest, unreadable, type CheckResult, type CheckedRequest } from "./request.js";
import { mapGuestStack, prepareSource, type PreparedSource, type Transform } from "./source.js";
import type { ImportGraph } from "./imports.js";
import { RunTrace, traceRunEnd, type EventListener } from "./events.js";
import { grantProblem, isSideEffecting, pausedWaitMs, type Policy } from "./policy.js";
import { decodeValue, mostValuesWithin } from "./codec.js";
import { serveHostCalls, type HostCallTarget } from "./host-calls.js";
import { lateMessages, listen } from "./ports.js";
import { wallClock } from "./wall-clock.js";
import { CapsuleError, runError, type RunError } from "./errors.js";
import { DEFAULT_LIMITS, moduleLoadCpuMs, resolveLimits, runWallMs, wallLimitText, type Limits } from "./limits.js";
import type { WorkerTask } from "./protocol.js";
import type { WorkerModules } from "./bridge.js";
import { CONTROL, RunControl, epochNow } from "./control.js";
import { readLogArea, returnLogArea, takeLogArea } from "./log-area.js";
import type { GuestRunner, StopEnds } from "./guest-runner.js";
import { cpuWatchdog, type ThreadCpuReader } from "./cpu-watchdog.js";
import type { RunWarning } from "./catalog-resolver.js";
import type { ModuleResolver } from "./resolver.js";
import { improveError } from "./error-hints.js";
import { moduleLoadCpuExceeded } from "./guest-errors.js";
import { endOf, startJournaling, withReplayClock, type ApprovalSeal, type Suspended } from "./run-journal.js";
import type { JournalCall, PartsDigest, PendingCall } from "./journal.js";
import { importMapProblem, withImportMap, type ImportMap } from "./import-map.js";
import { docsModule } from "./tool-docs.js";
import { beltProblem, isToolHostId, TOOL_HOST_PREFIX, toolResolver, toolTarget, type SchemaCheck, type ToolBelt } from "./tools.js";
import { schemaText, type ToolInputSchemas } from "./tool-input.js";
import type { HostFunctions, RunRequest, RunResult, RunStats } from "./types.js";
import { binaryDepthFor } from "./binary-writer.js";
import { nextRunId } from "./run-ids.js";

/** What a run's host-module and WASM calls reach, for one run. */
export interface RunModules {
  /** The function a call through a facade names (`id` is the host id), or why it cannot be called. */
  target(id: string, exportName: string): HostCallTarget;
  /** The run ended: cancel what it left queued or running. */
  end(): void;
  /** Modules whose calls the run's worker may make itself (used only when no policy, journal or trace needs them). */
  worker?: WorkerModules;
}

export type ResolvedImports =
  | { ok: true; graph: ImportGraph; modules?: RunModules; warnings: RunWarning[] }
  | { ok: false; error: RunError; warnings: RunWarning[] };

export interface RunPowers {
  runner: GuestRunner;
  transform: Transform;
  /**
   * Resolves the run's static imports and says what its host-module calls reach (refusing modules it cannot call).
   * `front` wraps the host's own resolver with the run's tool modules: resolve through front(yours).
   */
  resolveImports(prepared: PreparedSource, request: RunRequest, runId: string, front: (behind: ModuleResolver | undefined) => ModuleResolver | undefined): Promise<ResolvedImports>;
  /** Names the factory in the E_CLOSED message ("createSandbox"). */
  factory: string;
  /** Prefix of run ids, random per process so ids are unique across a fleet: "run-<uuid>", "browser-run-<hex>". */
  runIdPrefix: string;
  /** Reads a worker thread's own CPU time (Linux in Node), so the CPU watchdog never mistakes waiting for a core for work. */
  threadCpuMs?: ThreadCpuReader;
  /** sha256 of parts, for journals and replay (node:crypto in Node); without it a run cannot be journaled. */
  digest?: PartsDigest;
  /**
   * Checks a value against a tool's schema where the check's regular expressions cannot hold up this thread (Node:
   * a worker, schema-checks.ts); without it the check is made here (tools.ts inlineSchemaCheck).
   */
  checkSchema?: SchemaCheck;
  /** Seals and checks a resumed run's approvals (HMAC in Node); without it no journaled yes is taken. */
  seal?: ApprovalSeal;
  /** Takes a message already queued on a port, undefined when none is (Node: receiveMessageOnPort). */
  receiveMessage?(port: never): { message: unknown } | undefined;
}

/** What every run of one sandbox gets unless the run says otherwise. */
export interface RunDefaults {
  limits?: Partial<Limits>;
  /** Tool modules every run may import (a run's own `tools` add to them, and win on the same specifier). */
  tools?: ToolBelt;
  /** Names programs may write for admitted modules ({ "js-yaml": "@capsule/yaml" }); a run's own map adds to it. */
  imports?: ImportMap;
  hostFunctions?: HostFunctions;
  onEvent?: EventListener;
  policy?: Policy;
  traceData?: boolean;
}

export interface RunPath {
  run<T = unknown>(request: RunRequest | string): Promise<RunResult<T>>;
  /** Later runs end with E_CLOSED; the caller stops its runner. */
  close(): void;
}

export function createRunPath(powers: RunPowers, defaults: RunDefaults): RunPath {
  const base = resolveLimits(defaults.limits, DEFAULT_LIMITS);
  if (!base.ok) throw new CapsuleError(base.code, base.message);
  const baseLimits = base.limits;
  let closed = false;
  return {
    async run<T>(input: RunRequest | string): Promise<RunResult<T>> {
      const started = performance.now();
      const asked = typeof input === "string" ? { source: input } : input;
      // Reading the request runs the embedder's code (a getter, a Proxy trap): what that throws is a bad request.
      let read: { request: RunRequest; replayable: RunRequest | RunError; listeners: EventListener[] } | RunError;
      try {
        const replayable = withReplayClock(asked);
        const request = "code" in replayable ? asked : replayable;
        read = { request, replayable, listeners: [defaults.onEvent, request?.onEvent].filter((l): l is EventListener => typeof l === "function") };
      } catch (error) {
        read = unreadable(error);
      }
      const trace = new RunTrace(nextRunId(powers.runIdPrefix), "code" in read ? [] : read.listeners);
      let result: RunResult;
      try {
        if (closed) result = failure(runError("E_CLOSED", `this sandbox was closed; create a new one with ${powers.factory}()`), started);
        else if ("code" in read || "code" in read.replayable) result = failure("code" in read ? read : (read.replayable as RunError), started);
        else {
          const { request } = read;
          result = await execute(powers, checkReadRequest(() => withDefaultFunctions(request, defaults), baseLimits), request, defaults, started, trace);
        }
      } catch (error) {
        result = failure(runError("E_INTERNAL", `Capsule failed running this guest: ${error instanceof Error ? error.message : String(error)}`), started);
      }
      traceRunEnd(trace, result);
      return result as RunResult<T>;
    },
    close() {
      closed = true;
    },
  };
}

function withDefaultFunctions(request: RunRequest, defaults: RunDefaults): RunRequest {
  if (!defaults.hostFunctions || typeof request !== "object" || request === null) return request;
  return { ...request, hostFunctions: { ...defaults.hostFunctions, ...request.hostFunctions } };
}

async function execute(
  powers: RunPowers,
  checked: CheckResult,
  original: RunRequest,
  defaults: RunDefaults,
  started: number,
  trace: RunTrace,
): Promise<RunResult> {
  if (!checked.ok) return failure(checked.error, started);
  const request = checked.request;
  const { filename, seed, now, limits } = request;
  trace.emit({ type: "run.start", filename, seed, now, limits: { ...limits } });
  const stats = (extra?: Partial<RunStats>): RunStats => ({
    cpuMs: 0, peakHeapBytes: 0, hostCalls: 0, logsTruncated: false, ...extra, wallMs: performance.now() - started, seed, now,
  });
  const fail = (error: RunError, warnings: RunWarning[] = [], extra?: Partial<RunStats>): RunResult => ({
    ok: false, error, logs: [], stats: stats(extra), ...(warnings.length ? { warnings } : {}),
  });
  const signal = original.signal;
  if (signal?.aborted) return fail(runError("E_CANCELLED", "the run was cancelled before it started"));
  let given: ToolBelt = {};
  let beltError: string | undefined;
  try {
    given = { ...defaults.tools, ...original.tools };
    beltError = defaults.tools || original.tools ? beltProblem(given) : undefined;
  } catch (error) {
    beltError = unreadable(error).message;
  }
  if (beltError) return fail(runError("E_BAD_REQUEST", beltError));
  const grantError = grantProblem(original.policy ?? defaults.policy, given, request.hostFunctions);
  if (grantError) return fail(runError("E_BAD_REQUEST", grantError));
  // A run with tools can look any of them up from inside: import { search } from "capsule:docs".
  const belt: ToolBelt = Object.keys(given).length ? { ...given, "capsule:docs": docsModule(given) } : given;
  const prepared = await prepareSource(request.source, filename, powers.transform);
  if (!prepared.ok) return fail(improveError(prepared.error, request.source));
  const imports: ImportMap = { ...defaults.imports, ...original.imports };
  const mapError = defaults.imports || original.imports ? importMapProblem(imports) : undefined;
  if (mapError) return fail(runError("E_BAD_REQUEST", mapError));
  let tools: ReturnType<typeof toolResolver> | undefined;
  const front = (behind: ModuleResolver | undefined) =>
    withImportMap(imports, prepared.filename, Object.keys(belt).length ? (tools = toolResolver(belt, original.allow, prepared.filename, behind)) : behind);
  const resolved = await powers.resolveImports(prepared, original, trace.runId, front);
  if (!resolved.ok) return fail(tools?.refusal ? runError("E_IMPORT_NOT_ALLOWED", tools.refusal) : improveError(resolved.error, request.source), resolved.warnings);
  const { graph, warnings } = resolved;
  const journaling = startJournaling(original, request, graph, trace.runId, powers.digest, powers.seal);
  if (journaling && "code" in journaling) return fail(journaling, warnings);
  // Made only when a tool asks for it: an AbortController per run cost ~20 µs of a trivial run's main-thread time.
  let ended: AbortController | undefined;
  let over = false;
  const stableId = journaling?.runId ?? trace.runId;
  const modules = withTools(resolved.modules, belt, {
    get signal() {
      return over && !ended ? AbortSignal.abort(new Error("the run ended")) : (ended ??= new AbortController()).signal;
    },
    runId: stableId,
  }, powers.checkSchema, mostValuesWithin(limits.hostDataBytes));
  let suspended: Suspended | undefined;

  const control = RunControl.create();
  const logArea = takeLogArea();
  const channel = Object.keys(request.namespaces).length > 0 || graph.hostModules.size > 0 || trace.active ? new MessageChannel() : undefined;
  const { runner } = powers;
  let running: ReturnType<GuestRunner["start"]> | undefined;
  // Loading modules that declare a load budget may take as long as it says, on top of the run's own wall clock.
  const wallMs = runWallMs(limits.wallMs, graph.loadCpuMs);
  const wall = wallClock(wallMs, () => running?.stop(CONTROL.WALL_TIME, wallEnds(wallLimitText(wallMs, limits.wallMs))));
  if (runner.clockStartsOnWorker) wall.pause(); // time queued behind other runs is not the guest's
  const starting = runner.starting?.();
  if (starting) {
    wall.pause(); // nor is a worker starting while there is none (a new sandbox's first, a lone worker's replacement)
    void starting.then(() => wall.resume());
  }
  const onAbort = () => running?.stop(CONTROL.CANCELLED, CANCEL_ENDS);
  signal?.addEventListener("abort", onAbort, { once: true });
  const host = channel
    ? serveHostCalls(
        { onMessage: (handler) => listen(channel.port1, handler), post: (message) => {
            // A binary answer's bytes are the writer's own: moved, not copied.
            if (message.t === "bin" || message.t === "part") channel.port1.postMessage(message, [message.bytes.buffer as ArrayBuffer]);
            else channel.port1.postMessage(message);
            control.wake(); // a worker blocked waiting for this answer takes it off its port at once
          }, close: () => channel.port1.close(), late: () => lateMessages(channel.port1, powers.receiveMessage) },
        {
          target: (m) => (m.module !== undefined ? modules.target(m.module, m.fn, m.id, m.input) : functionCall(m.ns, m.fn, request)),
          sideEffects: (m) => (m.module === undefined ? isSideEffecting(request.hostFunctions[m.ns]?.[m.fn]) : modules.sideEffects(m.module, m.fn)),
          pausedWaitMs: (m) => (m.module === undefined ? pausedWaitMs(request.hostFunctions[m.ns]?.[m.fn]) : undefined),
          runId: stableId,
          trace,
          policy: original.policy ?? defaults.policy,
          traceData: original.traceData ?? defaults.traceData ?? false,
          wall,
          hostDataBytes: limits.hostDataBytes,
          binaryDepth: binaryDepthFor(limits.stackBytes),
          policyWaitMs: limits.policyWaitMs,
          onModulesUsed: () => modules.end(),
          ...(journaling ? { journal: { record: (c: JournalCall, always?: boolean) => journaling.recorder?.record(c, always) ?? true, digest: journaling.digest, maxBytes: limits.journalBytes }, replay: journaling.replay } : {}),
          // Suspending needs the journal to resume from: a run without one gets the call refused instead.
          ...(journaling?.recorder
            ? {
                onSuspend: (pending: PendingCall) => {
                  suspended = { journal: journaling.recorder!.journal(), pending }; // its journal is taken once calls settle
                  running?.stop(CONTROL.CANCELLED, SUSPEND_ENDS);
                },
              }
            : {}),
        },
      )
    : undefined;
  // Evaluating the run's modules has its own budget: the run's cpuMs plus what its modules declare (a module that
  // needs seconds to load, as its probe found, loads), never past the cpuMs ceiling; the program then gets cpuMs whole.
  const loadCpuMs = moduleLoadCpuMs(limits.cpuMs, graph.loadCpuMs);
  const task: WorkerTask = {
    code: prepared.code, filename: prepared.filename, modules: graph.modules, links: graph.links, moduleSetKey: graph.moduleSetKey,
    limits, loadCpuMs, wallMs, seed, now, namespaces: request.namespaces, ...(request.inputs ? { inputs: request.inputs } : {}), hostModules: [...graph.hostModules.keys()], facades: graph.facades,
    ...toolInputsOf(belt, graph.hostModules.keys()),
    port: channel?.port2, control: control.buffer, ...(logArea ? { logArea } : {}), streamLogs: trace.active,
    // A policy, a journal and a trace see every call on this thread: their runs keep every call here.
    ...(resolved.modules?.worker && !(original.policy ?? defaults.policy) && !journaling && !trace.active ? { workerModules: resolved.modules.worker } : {}),
  };
  /** The CPU the watchdog found spent when it stopped the run (what a terminated worker can no longer report). */
  let spentAtStop: number | undefined;
  const watchdog = cpuWatchdog(control, limits.cpuMs, loadCpuMs, powers.threadCpuMs, (loading, spentMs) => {
    spentAtStop = spentMs;
    running?.stop(CONTROL.CPU_TIME, cpuEnds(loading ? loadCpuMs : undefined, limits.cpuMs));
  });
  let outcome;
  try {
    running = runner.start(task, () => wall.resume());
    if (signal?.aborted) onAbort(); // aborted while the source was prepared or the imports resolved
    outcome = await running.outcome;
  } finally {
    over = true;
    const wallLeftMs = wall.left();
    wall.stop();
    watchdog.stop();
    signal?.removeEventListener("abort", onAbort);
    // A suspended run's calls already with the host finish (for the wall clock it had left) and are journaled with
    // their answers: resume() must not make them twice (they charged a customer twice before session 30).
    if (suspended) await host?.settled(wallLeftMs);
    ended?.abort(new Error("the run ended"));
    host?.close();
  }
  if (suspended && journaling?.recorder) suspended = { ...suspended, journal: journaling.recorder.journal() };
  const called = host && host.calls() > 0 ? { callTargets: host.callTargets() } : {};
  // A worker that answered wrote its last line before it did; one that was terminated may still be dying.
  const lost = "code" in outcome ? readLogArea(logArea) : (returnLogArea(logArea), undefined);
  if (suspended) {
    const { pending } = suspended;
    const error = runError("E_SUSPENDED", `the run was suspended at call ${pending.index} (${pending.target} ${pending.export}) by its ${pending.by}: ${pending.reason}; resume it with resume(result.suspended, answer)`);
    return { ok: false, error, logs: "code" in outcome ? lost!.logs : outcome.logs, stats: stats({ ...("code" in outcome ? {} : outcome.stats), hostCalls: host?.calls() ?? 0, ...called }), suspended, ...(warnings.length ? { warnings } : {}) };
  }
  const journaled = <R extends RunResult>(result: R): R => {
    if (!journaling?.recorder || !powers.digest) return result;
    const stuck = !result.ok && result.error.code === "E_WALL_TIME" ? journaling.replay?.waitingNote() : undefined;
    if (stuck && !result.ok) result = { ...result, error: { ...result.error, message: `${result.error.message}; replay: ${stuck}` } };
    journaling.recorder.finish(endOf(result, powers.digest));
    return { ...result, journal: journaling.recorder.journal() };
  };
  // The worker was terminated or died, its own figures with it: its CPU is the host's figure (the watchdog's when it
  // stopped the run, else the time of the slices the worker published, which counts waits for a core).
  const hostCpuMs = () => spentAtStop ?? (control.started ? control.estimatedCpuMs(epochNow()) : 0);
  if ("code" in outcome) return journaled({ ...fail(outcome, warnings, { hostCalls: host?.calls() ?? 0, cpuMs: hostCpuMs(), logsTruncated: lost!.truncated, ...called }), logs: lost!.logs });
  host?.flushLogs(outcome.logs);
  const extra = warnings.length ? { warnings } : {};
  // Calls the worker made itself (local-calls.ts) never reached `host`: the worker counted them.
  const { localCalls, ...workerStats } = outcome.stats;
  const targets = localCalls ? { callTargets: addCounts((called as { callTargets?: Record<string, number> }).callTargets ?? {}, localCalls) } : called;
  const runStats = stats({ ...workerStats, ...targets });
  if (!outcome.ok) return journaled({ ok: false, error: improveError(withUserPositions(outcome.error, prepared), request.source), logs: outcome.logs, stats: runStats, ...extra });
  try {
    return journaled({ ok: true, value: decodeValue(outcome.value), logs: outcome.logs, stats: runStats, ...extra });
  } catch (error) {
    return journaled({ ok: false, error: runError("E_INTERNAL", `the result could not be decoded: ${String(error)}`), logs: outcome.logs, stats: runStats });
  }
}

const SUSPEND_ENDS: StopEnds = (() => {
  const ended = runError("E_SUSPENDED", "the run was suspended");
  return { stuck: ended, queued: ended, terminated: ended };
})();

/** `wall` is the limit as it reads (wallLimitText): limits.wallMs, and what the modules' load budgets added. */
const wallEnds = (wall: string): StopEnds => ({
  stuck: runError("E_STUCK", `the guest was stuck in native code past its wall-clock limit of ${wall}; its worker was terminated and replaced`),
  queued: runError("E_WALL_TIME", `the run spent its wall-clock limit of ${wall} waiting for a free worker (every worker of this sandbox was busy, or still starting); raise maxWorkers or limits.wallMs`),
  terminated: runError("E_WALL_TIME", `the run exceeded its wall-clock limit of ${wall}; its worker was terminated (this page is not cross-origin isolated, so logs were lost)`),
});

/** `loadCpuMs` is set when the run was still loading its modules: the limit that fired is their load budget. */
const cpuEnds = (loadCpuMs: number | undefined, cpuMs: number): StopEnds => {
  const stopped = "without stopping at its interrupt handler (a long native operation, or work that absorbed the interrupt); its worker was terminated and replaced";
  const ended = loadCpuMs !== undefined
    ? moduleLoadCpuExceeded(loadCpuMs, cpuMs, `, ${stopped}`)
    : runError("E_CPU_TIME", `the guest exceeded its CPU limit of ${cpuMs} ms ${stopped}. Raise limits.cpuMs (ceiling 60,000 ms) if the work needs it`);
  return { stuck: ended, queued: ended, terminated: ended };
};

const CANCEL_ENDS: StopEnds = {
  stuck: runError("E_CANCELLED", "the run was cancelled by its signal; the guest did not yield, so its worker was terminated and replaced"),
  queued: runError("E_CANCELLED", "the run was cancelled by its signal while it waited for a free worker"),
  terminated: runError("E_CANCELLED", "the run was cancelled by its signal; its worker was terminated"),
};

function addCounts(into: Record<string, number>, more: Record<string, number>): Record<string, number> {
  const sum = { ...into };
  for (const [name, count] of Object.entries(more)) sum[name] = (sum[name] ?? 0) + count;
  return sum;
}

/** What a run's calls through facades reach: its tool modules, then the host's modules. */
function withTools(modules: RunModules | undefined, belt: ToolBelt, context: { signal: AbortSignal; runId: string }, checkSchema: SchemaCheck | undefined, maxResultValues: number) {
  const toolOf = (id: string, name: string) => {
    const tools = isToolHostId(id) ? belt[id.slice(TOOL_HOST_PREFIX.length)] : undefined;
    return tools && Object.prototype.hasOwnProperty.call(tools, name) ? tools[name] : undefined;
  };
  return {
    target(id: string, name: string, callIndex: number, checked?: { problem?: string }): HostCallTarget {
      if (!isToolHostId(id)) return modules?.target(id, name) ?? `host module "${id}" cannot be called in this run`;
      const tool = toolOf(id, name);
      return tool ? toolTarget(id.slice(TOOL_HOST_PREFIX.length), name, tool, context, callIndex, checked, checkSchema, maxResultValues) : `"${name}" is not a tool of ${id.slice(TOOL_HOST_PREFIX.length)}`;
    },
    sideEffects: (id: string, name: string) => toolOf(id, name)?.sideEffects === true,
    end: () => modules?.end(),
  };
}

/** The input schemas of the tool modules a run imported, as text for its worker to check calls with (tool-input.ts). */
function toolInputsOf(belt: ToolBelt, hostIds: Iterable<string>): { toolInputs?: ToolInputSchemas } {
  const toolInputs: ToolInputSchemas = {};
  for (const id of hostIds) {
    const tools = isToolHostId(id) ? belt[id.slice(TOOL_HOST_PREFIX.length)] : undefined;
    if (tools) toolInputs[id] = Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, schemaText(tool.inputSchema)]));
  }
  return Object.keys(toolInputs).length ? { toolInputs } : {};
}

/** The host function a guest named, or why it cannot be called. */
function functionCall(ns: string, fn: string, request: CheckedRequest): HostCallTarget {
  const known = Object.prototype.hasOwnProperty.call(request.namespaces, ns) && request.namespaces[ns].includes(fn);
  if (!known) return `${ns}.${fn} is not a host function of this run`;
  const namespace = request.hostFunctions[ns];
  return (args) => namespace[fn].apply(namespace, args);
}

function withUserPositions(error: RunError, prepared: PreparedSource): RunError {
  if (!error.guestStack) return error;
  const guestStack = mapGuestStack(error.guestStack, prepared);
  // A syntax error the engine found says where, as those found before the run do.
  const at = error.code === "E_SYNTAX" && !/\(\S+:\d+:\d+\)$/.test(error.message) ? / at (\S+:\d+:\d+)/.exec(guestStack)?.[1] : undefined;
  return { ...error, ...(at ? { message: `${error.message} (${at})` } : {}), guestStack };
}

function failure(error: RunError, started: number): RunResult<never> {
  const stats: RunStats = { cpuMs: 0, wallMs: performance.now() - started, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false };
  return { ok: false, error, logs: [], stats };
}
