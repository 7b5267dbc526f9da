// Owns answering one run's calls from its guest worker, in any host (the Node sandbox, the browser runner): each call
// asked of the policy (with the wall clock paused), made, traced from what actually crossed, and its answer encoded
// and size-checked; traced console lines streamed. What a call names is resolved by the caller's `target` power.
// Refuses calls the run was not given, answers over limits.hostDataBytes, and answers that arrive after the run ended.
// A journaled run's calls still unanswered when it ends are journaled in flight, so a replay never makes them again;
// once a call suspends the run, no call is made or answered, and those already with the host are journaled as they
// settle (settled()), so a resume does not make them twice.

import type { RunTrace, CallKind } from "./events.js";
import type { Policy, PolicyDecision } from "./policy.js";
import { decodeValue, encodeValue, encodedSize } from "./codec.js";
import { scrubHostDetails, thrownText } from "./errors.js";
import { thrownInfo, thrownReply, uncrossableReply } from "./host-errors.js";
import type { Encoded, HostCallMessage, HostReplyMessage, LogMessage } from "./protocol.js";
import { worthBinary, writeBinary } from "./binary-writer.js";
import { expandRecordRows, type AnswerForms } from "./record-rows.js";
import { answerForms } from "./answer-table.js";
import { encodedToJson, outcomeOf, replyOf, type JournalCall, type PendingCall, type Replayer } from "./journal.js";

/** The run's end of its host channel (a Node MessagePort, or a browser one, adapted). */
export interface HostChannel {
  onMessage(handler: (message: HostCallMessage | LogMessage) => void): void;
  post(message: HostReplyMessage): void;
  close(): void;
  /**
   * Takes the messages already on the channel that its listener has not had yet (Node: receiveMessageOnPort): a
   * call the guest sent just before its run ended arrives after the outcome, and is journaled in flight from here.
   */
  late?(): Array<HostCallMessage | LogMessage>;
}

/**
 * What a call names: the function to call with the decoded arguments (and, when its answer may take the binary form,
 * the forms it may shape that answer in), or why it cannot be called.
 */
export type HostCallTarget = ((args: unknown[], forms?: AnswerForms) => unknown) | string;

export interface HostCallOptions {
  target(message: HostCallMessage): HostCallTarget;
  /** Whether the host function a call names is marked side-effecting (for the policy). */
  sideEffects(message: HostCallMessage): boolean;
  /** How long the call may hold the wall clock paused, when its function was described so (describeHostFunction). */
  pausedWaitMs?(message: HostCallMessage): number | undefined;
  runId: string;
  trace: RunTrace;
  policy?: Policy;
  traceData: boolean;
  wall: { pause(): void; resume(): void };
  hostDataBytes: number;
  /** The deepest answer written in the binary form for this run's guest (binary-writer.ts binaryDepthFor). */
  binaryDepth?: number;
  policyWaitMs: number;
  /** Called once when a run that made host-module calls ends (to cancel what it left and free its budgets). */
  onModulesUsed?(): void;
  /** Records each call as it completes (journaling), with how to digest its arguments. */
  journal?: { record(call: JournalCall, always?: boolean): boolean; digest(args: Encoded): string; maxBytes: number };
  /** Answers calls from a journal instead of the host while it lasts. */
  replay?: Replayer;
  /** A policy answer or a tool suspended the run on this call: end the run, keep the call for resume(). */
  onSuspend?(pending: PendingCall): void;
}

/**
 * Answers the worker's host calls on the main thread, after the policy (if any) allowed them, tracing each; streams
 * traced console lines; answers that arrive after the run ended are dropped.
 */
export function serveHostCalls(channel: HostChannel, context: HostCallOptions) {
  const { trace } = context;
  let open = true;
  /** A call suspended the run: nothing more is made or sent to the guest; answers already coming are journaled. */
  let suspending = false;
  let calls = 0;
  /** A journaled run's calls not answered yet, with their in-flight record and whether they reached the host. */
  const unanswered = new Map<number, { record(): JournalCall; busy: boolean }>();
  const recorded = new Set<number>();
  let settledWaiters: Array<() => void> = [];
  const busy = () => [...unanswered.values()].some((call) => call.busy);
  const doneWith = (id: number) => {
    if (!unanswered.delete(id) || settledWaiters.length === 0 || busy()) return;
    for (const wake of settledWaiters) wake();
    settledWaiters = [];
  };
  const byTarget: Record<string, number> = {};
  let consoleEvents = 0;
  let usedModules = false;
  let tracedDataLeft = TRACE_DATA_BYTES;
  const reply = (message: HostReplyMessage) => {
    if (open && !suspending) channel.post(message);
  };
  // One message's handling is a promise that never rejects: a failure nothing below foresaw ends its call with
  // E_INTERNAL, never the host process (an async listener's rejection is unhandled, and Node exits on one).
  channel.onMessage((message) => {
    serve(message).catch((error: unknown) => {
      if (message.t === "call") reply({ t: "fatal", id: message.id, code: "E_INTERNAL", message: `the host failed while answering ${message.ns}.${message.fn}: ${scrubHostDetails(thrownText(error))}` });
    });
  });
  async function serve(message: HostCallMessage | LogMessage): Promise<void> {
    if (!open || suspending) return; // the run ended: its calls are not made, its lines were flushed from the outcome
    if (message.t === "log") {
      consoleEvents++;
      return trace.emit({ type: "console", level: message.level, message: message.message });
    }
    calls++;
    const { id, ns, fn } = message;
    const { kind, target, named } = namesOf(message);
    byTarget[named] = (byTarget[named] ?? 0) + 1;
    // Sizes and clocks only for a trace that will carry them.
    const startedAt = trace.active ? performance.now() : 0;
    const traced = (ok: boolean, extra: { code?: string; resultBytes?: number; args?: unknown[]; result?: unknown }) => {
      if (!trace.active) return;
      const argsBytes = encodedSize(message.args);
      const event = { type: "call" as const, kind, target, export: fn, durationMs: performance.now() - startedAt, ok, argsBytes, resultBytes: 0, ...extra };
      if (extra.args !== undefined || extra.result !== undefined) {
        // The trace keeps what crossed, within a budget: 1,000 calls of 16 MiB made one run's trace 16 GiB.
        const cost = argsBytes + (extra.resultBytes ?? 0);
        if (cost > tracedDataLeft) {
          delete event.args;
          delete event.result;
          Object.assign(event, { dataOmitted: true });
        } else tracedDataLeft -= cost;
      }
      trace.emit(event);
    };
    if (message.module !== undefined) usedModules = true;
    /** `size` undefined: the writer or a table found the answer over the bound before its end. */
    const tooLarge = (size?: number) => {
      traced(false, { code: "E_HOST_DATA_TOO_LARGE", ...(size === undefined ? {} : { resultBytes: size }) });
      answer({ t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size ?? `more than ${context.hostDataBytes}`} bytes, over limits.hostDataBytes (${context.hostDataBytes})` });
    };
    // A journaled answer is held to the run's limit as a live one is (resume()'s answer is one no host function gave).
    const answerFromJournal = (sent: HostReplyMessage) => {
      const size = sent.t === "ok" ? encodedSize(sent.value) : 0;
      return size > context.hostDataBytes ? tooLarge(size) : answer(sent);
    };
    const argsDigest = context.journal?.digest(message.args) ?? "";
    let policy: JournalCall["policy"];
    const journalFields = (): JournalCall => ({ type: "call", index: id, kind, target, export: fn, argsDigest, ...(policy ? { policy } : {}) });
    const tracked = context.journal ? { record: () => ({ ...journalFields(), inFlight: true as const }), busy: false } : undefined;
    if (tracked) unanswered.set(id, tracked);
    /** Whether the call may still be made: not once the run ended or a call suspended it. */
    const makeable = () => open && !suspending;
    // Every answer of this call goes through here, so the journal records exactly what the guest was told.
    const answer = (sent: HostReplyMessage) => {
      if (!open) return; // the run ended: the journal holds this call as in flight
      doneWith(id);
      recorded.add(id);
      const record = (outcomeFrom: HostReplyMessage, always?: boolean) => context.journal?.record({ ...journalFields(), outcome: outcomeOf(outcomeFrom) }, always) ?? true;
      if (record(sent)) return reply(sent);
      // The host would keep this answer past limits.journalBytes: the run ends, and its journal says how.
      const over: HostReplyMessage = { t: "fatal", id, code: "E_JOURNAL_TOO_LARGE", message: `the journal of this run would pass limits.journalBytes (${context.journal!.maxBytes}) with the answer of ${ns}.${fn}; return less data from host calls in a journaled run, or raise limits.journalBytes (ceiling 1 GiB)` };
      record(over, true);
      reply(over);
    };
    const suspend = (by: PendingCall["by"], reason: string) => {
      if (!context.onSuspend) {
        const why = `${by === "policy" ? "the policy" : "the tool"} suspended this call (${reason}), but the run is not journaled (run({ journal: true })), so it could never be resumed`;
        return answer(by === "policy" ? { t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${why}` } : { t: "err", id, name: "ToolError", message: `E_SUSPENDED: ${why}` });
      }
      // One suspension per run: a call suspending after it is neither made nor journaled (resume asks again).
      doneWith(id);
      if (!makeable()) return;
      suspending = true;
      recorded.add(id);
      context.journal?.record(journalFields(), true);
      context.onSuspend?.({ index: id, kind, target, export: fn, argsDigest, args: encodedToJson(message.args), by, reason });
    };
    const replayed = context.replay?.take(id, { kind, target, export: fn, argsDigest });
    if (replayed && "diverged" in replayed) return answer({ t: "fatal", id, code: "E_REPLAY_DIVERGED", message: replayed.diverged });
    if (replayed) {
      if (replayed.call.inFlight) return; // never answered: the run that ran first did not hear back either
      if (tracked && replayed.call.outcome) tracked.busy = true;
      await replayed.turn;
      policy = replayed.call.policy;
      if (replayed.call.outcome) return answerFromJournal(replyOf(id, replayed.call.outcome));
      if (policy && !policy.allowed) return answer({ t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${policy.reason ?? "denied by policy"}` });
      // The journal holds only the policy's yes (a run resumed after approval): the call itself is made now.
    }
    if (!makeable()) return;
    const call = context.target(message);
    if (typeof call === "string") {
      traced(false, { code: "E_NOT_CALLABLE" });
      return answer({ t: "err", id, name: "TypeError", message: call });
    }
    let value: unknown;
    let args: unknown[] = [];
    // A run that keeps no JSON of its answers (no journal, no trace), to a worker that reads the binary form: the
    // guest's engine builds a big plain-JSON answer in one C call instead of parsing its JSON (binary-writer.ts), and
    // the call may shape its answer for that form: a table's rows go ahead of it in parts (answer-table.ts).
    const bulk = message.b === 1 && !context.journal && !trace.active;
    const forms = bulk ? answerForms((bytes) => reply({ t: "part", id, bytes }), context.hostDataBytes) : undefined;
    try {
      args = decodeValue(message.args) as unknown[];
      if (context.policy && !policy) {
        const asked = askPolicy(context, { runId: context.runId, kind, target, export: fn, args, sideEffects: context.sideEffects(message) }, context.policyWaitMs);
        const decision = isThenable(asked) ? await asked : asked;
        if (!makeable()) return; // the run ended or was suspended while its policy was deciding: the call is not made
        if ("suspend" in decision) return suspend("policy", decision.suspend);
        policy = decision.allow ? { allowed: true } : { allowed: false, reason: decision.reason };
        if (!decision.allow) {
          traced(false, { code: "E_POLICY_DENIED", ...(context.traceData ? { args } : {}) });
          return answer({ t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${decision.reason}` });
        }
      }
      const paused = context.pausedWaitMs?.(message);
      if (tracked) tracked.busy = true;
      // A synchronous host function is answered in the same turn: awaiting only what is a promise saves the
      // microtask turns per call that every host call paid before.
      const made = paused === undefined ? call(args, forms) : waitPaused(context, () => call(args, forms), paused, target);
      value = isThenable(made) ? await made : made;
    } catch (error) {
      if (forms?.tooLong) return tooLarge();
      const thrown = thrownInfo(error);
      if (thrown.suspension) return suspend("tool", thrown.suspension.reason);
      traced(false, { code: thrown.code ?? "E_HOST_ERROR", ...(context.traceData ? { args } : {}) });
      return answer(thrownReply(id, thrown));
    }
    // A run that ended meanwhile takes no answer: none is encoded (a big one cost the host seconds for nothing).
    if (!open) return;
    const uncrossable = (why: string) => {
      traced(false, { code: "E_RESULT_UNSERIALIZABLE" });
      answer(uncrossableReply(id, ns, fn, why));
    };
    let sent: HostReplyMessage;
    let size = 0;
    // Reading the answer runs the host value's own code (a getter, a Proxy trap, a toJSON), on the writer's walk as on
    // the encoder's: what it throws is this call's TypeError.
    try {
      let tooLong = forms?.tooLong ?? false;
      const onTooLong = () => void (tooLong = true);
      const binary = !tooLong && (forms?.used || (bulk && worthBinary(value))) ? writeBinary(value, context.hostDataBytes, { maxDepth: context.binaryDepth, onTooLong }) : undefined;
      if (binary) return answer({ t: "bin", id, bytes: binary.bytes, ...(binary.parts ? { parts: binary.parts } : {}) });
      // The writer found the answer's JSON over the bound already: no need to encode it again to learn that.
      if (tooLong) return tooLarge();
      const encoded = encodeValue(forms?.used ? expandRecordRows(value) : value, context.hostDataBytes);
      if (!encoded.ok) return encoded.tooLarge ? tooLarge() : uncrossable(encoded.message);
      size = encodedSize(encoded.encoded);
      sent = { t: "ok", id, value: encoded.encoded };
    } catch (error) {
      return uncrossable(thrownText(error));
    }
    if (size > context.hostDataBytes) return tooLarge(size);
    traced(true, { resultBytes: size, ...(context.traceData ? { args, result: value } : {}) });
    answer(sent);
  }
  return {
    calls: () => calls,
    /** Calls made, by what they named ("users.find", "capsule.csv.parse"). */
    callTargets: () => ({ ...byTarget }),
    /** Traces the run's console lines whose streamed message had not arrived when the run ended (same order). */
    flushLogs(logs: readonly { level: string; message: string }[]) {
      if (!trace.active) return;
      for (const line of logs.slice(consoleEvents)) trace.emit({ type: "console", level: line.level, message: line.message });
      consoleEvents = logs.length;
    },
    /**
     * Settles when no call the run made is still with the host (or waiting for its journaled answer), or after `ms`:
     * a suspended run waits for them, so its journal holds their answers and resume() does not make them again.
     */
    settled(ms: number): Promise<void> {
      if (!busy()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        settledWaiters.push(() => (clearTimeout(timer), resolve()));
      });
    },
    /**
     * Ends the run's calls. A journaled run's unanswered calls are journaled in flight — for a suspended run only those
     * that reached the host (the others were never made: resume makes them), with what its own replay had journaled.
     */
    close() {
      if (open && context.journal) {
        const keep = (call: JournalCall) => {
          if (recorded.has(call.index)) return;
          recorded.add(call.index);
          context.journal!.record(call, true);
        };
        for (const call of unanswered.values()) if (!suspending || call.busy) keep(call.record());
        // Sent by the guest, never read by this server: not made, and the guest never heard back.
        for (const late of suspending ? [] : (channel.late?.() ?? [])) {
          if (late.t !== "call" || recorded.has(late.id)) continue;
          const { kind, target } = namesOf(late);
          keep({ type: "call", index: late.id, kind, target, export: late.fn, argsDigest: context.journal.digest(late.args), inFlight: true });
        }
        if (suspending) for (const call of context.replay?.known() ?? []) keep(call);
      }
      open = false;
      channel.close();
      if (usedModules) context.onModulesUsed?.();
    },
  };
}

/**
 * The arguments and results a run's `traceData` trace keeps, by their encoded size; past it a call's event says
 * `dataOmitted` instead. The trace is held by whoever listens (a queue job's answer keeps all of it in Redis).
 */
export const TRACE_DATA_BYTES = 32 * 1024 * 1024;

/** What a call names: its kind, its target as traced and journaled, and its name in stats ("users.find"). */
function namesOf(message: HostCallMessage): { kind: CallKind; target: string; named: string } {
  const { module, ns, fn } = message;
  const kind: CallKind = module === undefined ? "host-function" : module.startsWith("wasm:") ? "wasm" : module.startsWith("tool:") ? "tool" : "host-module";
  // Tools are named by their module's specifier ("@tools/mail"); their kind says they are tools.
  const target = module === undefined ? `${ns}.${fn}` : kind === "tool" ? module.slice("tool:".length) : module;
  return { kind, target, named: module === undefined ? target : `${target.replace(/^(?:wasm|tool):/, "")}.${fn}` };
}

/** Awaits a call with the wall clock paused, for at most `ms`; then it fails with E_HOST_WAIT_TIME. */
async function waitPaused(context: HostCallOptions, call: () => unknown, ms: number, target: string): Promise<unknown> {
  context.wall.pause();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`${target} did not answer within the ${ms} ms it may pause the wall clock`), { code: "E_HOST_WAIT_TIME" })), ms);
    });
    return await Promise.race([Promise.resolve().then(call), late]);
  } finally {
    clearTimeout(timer);
    context.wall.resume();
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * Asks the policy. A synchronous answer is used at once: no timer, no pause, no extra turn. An asynchronous one is
 * awaited with the wall clock paused, bounded by limits.policyWaitMs. A failing policy denies.
 */
function askPolicy(context: HostCallOptions, call: Parameters<Policy>[0], waitMs: number): PolicyDecision | Promise<PolicyDecision> {
  const asked = performance.now();
  let answer: unknown;
  try {
    answer = context.policy!(call);
  } catch (error) {
    return traceDecision(context, call, asked, policyFailed(error));
  }
  let thenable: boolean;
  try {
    thenable = isThenable(answer);
  } catch {
    return traceDecision(context, call, asked, UNREADABLE_DECISION);
  }
  if (!thenable) return traceDecision(context, call, asked, decisionOf(answer));
  return awaitPolicy(context, call, answer as PromiseLike<unknown>, waitMs, asked);
}

async function awaitPolicy(context: HostCallOptions, call: Parameters<Policy>[0], answer: PromiseLike<unknown>, waitMs: number, asked: number): Promise<PolicyDecision> {
  context.wall.pause();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let decision: PolicyDecision;
  try {
    const timeout = new Promise<PolicyDecision>((resolve) => {
      timer = setTimeout(() => resolve({ allow: false, reason: `the policy did not answer within ${waitMs} ms (limits.policyWaitMs)` }), waitMs);
    });
    decision = decisionOf(await Promise.race([answer, timeout]));
  } catch (error) {
    decision = policyFailed(error);
  } finally {
    clearTimeout(timer);
    context.wall.resume();
  }
  return traceDecision(context, call, asked, decision);
}

/** The policy's answer as a decision; one that cannot be read (its getter or trap throws) denies. */
function decisionOf(settled: unknown): PolicyDecision {
  try {
    const answer = settled as { allow?: unknown; reason?: unknown; suspend?: unknown } | null | undefined;
    if (answer && typeof answer.suspend === "string") return { suspend: answer.suspend };
    return answer && answer.allow === true ? { allow: true } : { allow: false, reason: String(answer?.reason ?? "denied by policy") };
  } catch {
    return UNREADABLE_DECISION;
  }
}

const UNREADABLE_DECISION: PolicyDecision = { allow: false, reason: "the policy's answer cannot be read (its getter or trap threw)" };

const policyFailed = (error: unknown): PolicyDecision => ({ allow: false, reason: `the policy failed: ${thrownInfo(error).message}` });

function traceDecision(context: HostCallOptions, call: Parameters<Policy>[0], asked: number, decision: PolicyDecision): PolicyDecision {
  if (!context.trace.active) return decision;
  const allowed = "allow" in decision && decision.allow;
  const reason = "suspend" in decision ? `suspended: ${decision.suspend}` : decision.allow ? undefined : decision.reason;
  context.trace.emit({ type: "policy", target: call.target, export: call.export, allowed, ...(reason ? { reason } : {}), waitedMs: performance.now() - asked });
  return decision;
}
