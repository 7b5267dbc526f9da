// Owns answering one run's calls from its guest worker, in any host (the Node sandbox, the browser runner): each call
// asked of the policy (with the wall clock paused), made, traced from what actually crossed, and its answer encoded
// and size-checked; traced console lines streamed. What a call names is resolved by the caller's `target` power.
// Refuses calls the run was not given, answers over limits.hostDataBytes, and answers that arrive after the run ended.

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
  let calls = 0;
  const byTarget: Record<string, number> = {};
  let consoleEvents = 0;
  let usedModules = false;
  const reply = (message: HostReplyMessage) => {
    if (open) channel.post(message);
  };
  // One message's handling is a promise that never rejects: a failure nothing below foresaw ends its call with
  // E_INTERNAL, never the host process (an async listener's rejection is unhandled, and Node exits on one).
  channel.onMessage((message) => {
    serve(message).catch((error: unknown) => {
      if (message.t === "call") reply({ t: "fatal", id: message.id, code: "E_INTERNAL", message: `the host failed while answering ${message.ns}.${message.fn}: ${scrubHostDetails(thrownText(error))}` });
    });
  });
  async function serve(message: HostCallMessage | LogMessage): Promise<void> {
    if (!open) return; // the run ended: its calls are not made, its lines were flushed from the outcome
    if (message.t === "log") {
      consoleEvents++;
      return trace.emit({ type: "console", level: message.level, message: message.message });
    }
    calls++;
    const { id, ns, fn } = message;
    const kind: CallKind = message.module === undefined ? "host-function" : message.module.startsWith("wasm:") ? "wasm" : message.module.startsWith("tool:") ? "tool" : "host-module";
    // Tools are named by their module's specifier ("@tools/mail"); their kind says they are tools.
    const target = message.module === undefined ? `${ns}.${fn}` : kind === "tool" ? message.module.slice("tool:".length) : message.module;
    const named = message.module === undefined ? target : `${target.replace(/^(?:wasm|tool):/, "")}.${fn}`;
    byTarget[named] = (byTarget[named] ?? 0) + 1;
    // Sizes and clocks only for a trace that will carry them.
    const startedAt = trace.active ? performance.now() : 0;
    const traced = (ok: boolean, extra: { code?: string; resultBytes?: number; args?: unknown[]; result?: unknown }) => {
      if (trace.active) trace.emit({ type: "call", kind, target, export: fn, durationMs: performance.now() - startedAt, ok, argsBytes: encodedSize(message.args), resultBytes: 0, ...extra });
    };
    if (message.module !== undefined) usedModules = true;
    /** `size` undefined: the writer or a table found the answer over the bound before its end. */
    const tooLarge = (size?: number) => {
      traced(false, { code: "E_HOST_DATA_TOO_LARGE", ...(size === undefined ? {} : { resultBytes: size }) });
      answer({ t: "fatal", id, code: "E_HOST_DATA_TOO_LARGE", message: `${ns}.${fn} returned ${size ?? `more than ${context.hostDataBytes}`} bytes, over limits.hostDataBytes (${context.hostDataBytes})` });
    };
    const argsDigest = context.journal?.digest(message.args) ?? "";
    let policy: JournalCall["policy"];
    // Every answer of this call goes through here, so the journal records exactly what the guest was told.
    const answer = (sent: HostReplyMessage) => {
      const record = (outcomeFrom: HostReplyMessage, always?: boolean) =>
        context.journal?.record({ type: "call", index: id, kind, target, export: fn, argsDigest, ...(policy ? { policy } : {}), outcome: outcomeOf(outcomeFrom) }, always) ?? true;
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
      context.journal?.record({ type: "call", index: id, kind, target, export: fn, argsDigest, ...(policy ? { policy } : {}) }, true);
      context.onSuspend?.({ index: id, kind, target, export: fn, argsDigest, args: encodedToJson(message.args), by, reason });
    };
    const replayed = context.replay?.take(id, { kind, target, export: fn, argsDigest });
    if (replayed && "diverged" in replayed) return reply({ t: "fatal", id, code: "E_REPLAY_DIVERGED", message: replayed.diverged });
    if (replayed) {
      await replayed.turn;
      policy = replayed.call.policy;
      if (replayed.call.outcome) return answer(replyOf(id, replayed.call.outcome));
      if (policy && !policy.allowed) return answer({ t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${policy.reason ?? "denied by policy"}` });
      // The journal holds only the policy's yes (a run resumed after approval): the call itself is made now.
    }
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
        if ("suspend" in decision) return suspend("policy", decision.suspend);
        policy = decision.allow ? { allowed: true } : { allowed: false, reason: decision.reason };
        if (!decision.allow) {
          traced(false, { code: "E_POLICY_DENIED", ...(context.traceData ? { args } : {}) });
          return answer({ t: "err", id, name: "PolicyDenied", message: `E_POLICY_DENIED: ${decision.reason}` });
        }
      }
      const paused = context.pausedWaitMs?.(message);
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
      const encoded = forms?.used ? encodeValue(expandRecordRows(value)) : encodeValue(value);
      if (!encoded.ok) return uncrossable(encoded.message);
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
    close() {
      open = false;
      channel.close();
      if (usedModules) context.onModulesUsed?.();
    },
  };
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
