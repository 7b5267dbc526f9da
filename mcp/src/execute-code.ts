// Owns the execute_code tool of the Capsule MCP server: its input schema (code; optional allow, seed, now, limits
// named like the runtime's), the check of requested limits against the server's ceilings, one run on the caller's
// sandbox through the session's lane (fair-runs.ts) with the request's AbortSignal (a client's notifications/cancelled
// ends the run), and the answer: the run's observation (formatObservation) as text content, the whole run result as
// JSON-safe structuredContent, and isError: true when the run failed.
// Refuses limits above the server's ceilings (isError, E_LIMIT_ABOVE_CEILING, before anything runs) and a call past
// its session's queue (E_SESSION_BUSY); what the runtime refuses (E_BAD_LIMIT, E_IMPORT_NOT_ALLOWED, …) comes back as
// the failed run it is.

import { z } from "zod";
import { DEFAULT_LIMITS, LIMIT_ROWS, formatObservation, hintsWithinCaps, type Limits, type RunResult } from "@capsule/runtime";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ceilingProblem } from "./ceilings.js";
import type { SessionRuns } from "./fair-runs.js";
import { jsonSafe } from "./json-safe.js";

/** Longest observation text of one execute_code answer (the whole result is in structuredContent). */
export const OBSERVATION_MAX_CHARS = 20_000;

export const EXECUTE_CODE_DESCRIPTION = [
  "Run a JavaScript or TypeScript program in a fresh, isolated QuickJS sandbox and get back its console output and the value it returns (or its error).",
  "The code is the body of an async function: use top-level await, and `return` the result.",
  "Import the modules list_modules shows with static imports at the top (import { parse } from \"@capsule/yaml\"); tools of connected MCP servers are modules @mcp/<server> whose functions take one input object and return a promise, so one program can call many tools, loop over them and combine their results.",
  "There is no network, filesystem, process or timers; Date and Math.random are deterministic (seed, now).",
].join(" ");

function limitsShape(ceilings: Readonly<Limits>) {
  const shape: Record<string, z.ZodOptional<z.ZodNumber>> = {};
  for (const [name, row] of Object.entries(LIMIT_ROWS)) {
    const unit = row.unit === "count" ? "" : ` ${row.unit}`;
    shape[name] = z.number().int().optional().describe(`${row.doc}; default ${DEFAULT_LIMITS[name as keyof Limits]}${unit}, at most ${ceilings[name as keyof Limits]}${unit} on this server`);
  }
  return shape;
}

export function executeCodeInputSchema(ceilings: Readonly<Limits>) {
  return {
    code: z.string().min(1).describe("The program: JavaScript or TypeScript, the body of an async function (top-level await; `return` the value)."),
    allow: z.array(z.string()).optional().describe("Narrow what the program may import to these specifiers (default: every module list_modules shows)."),
    seed: z.number().int().optional().describe("Seed of Math.random; the result's stats.seed replays a run."),
    now: z.union([z.string(), z.number().int()]).optional().describe("The guest clock's start: an ISO 8601 date or epoch ms; the result's stats.now replays a run."),
    limits: z.object(limitsShape(ceilings)).strict().optional().describe("Run limits to tighten or raise, each within this server's ceiling."),
  };
}

export const executeCodeOutputSchema = z
  .object({
    ok: z.boolean().describe("Whether the program returned (true) or failed (false)."),
    value: z.unknown().optional().describe("The returned value, as JSON (bigint as \"10n\", Map as an object, Set and bytes as arrays)."),
    error: z.object({ code: z.string(), name: z.string(), message: z.string(), guestStack: z.string().optional() }).passthrough().optional(),
    logs: z.array(z.object({ level: z.string(), message: z.string() }).passthrough()).optional(),
    stats: z.record(z.string(), z.unknown()).optional(),
    warnings: z.array(z.object({ code: z.string(), message: z.string() }).passthrough()).optional(),
  })
  .passthrough();

export interface ExecuteCodeInput {
  code: string;
  allow?: string[];
  seed?: number;
  now?: string | number;
  limits?: Partial<Limits>;
}

/** One execute_code call: refuse limits above the ceilings, else run and answer with the observation and the result. */
export async function executeCode(runs: SessionRuns, input: ExecuteCodeInput, ceilings: Readonly<Limits>, signal: AbortSignal | undefined, observationMaxChars = OBSERVATION_MAX_CHARS): Promise<CallToolResult> {
  const over = input.limits ? ceilingProblem(input.limits, ceilings) : undefined;
  if (over) return refusal("E_LIMIT_ABOVE_CEILING", "LimitError", over);
  const taken = runs.enqueue({
    source: input.code,
    ...(input.allow ? { allow: input.allow } : {}),
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    ...(input.now !== undefined ? { now: input.now } : {}),
    ...(input.limits ? { limits: input.limits } : {}),
    ...(signal ? { signal } : {}),
  });
  if (!taken.ok) return refusal(taken.code, "BusyError", taken.message);
  const ran = await taken.result;
  // The runtime's hints name its own ceilings; this server refuses more than its own.
  const result = hintsWithinCaps(ran, ceilings, input.limits);
  return {
    content: [{ type: "text", text: formatObservation(result, { maxChars: observationMaxChars }) }],
    structuredContent: withinAnswerBytes(structuredResult(result)),
    ...(result.ok ? {} : { isError: true }),
  };
}

/** An answer refusing the call before anything ran. */
function refusal(code: string, name: string, message: string): CallToolResult {
  return { content: [{ type: "text", text: `error ${code}: ${message}` }], structuredContent: { ok: false, error: { code, name, message } }, isError: true };
}

/**
 * The most bytes of JSON an answer's structuredContent may take. The SDK's stdio client reads at most 10 MiB a
 * message: a value of 3 Mi control characters (within resultBytes: each is six bytes escaped) or 16 MiB of logs made
 * an answer it could not read, and the client's connection, with every call in flight on it, was lost.
 */
export const STRUCTURED_MAX_BYTES = 8 * 1024 * 1024;

/** `structured` as it is when its JSON fits STRUCTURED_MAX_BYTES, else without its logs, then without its value, saying so. */
function withinAnswerBytes(structured: Record<string, unknown>): Record<string, unknown> {
  const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
  let size = bytes(structured);
  if (size <= STRUCTURED_MAX_BYTES) return structured;
  const note = (what: string) => `the ${what} made this answer ${size} bytes of JSON, over the ${STRUCTURED_MAX_BYTES} one answer may be; the text content shows the start of it`;
  let out = structured;
  if (Array.isArray(out.logs) && out.logs.length > 0) {
    const { logs: _logs, ...rest } = out;
    out = { ...rest, logsOmitted: note("logs") };
    size = bytes(out);
    if (size <= STRUCTURED_MAX_BYTES) return out;
  }
  const { value: _value, ...rest } = out;
  return { ...rest, valueOmitted: note("value") };
}

/**
 * The run's result as plain JSON for structuredContent. A value nested too deeply for JSON.stringify's walk (it
 * recurses; a 9,000-deep chain crosses from the guest whole) is left out with a note, so the run's outcome, stats and
 * logs still reach the client instead of the handler failing with the host's RangeError.
 */
function structuredResult(result: RunResult): Record<string, unknown> {
  try {
    return jsonSafe<Record<string, unknown>>(result);
  } catch (error) {
    if (!(error instanceof RangeError) || !result.ok) throw error;
    const { value: _deep, ...rest } = result;
    return { ...jsonSafe<Record<string, unknown>>(rest), valueOmitted: "the value is nested too deeply to give as JSON; the text content shows it to 64 levels" };
  }
}
