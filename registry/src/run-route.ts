// Owns the HTTP half of POST /run on the catalog server: reading the body under a byte cap, checking it is JSON of
// the shape { source, inputs?, seed?, now?, limits? }, a cap on runs in flight, aborting a run whose client went
// away, and mapping refusals to stable codes and HTTP statuses. What a run is (the sandbox, the token's packs and
// limits, the operator's ceilings) is the embedder's `RunHandler` (`capsule serve` passes one).
// Refuses a body that is not application/json (415 run-not-json), too large (413 run-body-too-large), not the shape
// (400 run-body-invalid), a limit above a ceiling (403 run-limit-above-ceiling, from the handler), a run beyond
// the in-flight cap (503 run-busy, with Retry-After), and a run beyond one token's share of it (429 run-token-busy):
// one client holding every place locked every other client out.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServeCode } from "./codes.js";

/** Default cap of a POST /run body: a program and its inputs, not a data set. */
export const RUN_BODY_MAX_BYTES = 1024 * 1024;
/** Default cap of runs in flight on one server; the sandbox queues them behind its workers. */
export const RUN_MAX_IN_FLIGHT = 16;
/** Seconds a client is told to wait after run-busy. */
const RUN_BUSY_RETRY_S = 1;

/** What a POST /run body may hold. */
export interface RunBody {
  source: string;
  inputs?: unknown;
  seed?: number;
  now?: string | number;
  limits?: Readonly<Record<string, number>>;
}

/** What a token grants: pack patterns and, optionally, the most each run limit may be under it. */
export interface Grant {
  packs: readonly string[];
  limits?: Readonly<Record<string, number>>;
}

/** `text`: the body already as JSON (a handler that measured it need not have it stringified twice). */
export type RunAnswer = { ok: true; body: unknown } | { ok: true; text: string } | { ok: false; code: ServeCode; message: string };
export type RunHandler = (body: RunBody, grant: Grant, signal: AbortSignal) => Promise<RunAnswer>;

export interface RunRouteOptions {
  handler: RunHandler;
  maxBodyBytes?: number;
  maxInFlight?: number;
  /** Runs in flight at once under one token (default: half of maxInFlight, rounded up). */
  maxInFlightPerToken?: number;
}

/** One token's default share of the in-flight places: whatever it sends, half of them stay for the others. */
export const perTokenShare = (maxInFlight: number) => Math.max(1, Math.ceil(maxInFlight / 2));

/** HTTP status of each refusal POST /run can give. */
export const RUN_STATUS: Partial<Record<ServeCode, number>> = {
  "run-not-json": 415,
  "run-body-too-large": 413,
  "run-body-invalid": 400,
  "run-limit-above-ceiling": 403,
  "run-busy": 503,
  "run-token-busy": 429,
};

const FIELDS = new Set(["source", "inputs", "seed", "now", "limits"]);

/** Why `value` is not a RunBody, or undefined when it is one. */
export function runBodyProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "the body must be a JSON object { source, inputs?, seed?, now?, limits? }";
  const body = value as Record<string, unknown>;
  const unknown = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (unknown.length) return `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 40))).join(", ")}; the fields are source, inputs, seed, now, limits`;
  if (typeof body.source !== "string" || body.source.length === 0) return "source must be a non-empty string (the program: JavaScript or TypeScript)";
  if (body.seed !== undefined && !Number.isSafeInteger(body.seed)) return "seed must be an integer";
  if (body.now !== undefined && typeof body.now !== "string" && !Number.isSafeInteger(body.now)) return "now must be an ISO 8601 date or epoch milliseconds";
  if (body.limits !== undefined) {
    if (typeof body.limits !== "object" || body.limits === null || Array.isArray(body.limits)) return "limits must be an object of limit name → integer";
    const bad = Object.entries(body.limits).find(([, v]) => !Number.isSafeInteger(v));
    if (bad) return `limits.${bad[0].slice(0, 40)} must be an integer`;
  }
  return undefined;
}

/**
 * The body's text, the refusal when it passes `max` bytes (reading stops there; the rest is not buffered), or
 * "aborted" when the client went (or Node's requestTimeout ended a trickled body) before its end: nothing to answer.
 */
function readBody(req: IncomingMessage, max: number): Promise<string | "too-large" | "aborted"> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > max) return resolve("too-large");
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners("data");
        req.resume(); // drain without keeping it, so the 413 can be written
        resolve("too-large");
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    // A rejection here was unhandled, and ended the whole server (Node exits on one): one client took every run down.
    req.on("error", () => resolve("aborted"));
    req.on("close", () => resolve("aborted")); // after "end" this changes nothing: a promise settles once
  });
}

export function createRunRoute(options: RunRouteOptions) {
  const maxBody = options.maxBodyBytes ?? RUN_BODY_MAX_BYTES;
  const maxInFlight = options.maxInFlight ?? RUN_MAX_IN_FLIGHT;
  const perToken = options.maxInFlightPerToken ?? perTokenShare(maxInFlight);
  let inFlight = 0;
  /** Runs in flight by token (a token's entry goes when its last run ends). */
  const byToken = new Map<string, number>();
  type Send = (res: ServerResponse, status: number, body: string, headers?: Record<string, string>) => void;

  /** `token`: the caller's bearer token, whose share of the places is bounded (undefined: a server without tokens). */
  return async function serveRun(req: IncomingMessage, res: ServerResponse, grant: Grant, send: Send, token?: string): Promise<void> {
    const refuse = (code: ServeCode, message: string, headers: Record<string, string> = {}) =>
      send(res, RUN_STATUS[code] ?? 400, JSON.stringify({ code, message }), { ...headers, connection: "close" });
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") return refuse("run-not-json", "send the body as JSON with Content-Type: application/json");
    /** Answers run-busy or run-token-busy when there is no place for this run; whether it did. */
    const refusedBusy = (): boolean => {
      const mine = token === undefined ? 0 : (byToken.get(token) ?? 0);
      if (inFlight >= maxInFlight) refuse("run-busy", `this server runs at most ${maxInFlight} programs at once; retry in a moment`, { "retry-after": String(RUN_BUSY_RETRY_S) });
      else if (mine >= perToken) refuse("run-token-busy", `this token already runs ${mine} programs, the most one token may run at once here; await their answers before sending more`, { "retry-after": String(RUN_BUSY_RETRY_S) });
      else return false;
      return true;
    };
    // Busy before the body is read: a hundred held 1 MB uploads were each read and parsed only to be told run-busy.
    if (refusedBusy()) return;
    const text = await readBody(req, maxBody);
    if (text === "aborted") return void res.destroy();
    if (text === "too-large") return refuse("run-body-too-large", `the body is larger than this server's cap of ${maxBody.toLocaleString("en-US")} bytes; send a smaller program or inputs`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse("run-body-invalid", "the body is not valid JSON");
    }
    const problem = runBodyProblem(parsed);
    if (problem) return refuse("run-body-invalid", problem);
    if (refusedBusy()) return; // the places may have filled while the body was read
    inFlight++;
    if (token !== undefined) byToken.set(token, (byToken.get(token) ?? 0) + 1);
    // A client that disconnects before its answer ends its run (E_CANCELLED) instead of leaving it to its limits.
    const controller = new AbortController();
    const onClose = () => {
      if (!res.writableEnded) controller.abort();
    };
    res.once("close", onClose);
    try {
      const answer = await options.handler(parsed as RunBody, grant, controller.signal);
      if (!answer.ok) return refuse(answer.code, answer.message);
      if (!controller.signal.aborted) send(res, 200, "text" in answer ? answer.text : JSON.stringify(answer.body), { "cache-control": "no-store" });
    } finally {
      inFlight--;
      if (token !== undefined) {
        const left = byToken.get(token)! - 1;
        if (left === 0) byToken.delete(token);
        else byToken.set(token, left);
      }
      res.off("close", onClose);
    }
  };
}
