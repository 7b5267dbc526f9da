// Owns journaling and replay for one run on the run path: checking a replayed journal against the run (its version,
// its source digest, its module digests — before the guest starts), the journal's header, the recorder and replayer
// the host-call server uses, the end record, and what a suspended run carries for resume(). A journal decides only what
// the guest is told: the request (its modules, limits, host functions, tools) always comes from the caller.
// Refuses a malformed journal (E_BAD_REQUEST) and a journal of another source or other modules (E_REPLAY_DIVERGED).

import { encodeValue, encodedSize } from "./codec.js";
import { runError, type RunError } from "./errors.js";
import type { ImportGraph } from "./imports.js";
import {
  digestEncoded, encodedToJson, journalProblem, JournalRecorder, JOURNAL_VERSION, Replayer,
  type Journal, type JournalCall, type JournalEnd, type JournalHeader, type JournalSink, type PartsDigest, type PendingCall,
} from "./journal.js";
import type { PolicyDecision } from "./policy.js";
import type { CheckedRequest } from "./request.js";
import type { RunRequest } from "./types.js";

/**
 * Seals a resumed run's approval of its pending call, and checks a seal: a host power (HMAC-SHA256 under the
 * sandbox's approvalKey in Node). A journal is data anyone can write; a yes in it is taken only under a valid seal.
 */
export interface ApprovalSeal {
  sign(text: string): string;
  verify(text: string, seal: string): boolean;
}

/** What a run id's seal covers: the id and the source it was given to. */
const runIdText = (runId: string, sourceDigest: string) => JSON.stringify(["capsule run id 1", runId, sourceDigest]);

/** What an approval seals: the run (id and source) and exactly which call. */
function approvalText(header: Pick<JournalHeader, "runId" | "sourceDigest">, call: Pick<JournalCall, "index" | "kind" | "target" | "export" | "argsDigest">): string {
  return JSON.stringify(["capsule approval 1", header.runId, header.sourceDigest, call.index, call.kind, call.target, call.export, call.argsDigest]);
}

/**
 * `journal` with every unsealed yes taken out: a call journaled as allowed but not answered is made live only when
 * its approval verifies under `seal`; otherwise the policy is asked again (a journal that says "allowed" to a call
 * the policy denies got past the policy before session 29).
 */
function withSealedApprovals(journal: Journal, seal: ApprovalSeal | undefined): Journal {
  const calls = journal.calls.map((call) => {
    if (!call.policy?.allowed || call.outcome) return call;
    const { approval } = call.policy;
    if (seal && approval !== undefined && seal.verify(approvalText(journal.header, call), approval)) return call;
    const { policy: _unsealed, ...rest } = call;
    return rest;
  });
  return { ...journal, calls };
}

/** What a suspended run carries: everything resume() needs, as data (it may cross processes and machines). */
export interface Suspended {
  journal: Journal;
  pending: PendingCall;
}

/** The request with the replayed journal's seed and clock (a replay re-executes exactly), or a refusal of the journal. */
export function withReplayClock(request: RunRequest): RunRequest | RunError {
  if (typeof request !== "object" || request === null || request.replay === undefined) return request;
  const problem = journalProblem(request.replay);
  if (problem) return runError("E_BAD_REQUEST", problem);
  const { header } = request.replay;
  return { ...request, seed: header.seed, now: header.now, filename: request.filename ?? header.filename };
}

export interface Journaling {
  /** The stable run id: the journal's on a replay whose id is sealed, so idempotency keys stay the same across processes. */
  runId: string;
  recorder?: JournalRecorder;
  replay?: Replayer;
  digest(args: Parameters<typeof digestEncoded>[1]): string;
}

/** Sets up journaling and replay once the run's imports are resolved, or says why the journal cannot be used. */
export function startJournaling(original: RunRequest, checked: CheckedRequest, graph: ImportGraph, runId: string, digest: PartsDigest | undefined, seal?: ApprovalSeal): Journaling | RunError | undefined {
  const wanted = original.journal !== undefined && original.journal !== false;
  const replayed = original.replay;
  if (!wanted && !replayed) return undefined;
  if (!digest) return runError("E_BAD_REQUEST", "this host cannot journal or replay runs (it has no sha256); use the Node runtime");
  const sourceDigest = digest([checked.source]);
  if (replayed) {
    const { header } = replayed;
    if (header.sourceDigest !== sourceDigest) return runError("E_REPLAY_DIVERGED", `the run's source differs from its journal's (journal ${header.sourceDigest.slice(0, 12)}…, this ${sourceDigest.slice(0, 12)}…); nothing ran`);
    for (const specifier of Object.keys({ ...header.modules, ...graph.digests })) {
      // Own entries only: a header naming "__proto__" or "toString" read an inherited object, and the run ended E_INTERNAL.
      const [was, is] = [Object.hasOwn(header.modules, specifier) ? header.modules[specifier]! : "absent", Object.hasOwn(graph.digests, specifier) ? graph.digests[specifier]! : "absent"];
      if (was !== is) return runError("E_REPLAY_DIVERGED", `module "${specifier}" differs from the journal's (journal ${was.slice(0, 12)}, this run ${is.slice(0, 12)}); nothing ran`);
    }
  }
  // A journal is data anyone can write: its run id (which names the idempotency keys of the run's calls) is kept only
  // under a seal of this host's key; a forged one chose another run's keys, and read or swallowed its payments.
  const sealedId = replayed?.header.runIdSeal !== undefined && seal?.verify(runIdText(replayed.header.runId, sourceDigest), replayed.header.runIdSeal);
  const stableId = sealedId ? replayed!.header.runId : runId;
  const sink: JournalSink | undefined = typeof original.journal === "function" ? original.journal : undefined;
  const recorder = new JournalRecorder(
    {
      type: "run", version: JOURNAL_VERSION, runId: stableId, filename: checked.filename, source: checked.source, sourceDigest,
      seed: checked.seed, now: checked.now, ...(original.allow ? { allow: [...original.allow] } : {}), modules: { ...graph.digests },
      ...(seal ? { runIdSeal: seal.sign(runIdText(stableId, sourceDigest)) } : {}),
    },
    sink,
    checked.limits.journalBytes,
  );
  return { runId: stableId, recorder, ...(replayed ? { replay: new Replayer(withSealedApprovals(replayed, seal)) } : {}), digest: (args) => digestEncoded(digest, args) };
}

/**
 * The replay journal that answers a suspended run's pending call with `answer`, and the request that resumes it. The
 * journal's allow list only narrows the caller's (`allow`): a tampered journal cannot widen what the run may import.
 * A yes to a policy's suspension is sealed with `seal` (sandbox.resume() seals with its own; a queue submitter
 * with approvalSeal(key) of the workers' key): unsealed, the resumed run asks its policy again.
 */
export function resumeRequest(suspended: Suspended, answer: unknown, allow?: readonly string[], seal?: ApprovalSeal): Pick<RunRequest, "source" | "filename" | "allow" | "replay"> {
  const { journal, pending } = suspended;
  const done = journal.calls.filter((c) => c.index !== pending.index);
  const held = journal.calls.find((c) => c.index === pending.index);
  const call: JournalCall = { type: "call", index: pending.index, kind: pending.kind, target: pending.target, export: pending.export, argsDigest: pending.argsDigest, ...(held?.policy ? { policy: held.policy } : {}) };
  if (pending.by === "policy") {
    const decision = answer as PolicyDecision;
    const allowed = Boolean(decision && "allow" in decision && decision.allow);
    call.policy = allowed
      ? { allowed: true, ...(seal ? { approval: seal.sign(approvalText(journal.header, call)) } : {}) }
      : { allowed: false, reason: String((decision as { reason?: unknown })?.reason ?? "denied when the run was resumed") };
  } else {
    const encoded = encodeValue(answer);
    call.outcome = encoded.ok ? { ok: true, value: encodedToJson(encoded.encoded) } : { ok: false, name: "TypeError", message: `the answer given to resume() cannot cross to the guest: ${encoded.message}` };
  }
  const { header } = journal;
  const narrowed = header.allow && allow ? allow.filter((s) => header.allow!.includes(s)) : (allow ?? header.allow);
  return { source: header.source, filename: header.filename, ...(narrowed ? { allow: narrowed } : {}), replay: { header, calls: [...done, call] } };
}

/** The end record of a journal: whether the run succeeded, and the digest of its encoded value or its error code. */
export function endOf(result: { ok: true; value: unknown } | { ok: false; error: RunError }, digest: PartsDigest): JournalEnd {
  if (!result.ok) return { type: "end", ok: false, code: result.error.code };
  const encoded = encodeValue(result.value);
  return encoded.ok ? { type: "end", ok: true, valueDigest: digestEncoded(digest, encoded.encoded), valueBytes: encodedSize(encoded.encoded) } : { type: "end", ok: true };
}
