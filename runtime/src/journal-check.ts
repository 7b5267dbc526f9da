// Owns the shape check of a journal given to replay (or resume): every field the replay reads, so that a tampered or
// damaged journal is refused before anything runs (E_BAD_REQUEST, naming the record and field), not met later as a
// host failure (an outcome without its sidecar was E_INTERNAL), a reply the worker drops (E_NEVER_SETTLES), a call
// waiting forever for a position listed twice, or a run error whose "code" the journal made up. Refuses; nothing else.

import { RUNTIME_CODES, type ErrorCode } from "./errors.js";
import type { CallKind } from "./events.js";
import { JOURNAL_VERSION, type Journal, type JournalHeader } from "./journal.js";

const KINDS: ReadonlySet<string> = new Set<CallKind>(["host-function", "host-module", "wasm", "tool"]);
/**
 * The codes a call's fatal answer can carry (host-calls.ts, local-calls.ts): a journal cannot make a run end as if a
 * limit fired or its sandbox closed (a queue worker takes E_CLOSED as its own sandbox's, and stops taking jobs).
 */
const CALL_FATAL_CODES: ReadonlySet<string> = new Set<ErrorCode>(["E_HOST_DATA_TOO_LARGE", "E_JOURNAL_TOO_LARGE", "E_REPLAY_DIVERGED", "E_INTERNAL"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === "string");

function headerProblem(h: Partial<JournalHeader>): string | undefined {
  if (typeof h.source !== "string" || typeof h.seed !== "number" || typeof h.now !== "number" || typeof h.sourceDigest !== "string" || !isObject(h.modules)) {
    return "replay: the journal's header lacks its source, seed, clock or digests";
  }
  if (typeof h.runId !== "string" || h.runId.length === 0) return "replay: the journal's header has no run id (a string)";
  if (h.filename !== undefined && typeof h.filename !== "string") return "replay: the journal's header has a filename that is not a string";
  if (!Object.values(h.modules).every((digest) => typeof digest === "string")) return "replay: the journal's header lists a module digest that is not a string";
  if (h.allow !== undefined && !strings(h.allow)) return "replay: the journal's header has an allow list that is not an array of strings";
  if (h.runIdSeal !== undefined && typeof h.runIdSeal !== "string") return "replay: the journal's header has a runIdSeal that is not a string";
  return undefined;
}

function outcomeProblem(outcome: unknown): string | undefined {
  if (!isObject(outcome)) return "its outcome is not an object";
  if ("fatal" in outcome) {
    if (typeof outcome.fatal !== "string" || !Object.hasOwn(RUNTIME_CODES, outcome.fatal)) return `its outcome's fatal code ${JSON.stringify(String(outcome.fatal)).slice(0, 60)} is not one of Capsule's codes`;
    if (!CALL_FATAL_CODES.has(outcome.fatal)) return `its outcome's fatal code ${outcome.fatal} is not one a call can end a run with (${[...CALL_FATAL_CODES].join(", ")})`;
    return typeof outcome.message === "string" ? undefined : "its outcome has no message";
  }
  if (outcome.ok === false) return typeof outcome.name === "string" && typeof outcome.message === "string" ? undefined : "its failed outcome lacks a name or message";
  if (outcome.ok !== true) return "its outcome is neither ok, failed nor fatal";
  const value = outcome.value;
  if (!isObject(value) || typeof value.json !== "string" || typeof value.tagged !== "boolean" || !Array.isArray(value.side)) return "its outcome's value lacks its json, tagged or side";
  for (const item of value.side) {
    if (typeof item === "string") continue;
    if (!isObject(item) || typeof item.b64 !== "string" || item.b64.length % 4 !== 0 || !BASE64.test(item.b64)) return "its outcome's value has a sidecar item that is neither a string nor { b64 } in base64";
  }
  return undefined;
}

/** Why `value` is not a journal this runtime can replay, if it is not. */
export function journalProblem(value: unknown): string | undefined {
  const j = value as Partial<Journal> | null;
  if (typeof j !== "object" || j === null || typeof j.header !== "object" || j.header === null || !Array.isArray(j.calls)) return "replay must be a journal: { header, calls }";
  const h = j.header as Partial<JournalHeader>;
  if (h.type !== "run" || h.version !== JOURNAL_VERSION) return `replay: the journal is version ${String(h.version)}; this runtime replays version ${JOURNAL_VERSION}`;
  const header = headerProblem(h);
  if (header) return header;
  const seen = new Set<number>();
  for (const [i, c] of j.calls.entries()) {
    const at = `replay: call record ${i + 1} of the journal`;
    if (!isObject(c) || c.type !== "call" || !Number.isInteger(c.index) || (c.index as number) < 1 || typeof c.target !== "string" || typeof c.export !== "string" || typeof c.argsDigest !== "string") {
      return `${at} is malformed (it needs type "call", an index from 1, target, export and argsDigest)`;
    }
    if (!KINDS.has(c.kind as string)) return `${at} has kind ${JSON.stringify(String(c.kind)).slice(0, 40)}, not one of ${[...KINDS].join(", ")}`;
    if (seen.has(c.index as number)) return `${at} repeats call ${c.index as number} (a journal lists each call once; was the same run appended twice?)`;
    seen.add(c.index as number);
    const policy = c.policy;
    if (policy !== undefined && (!isObject(policy) || typeof policy.allowed !== "boolean" || (policy.reason !== undefined && typeof policy.reason !== "string") || (policy.approval !== undefined && typeof policy.approval !== "string"))) {
      return `${at} has a policy answer that is not { allowed, reason?, approval? }`;
    }
    if (c.inFlight !== undefined && (c.inFlight !== true || c.outcome !== undefined)) return `${at} (call ${c.index as number}) has an inFlight that is not true, or both inFlight and an outcome`;
    if (c.outcome !== undefined) {
      const problem = outcomeProblem(c.outcome);
      if (problem) return `${at} (call ${c.index as number}): ${problem}`;
    }
  }
  const end = j.end as unknown;
  if (end !== undefined && (!isObject(end) || end.type !== "end" || typeof end.ok !== "boolean" || (end.code !== undefined && typeof end.code !== "string"))) {
    return 'replay: the journal\'s end record is not { type: "end", ok, code? }';
  }
  return undefined;
}
