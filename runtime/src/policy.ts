// Owns the policy gate: a hook consulted before every host-function, host-module and wasm call, with the call's
// name and arguments; it may be async, and answers allow or deny with a reason. Also owns marking host functions
// side-effecting, and the default policy that denies side-effecting calls unless they were granted by name.

import type { CallKind } from "./events.js";

export interface PolicyCall {
  runId: string;
  kind: CallKind;
  /** "users.find" for host functions; the host id and export for modules ("capsule.csv", "parse"). */
  target: string;
  export: string;
  args: readonly unknown[];
  /** True for a host function marked side-effecting (see sideEffecting()). */
  sideEffects: boolean;
}

/**
 * Allow, deny with a reason, or suspend: the run ends at once with a suspended result (its journal and this pending
 * call) and holds nothing; resume(suspended, answer) continues it later — another sandbox, process or machine.
 */
export type PolicyDecision = { allow: true } | { allow: false; reason: string } | { suspend: string };
export type Policy = (call: PolicyCall) => PolicyDecision | Promise<PolicyDecision>;

const SIDE_EFFECTS = Symbol.for("capsule.sideEffects");
const DESCRIPTION = Symbol.for("capsule.description");
const PAUSES_WALL = Symbol.for("capsule.pausesWallClockMs");
/** The longest a host function may hold the wall clock paused (the same ceiling as a policy's wait). */
export const MAX_PAUSED_WAIT_MS = 3_600_000;

/** How long a call of `fn` may hold the run's wall clock paused, when it was described so. */
export function pausedWaitMs(fn: unknown): number | undefined {
  return typeof fn === "function" ? ((fn as unknown as Record<symbol, number | undefined>)[PAUSES_WALL]) : undefined;
}

export interface HostFunctionInfo {
  /** The function changes something outside the run (sends, writes, charges): the default policy denies it unless granted. */
  sideEffects?: boolean;
  /** One line for generated docs. */
  description?: string;
  /** A TypeScript-like signature for generated docs, e.g. "(id: number) => Promise<User>". */
  signature?: string;
  /**
   * The call waits on something that is not the guest's doing (a person, a long external action): the run's wall clock
   * is paused while it is awaited, for at most this many ms (ceiling 3,600,000), after which the call fails in the guest.
   */
  pausesWallClockMs?: number;
}

/** Marks a host function with what the policy and the docs should know about it; returns the same function. */
export function describeHostFunction<F extends (...args: never[]) => unknown>(fn: F, info: HostFunctionInfo): F {
  Object.defineProperty(fn, SIDE_EFFECTS, { value: info.sideEffects === true });
  Object.defineProperty(fn, DESCRIPTION, { value: { description: info.description, signature: info.signature } });
  if (info.pausesWallClockMs !== undefined) {
    const ms = info.pausesWallClockMs;
    if (!Number.isInteger(ms) || ms < 1 || ms > MAX_PAUSED_WAIT_MS) throw new TypeError(`describeHostFunction: pausesWallClockMs must be an integer from 1 to ${MAX_PAUSED_WAIT_MS}, got ${String(ms)}`);
    Object.defineProperty(fn, PAUSES_WALL, { value: ms });
  }
  return fn;
}

/** Shorthand: describeHostFunction(fn, { sideEffects: true, description }). */
export function sideEffecting<F extends (...args: never[]) => unknown>(fn: F, description?: string): F {
  return describeHostFunction(fn, { sideEffects: true, description });
}

export function isSideEffecting(fn: unknown): boolean {
  return typeof fn === "function" && (fn as unknown as Record<symbol, unknown>)[SIDE_EFFECTS] === true;
}

export function hostFunctionInfo(fn: unknown): { description?: string; signature?: string } {
  return (typeof fn === "function" && ((fn as unknown as Record<symbol, unknown>)[DESCRIPTION] as { description?: string; signature?: string })) || {};
}

/** The grants a defaultPolicy was made with, so a run can check what each names (grantProblem). */
const GRANTS = Symbol.for("capsule.grants");

/**
 * Denies side-effecting calls unless granted by name, and allows everything else. A grant names one thing: a host
 * function ("billing.charge"), a tool ("@tools/mail#send", or "@tools/mail.send") or a whole tool module
 * ("@tools/mail#*", or "@tools/mail"). A host function is granted only by a host-function name, a tool only by a tool
 * form; a run whose grants name two things at once is refused before it starts (grantProblem).
 */
export function defaultPolicy(options: { grant?: readonly string[] } = {}): Policy {
  const grants = [...(options.grant ?? [])];
  const granted = new Set(grants);
  const policy: Policy = (call) => {
    if (!call.sideEffects) return { allow: true };
    const name = call.kind === "tool" ? `${call.target}.${call.export}` : call.target;
    const allowed = call.kind === "tool"
      ? granted.has(`${call.target}#${call.export}`) || granted.has(`${call.target}#*`) || granted.has(name) || granted.has(call.target)
      : granted.has(call.target);
    if (allowed) return { allow: true };
    const form = call.kind === "tool" ? `${call.target}#${call.export}` : name;
    return { allow: false, reason: `${name} has side effects and was not granted to this run (grant it by name: defaultPolicy({ grant: ["${form}"] }))` };
  };
  Object.defineProperty(policy, GRANTS, { value: grants });
  return policy;
}

/**
 * Why a defaultPolicy's grants are ambiguous for this run, if they are: a grant that names two of its host functions,
 * tool modules and tools (a tool module "@tools/mail.send" beside the tool send of "@tools/mail"; a host function
 * mail.send beside a tool module "mail.send"). Such a grant would give more than its writer meant.
 */
export function grantProblem(policy: unknown, tools: Readonly<Record<string, Readonly<Record<string, unknown>>>>, hostFunctions: Readonly<Record<string, Readonly<Record<string, unknown>>>>): string | undefined {
  const grants = typeof policy === "function" ? ((policy as unknown as Record<symbol, unknown>)[GRANTS] as string[] | undefined) : undefined;
  for (const grant of grants ?? []) {
    if (grant.includes("#")) continue; // "<module>#<tool>" and "<module>#*" name one thing each
    const named: string[] = [];
    const dot = grant.indexOf(".");
    if (dot > 0 && Object.hasOwn(hostFunctions, grant.slice(0, dot)) && Object.hasOwn(hostFunctions[grant.slice(0, dot)]!, grant.slice(dot + 1))) named.push(`the host function ${grant}`);
    if (Object.hasOwn(tools, grant)) named.push(`the tool module "${grant}"`);
    for (let at = grant.indexOf("."); at > 0; at = grant.indexOf(".", at + 1)) {
      const [module, tool] = [grant.slice(0, at), grant.slice(at + 1)];
      if (Object.hasOwn(tools, module) && Object.hasOwn(tools[module]!, tool)) named.push(`the tool ${tool} of "${module}"`);
    }
    if (named.length > 1) {
      return `the grant "${grant}" names ${named.join(" and ")}; grant a tool as "<module>#<tool>" and a whole tool module as "<module>#*", so that each grant names one thing (or rename one of them)`;
    }
  }
  return undefined;
}
