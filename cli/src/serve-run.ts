// Owns what POST /run of `capsule serve` runs: a program under the caller's token — only the packs it grants, each
// limit within the token's limits and the operator's ceilings (--ceiling; the MCP server's tighter defaults) — on one
// sandbox over the served catalog and the shipped host modules (so host packs such as @capsule/csv run too), and
// the answer: { ok, error?, result } with the whole RunResult in the runtime's codec JSON form (encodeValue +
// encodedToJson: bigint, Map, Set, Date and bytes survive; a plain result is JSON.parse(result.json).v).
// Refuses a requested limit above the token's limit or the operator's ceiling (run-limit-above-ceiling, before
// anything runs); what the runtime refuses (E_BAD_LIMIT, an import the token does not grant) is the failed run it is.
// The sandbox starts on the first run; a recompiled catalog gets a new one and the old one closes once idle.

import type { Catalog } from "@capsule/compiler";
import { parseCeilings } from "./ceilings.js";
import { DEFAULT_LIMITS, LIMIT_CEILINGS, createSandbox, encodeValue, encodedToJson, type Limits, type RunResult, type Sandbox } from "@capsule/runtime";
import type { Grant, RunAnswer, RunBody, RunHandler } from "@capsule/registry";
import { catalogDispatcher } from "./run-catalog.js";
import { packGranted, serverView } from "./serve-view.js";

type LimitName = keyof Limits;
const LIMIT_NAMES = Object.keys(LIMIT_CEILINGS) as LimitName[];

/** --ceiling name=value entries as the operator's ceilings, or the message that says which one is wrong. */
export const parseServeCeilings = parseCeilings;

/** Why a token's limits are not limit name → non-negative integer, or undefined when they are. */
export function tokenLimitsProblem(limits: unknown): string | undefined {
  if (typeof limits !== "object" || limits === null || Array.isArray(limits)) return "limits must be an object of limit name → integer";
  for (const [name, value] of Object.entries(limits)) {
    if (!(LIMIT_NAMES as string[]).includes(name)) return `unknown limit "${name}" (known: ${LIMIT_NAMES.join(", ")})`;
    if (!Number.isSafeInteger(value) || (value as number) < 0) return `limits.${name} must be a non-negative integer`;
  }
  return undefined;
}

/** Each limit's cap under `grant`: min(the token's limit, the operator's ceiling). */
function capsFor(grant: Grant, ceilings: Readonly<Limits>): Record<LimitName, number> {
  return Object.fromEntries(LIMIT_NAMES.map((name) => {
    const token = grant.limits?.[name];
    return [name, token !== undefined ? Math.min(token, ceilings[name]) : ceilings[name]];
  })) as Record<LimitName, number>;
}

/**
 * The limits a run gets under `grant`, or the refusal: every requested limit at most min(token, operator); a limit not
 * requested is the runtime's default, lowered to that cap when the cap is below it (a token's limits hold for every run).
 */
export function limitsFor(requested: Readonly<Record<string, number>> = {}, grant: Grant, ceilings: Readonly<Limits>): { ok: true; limits: Record<string, number> } | { ok: false; message: string } {
  const over: string[] = [];
  const limits: Record<string, number> = { ...requested };
  const caps = capsFor(grant, ceilings);
  for (const name of LIMIT_NAMES) {
    const operator = ceilings[name];
    const token = grant.limits?.[name];
    const cap = caps[name];
    const asked = requested[name];
    if (asked !== undefined) {
      if (asked > cap) over.push(`limits.${name} = ${asked.toLocaleString("en-US")} is above ${token !== undefined && token <= operator ? "this token's limit" : "this server's ceiling"} of ${cap.toLocaleString("en-US")}`);
    } else if (cap < DEFAULT_LIMITS[name]) limits[name] = cap;
  }
  if (over.length) return { ok: false, message: `${over.join("; ")}. Ask for at most that, or have the operator raise it (the token's limits in the tokens file, or capsule serve --ceiling <limit>=<value>).` };
  return { ok: true, limits };
}

/** The longest answer text of a run: twice its resultBytes and logBytes, plus room for stats and the error. */
export function answerCap(limits: Readonly<Record<string, number>>): number {
  return 2 * ((limits.resultBytes ?? DEFAULT_LIMITS.resultBytes) + (limits.logBytes ?? DEFAULT_LIMITS.logBytes)) + 64 * 1024;
}

/** The answer of a run whose result cannot be given: the error, with the run's stats. */
function failedAnswer(result: RunResult, code: string, message: string): RunAnswer {
  const error = { code, name: "Error", message };
  const fallback = encodeValue({ ok: false, error, logs: [], stats: result.stats });
  return { ok: true, body: { ok: false, error, result: fallback.ok ? encodedToJson(fallback.encoded) : undefined } };
}

interface Generation {
  catalog: Catalog;
  sandbox?: Sandbox;
  dispatcher?: ReturnType<typeof catalogDispatcher>;
  running: number;
  retired: boolean;
}

export interface ServeRunner {
  handler: RunHandler;
  setCatalog(catalog: Catalog): void;
  close(): Promise<void>;
}

export function serveRunner(catalog: Catalog, ceilings: Readonly<Limits>): ServeRunner {
  let current: Generation = { catalog, running: 0, retired: false };
  const closeIdle = (g: Generation) => {
    if (g.retired && g.running === 0) return Promise.allSettled([g.sandbox?.close(), g.dispatcher?.close()]).then(() => undefined);
    return Promise.resolve();
  };
  const started = (g: Generation): Sandbox => {
    if (!g.sandbox) {
      g.dispatcher = catalogDispatcher(g.catalog);
      // Workers start with the first run, not with the server: a catalog-only `capsule serve` spawns none.
      g.sandbox = createSandbox({ catalog: g.catalog, hostModules: g.dispatcher, minWorkers: 0 });
    }
    return g.sandbox;
  };

  async function handler(body: RunBody, grant: Grant, signal: AbortSignal): Promise<RunAnswer> {
    const limits = limitsFor(body.limits, grant, ceilings);
    if (!limits.ok) return { ok: false, code: "run-limit-above-ceiling", message: limits.message };
    const g = current;
    const allow = g.catalog.modules.filter((m) => packGranted(grant.packs, m.pack)).map((m) => m.specifier);
    g.running++;
    let result: RunResult;
    try {
      result = await started(g).run({
        source: body.source,
        allow,
        limits: limits.limits,
        signal,
        ...(body.inputs !== undefined ? { inputs: body.inputs } : {}),
        ...(body.seed !== undefined ? { seed: body.seed } : {}),
        ...(body.now !== undefined ? { now: body.now } : {}),
      });
    } finally {
      g.running--;
      void closeIdle(g);
    }
    result = serverView(result, grant.packs, { caps: capsFor(grant, ceilings), used: limits.limits });
    const encoded = encodeValue(result);
    // A result has already crossed the boundary once, so it encodes; the fallback keeps the answer honest if not.
    if (!encoded.ok) return failedAnswer(result, "E_RESULT_UNSERIALIZABLE", `the run's result cannot be encoded: ${encoded.message}`);
    const text = JSON.stringify({ ok: result.ok, ...(result.ok ? {} : { error: result.error }), result: encodedToJson(encoded.encoded) });
    // The codec's JSON is escaped again in the answer's: a value of control characters grew sixfold past resultBytes,
    // and sixteen runs in flight held ~1.8 GB of answers in the server. The answer is held to a multiple of the run's own caps.
    const cap = answerCap(limits.limits);
    if (text.length > cap) {
      return failedAnswer(result, "E_RESULT_TOO_LARGE", `the run's answer is ${text.length.toLocaleString("en-US")} characters as JSON, over this server's ${cap.toLocaleString("en-US")} (twice the run's resultBytes and logBytes); return less, or fewer control characters (each is six when escaped)`);
    }
    return { ok: true, text };
  }

  return {
    handler,
    setCatalog(next) {
      const old = current;
      old.retired = true;
      current = { catalog: next, running: 0, retired: false };
      void closeIdle(old);
    },
    async close() {
      // Stopping the server ends runs in flight (E_CLOSED) rather than waiting for their limits.
      current.retired = true;
      current.running = 0;
      await closeIdle(current);
    },
  };
}
