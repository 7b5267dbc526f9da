// Owns a run's journal and its replay. The journal records, in the order they complete, every call that left the
// guest — kind, target, export, a digest of the encoded arguments, the policy's answer and the encoded result or
// error — after a header with what makes the run reproducible (seed, clock, source and its digest, allow list, module
// digests, run id); it is streamed to a sink as each call completes, so a crash loses at most the calls in flight.
// Replaying answers each call from the journal without reaching the host, in the journal's order; a call that differs
// ends the run with E_REPLAY_DIVERGED; a call journaled in flight is never answered (nor made again); when the journal
// runs out the run continues live (that is how a run resumes), unless the journal has its end: a finished run's replay
// reaches nothing, so a call past its end diverges.
// A journal is data: it can change only what the guest is told, never a module, a limit or a host function.
// Refuses a journal of another version or shape (E_BAD_REQUEST; journal-check.ts).

import type { CallKind } from "./events.js";
import { journalProblem } from "./journal-check.js";
import type { Encoded, HostReplyMessage } from "./protocol.js";

export { journalProblem } from "./journal-check.js";

export const JOURNAL_VERSION = 1;

/** An encoded value as JSON: bytes of the sidecar in base64. */
export interface EncodedJson {
  json: string;
  tagged: boolean;
  side: Array<string | { b64: string }>;
}

export interface JournalHeader {
  type: "run";
  version: typeof JOURNAL_VERSION;
  runId: string;
  filename: string;
  source: string;
  sourceDigest: string;
  seed: number;
  now: number;
  allow?: readonly string[];
  /** sha256 of each module the run imported, by specifier. */
  modules: Record<string, string>;
  /**
   * The seal of `runId` over the source (the approval seal of the host that recorded it): a replay keeps the run id
   * — and so its calls' idempotency keys — only when it verifies, else it runs under a new id.
   */
  runIdSeal?: string;
}

export type CallOutcome =
  | { ok: true; value: EncodedJson }
  | { ok: false; name: string; message: string }
  | { fatal: string; message: string };

export interface JournalCall {
  type: "call";
  /** The call's index in the run (from 1), in the order the guest made it. */
  index: number;
  kind: CallKind;
  target: string;
  export: string;
  argsDigest: string;
  /**
   * The policy's answer, when a policy was asked. `approval`: a resumed run's yes for its pending call, sealed by
   * the host that resumed it (run-journal.ts); a yes without a valid seal is not taken, the policy is asked again.
   */
  policy?: { allowed: boolean; reason?: string; approval?: string };
  /** Absent when the call had not been answered (a run suspended on its policy or its tool). */
  outcome?: CallOutcome;
  /**
   * The call had not answered when the run ended or was suspended (it may have reached the host): a replay never
   * answers it and never makes it again, as the guest that ran first never heard back.
   */
  inFlight?: true;
}

/** How the run ended: whether it succeeded, and the digest of its encoded value (or its error code). */
export interface JournalEnd {
  type: "end";
  ok: boolean;
  valueDigest?: string;
  valueBytes?: number;
  code?: string;
}

export interface Journal {
  header: JournalHeader;
  calls: JournalCall[];
  end?: JournalEnd;
}

export type JournalRecord = JournalHeader | JournalCall | JournalEnd;

/** Receives the header, then each call as it completes, then the end. */
export type JournalSink = (record: JournalRecord) => void;

export function encodedToJson(encoded: Encoded): EncodedJson {
  return { json: encoded.json, tagged: encoded.tagged, side: encoded.side.map((item) => (typeof item === "string" ? item : { b64: base64(item) })) };
}

export function encodedFromJson(value: EncodedJson): Encoded {
  return { json: value.json, tagged: value.tagged, side: value.side.map((item) => (typeof item === "string" ? item : unbase64(item.b64))) };
}

const base64 = (bytes: Uint8Array) => {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const unbase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The journal outcome of a reply, and back. */
export function outcomeOf(reply: HostReplyMessage): CallOutcome {
  if (reply.t === "ok") return { ok: true, value: encodedToJson(reply.value) };
  // Journaled runs are answered in JSON, which the journal keeps (host-calls.ts never sends them binary answers).
  if (reply.t === "bin" || reply.t === "part") throw new Error("a binary answer cannot be journaled");
  if (reply.t === "err") return { ok: false, name: reply.name, message: reply.message };
  return { fatal: reply.code, message: reply.message };
}

export function replyOf(id: number, outcome: CallOutcome): HostReplyMessage {
  if ("fatal" in outcome) return { t: "fatal", id, code: outcome.fatal as never, message: outcome.message };
  if (outcome.ok) return { t: "ok", id, value: encodedFromJson(outcome.value) };
  return { t: "err", id, name: outcome.name, message: outcome.message };
}

/** A journal as JSON Lines (the header first), and back. */
export function journalToLines(journal: Journal): string {
  return [journal.header, ...journal.calls, ...(journal.end ? [journal.end] : [])].map((record) => JSON.stringify(record)).join("\n") + "\n";
}

export function journalFromLines(text: string): Journal | string {
  // An editor's byte order mark is not part of the first record.
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  const records: unknown[] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    try {
      records.push(JSON.parse(line));
    } catch (error) {
      return `the journal is not JSON Lines: line ${i + 1} is not JSON (${(error as Error).message.slice(0, 120)})`;
    }
  }
  if (records.length === 0) return "the journal is empty: pass the file `run({ journal })` (or capsule run --journal) wrote";
  const [header, ...rest] = records as [JournalHeader, ...JournalRecord[]];
  if (rest.some((record) => (record as { type?: unknown } | null)?.type === "run")) return "the journal holds more than one run's header: a journal file holds one run (was one appended to another?)";
  const end = (rest.at(-1) as { type?: unknown } | undefined)?.type === "end" ? (rest.pop() as JournalEnd) : undefined;
  const journal: Journal = { header, calls: rest as JournalCall[], ...(end ? { end } : {}) };
  return journalProblem(journal) ?? journal;
}

/** Answers a replayed run's calls from its journal, in the journal's order. */
export class Replayer {
  private readonly byIndex = new Map<number, JournalCall>();
  /** The answered calls' indexes in the order they are answered (in-flight calls are never answered). */
  private readonly order: number[];
  private answered = 0;
  private readonly waiting = new Map<number, () => void>();
  private readonly end: JournalEnd | undefined;

  constructor(journal: Journal) {
    for (const call of journal.calls) this.byIndex.set(call.index, call);
    this.order = journal.calls.filter((c) => !c.inFlight).map((c) => c.index);
    this.end = journal.end;
  }

  /**
   * The journal's call for the guest's call `index`: undefined to go live (the journal has none, and no end), a
   * divergence to report, or the call with a promise that settles when the calls journaled before it have been
   * answered (at once for a call in flight, which is not answered).
   */
  take(index: number, seen: Pick<JournalCall, "kind" | "target" | "export" | "argsDigest">): undefined | { diverged: string } | { call: JournalCall; turn: Promise<void> } {
    const call = this.byIndex.get(index);
    if (!call) {
      if (!this.end) return undefined;
      return { diverged: `the run made call ${index} (${seen.target} ${seen.export}), which its journal does not have: the journaled run ended (${this.end.ok ? "ok" : this.end.code}) without making it, so a replay does not make it live; replay a journal without its end record to continue a run live` };
    }
    for (const field of ["kind", "target", "export", "argsDigest"] as const) {
      if (call[field] !== seen[field]) {
        return { diverged: `the run diverged from its journal at call ${index}: its ${field} is ${JSON.stringify(seen[field])}, the journal's ${JSON.stringify(call[field])}` };
      }
    }
    if (call.inFlight) return { call, turn: Promise.resolve() };
    const position = this.order.indexOf(index);
    const turn = position <= this.answered ? Promise.resolve() : new Promise<void>((resolve) => this.waiting.set(position, resolve));
    return { call, turn: turn.then(() => this.advance()) };
  }

  /** The journal's calls that the host heard about (answered or in flight): what a suspension carries on. */
  known(): JournalCall[] {
    return [...this.byIndex.values()].filter((call) => call.outcome || call.inFlight);
  }

  /** Which calls wait for their journaled turn, and for which call that this run has not made, if any do. */
  waitingNote(): string | undefined {
    if (this.waiting.size === 0) return undefined;
    const waiters = [...this.waiting.keys()].sort((a, b) => a - b).map((position) => this.order[position]);
    return `call ${waiters.join(", ")} waited for its journaled turn after call ${this.order[this.answered]}, which this run never made: the journal's order does not fit this run (calls made one after another cannot answer out of order)`;
  }

  private advance(): void {
    this.answered++;
    this.waiting.get(this.answered)?.();
    this.waiting.delete(this.answered);
  }
}

/** Hashes parts (strings as UTF-8, bytes as they are) into one hex sha256: a host power (node:crypto in Node). */
export type PartsDigest = (parts: ReadonlyArray<string | Uint8Array>) => string;

/** The digest of an encoded value: its JSON and every sidecar item. */
export const digestEncoded = (digest: PartsDigest, encoded: Encoded) => digest([encoded.json, encoded.tagged ? "1" : "0", ...encoded.side]);

/** What a call record holds, in bytes near enough: its answer's JSON and sidecar, and its fields. */
export function callRecordBytes(call: JournalCall): number {
  let bytes = 200 + call.target.length + call.export.length + (call.policy?.reason?.length ?? 0);
  const outcome = call.outcome;
  if (!outcome) return bytes;
  if ("fatal" in outcome || !outcome.ok) return bytes + outcome.message.length;
  bytes += outcome.value.json.length;
  for (const item of outcome.value.side) bytes += typeof item === "string" ? item.length : item.b64.length;
  return bytes;
}

/**
 * Collects a run's journal and streams each record to the sink as it completes, holding the records to `maxBytes`
 * (limits.journalBytes) together: a record that would pass it is not kept, and record() says so.
 */
export class JournalRecorder {
  readonly calls: JournalCall[] = [];
  private bytes = 0;

  constructor(readonly header: JournalHeader, private readonly sink?: JournalSink, private readonly maxBytes = Infinity) {
    this.emit(header);
  }

  /** Keeps `call` and streams it; false (nothing kept) when it would pass maxBytes, unless `always`. */
  record(call: JournalCall, always = false): boolean {
    const bytes = callRecordBytes(call);
    if (!always && this.bytes + bytes > this.maxBytes) return false;
    this.bytes += bytes;
    this.calls.push(call);
    this.emit(call);
    return true;
  }

  private ended: JournalEnd | undefined;

  finish(end: JournalEnd): void {
    this.ended = end;
    this.emit(end);
  }

  journal(): Journal {
    return { header: this.header, calls: [...this.calls], ...(this.ended ? { end: this.ended } : {}) };
  }

  private emit(record: JournalRecord): void {
    try {
      this.sink?.(record);
    } catch {
      // A sink that throws must not change the run; the journal on the result stays whole.
    }
  }
}

/** The call a suspended run was waiting on: who suspended it and why, and its arguments (to show a person). */
export interface PendingCall {
  index: number;
  kind: CallKind;
  target: string;
  export: string;
  argsDigest: string;
  args: EncodedJson;
  by: "policy" | "tool";
  reason: string;
}
