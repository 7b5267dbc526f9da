// Owns tool modules: a belt of named tools an application (or an MCP server, through @capsule/mcp) gives a run, each
// importable like any module (`import { search } from "@tools/web"`) through a facade generated in memory over the
// private bridge. A call is validated against the tool's input JSON Schema before the tool runs (in the guest's worker,
// tool-input.ts, whose verdict the host takes), its result checked to cross and against the output schema, and the
// tool gets a context (an AbortSignal aborted when the run ends, the run id, the call's index, an idempotency key).
// Validation is @cfworker/json-schema: no code generation, so it also runs in a page under a strict CSP (ajv compiles
// validators with new Function).
// Refuses a malformed belt (E_BAD_REQUEST; a schema past tool-schema-size.ts's bounds among them), a call whose arguments do not fit (E_TOOL_INPUT_INVALID, naming the path
// and what was expected), a result that cannot cross or does not fit (E_TOOL_RESULT_INVALID, E_TOOL_OUTPUT_INVALID).

import { BRIDGE_DIGEST, BRIDGE_SOURCE, BRIDGE_SPECIFIER, facadeSource } from "./bridge.js";
import type { HostCallTarget } from "./host-calls.js";
import type { ModuleResolver, ResolvedModule } from "./resolver.js";
import { inputProblem, schemaProblem, toolInputProblem, type JsonSchema } from "./tool-input.js";
import { TOOL_HOST_PREFIX } from "./protocol.js";
import { schemaSizeProblem } from "./tool-schema-size.js";

export type { JsonSchema };

export interface ToolContext {
  /** Aborted when the run ends, for any reason: stop the work and let the call fail. */
  signal: AbortSignal;
  runId: string;
  /** The call's index among the run's host calls (from 1). */
  callIndex: number;
  /** runId:callIndex — the same for the same call when a journaled run is replayed, so a tool can make it once. */
  idempotencyKey: string;
}

export interface Tool {
  /** What the tool does; its first sentence goes into the prompt's reference. */
  description: string;
  /** JSON Schema of the one argument the guest passes (an object, usually). */
  inputSchema: JsonSchema;
  /** JSON Schema of the result, checked when given. */
  outputSchema?: JsonSchema;
  /** The tool changes something outside the run (sends, writes, charges): the default policy denies it unless granted. */
  sideEffects?: boolean;
  handler(input: any, context: ToolContext): unknown;
}

/** Tools by name. */
export type ToolModule = Readonly<Record<string, Tool>>;
/** Tool modules by specifier ("@tools/web"). */
export type ToolBelt = Readonly<Record<string, ToolModule>>;

export { TOOL_HOST_PREFIX };
export const isToolHostId = (id: string) => id.startsWith(TOOL_HOST_PREFIX);

const SPECIFIER = /^(?:@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9._-]+)*$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED_NAMES = new Set(["default", "constructor", "__proto__", "prototype", "then"]);

/** Why `belt` cannot be given to a run, if it cannot. */
export function beltProblem(belt: unknown): string | undefined {
  if (typeof belt !== "object" || belt === null) return "tools must be an object of tool modules by specifier";
  for (const [specifier, tools] of Object.entries(belt)) {
    if (!SPECIFIER.test(specifier)) return `tool module "${specifier.slice(0, 80)}" is not a module specifier like "@tools/web"`;
    if (typeof tools !== "object" || tools === null || Object.keys(tools).length === 0) return `tool module "${specifier}" must be an object of one or more tools`;
    for (const [name, tool] of Object.entries(tools as Record<string, Tool>)) {
      const where = `tool ${specifier} ${name.slice(0, 80)}`;
      if (!IDENTIFIER.test(name) || RESERVED_NAMES.has(name)) return `${where}: a tool name must be an identifier (not default, then, constructor, __proto__)`;
      if (typeof tool?.handler !== "function") return `${where}: handler must be a function`;
      if (typeof tool.description !== "string") return `${where}: description must be a string`;
      if (!isSchema(tool.inputSchema) || (tool.outputSchema !== undefined && !isSchema(tool.outputSchema))) return `${where}: inputSchema (and outputSchema, when given) must be JSON Schemas`;
      for (const which of ["inputSchema", "outputSchema"] as const) {
        const problem = schemaSizeProblem(tool[which]);
        if (problem) return `${where}: ${which} cannot be used: ${problem}`;
      }
    }
  }
  return undefined;
}

const isSchema = (s: unknown) => typeof s === "boolean" || (typeof s === "object" && s !== null && !Array.isArray(s));

/**
 * The resolver of a run's tool modules, in front of its other modules: each tool module resolves to its facade (only
 * from the main module, and only when `allow` does not leave it out), and the bridge to those facades alone.
 */
export function toolResolver(belt: ToolBelt, allow: readonly string[] | undefined, mainName: string, behind: ModuleResolver | undefined): ModuleResolver & { refusal?: string } {
  const facades = new Map<string, ResolvedModule>();
  const front: ModuleResolver & { refusal?: string } = {
    resolve(specifier, referrer) {
      if (specifier === BRIDGE_SPECIFIER && facades.has(referrer)) return { specifier, source: BRIDGE_SOURCE, digest: BRIDGE_DIGEST };
      const tools = Object.prototype.hasOwnProperty.call(belt, specifier) ? belt[specifier] : undefined;
      if (!tools) return behind ? behind.resolve(specifier, referrer) : undefined;
      if (referrer !== mainName) return undefined;
      if (allow && !allow.includes(specifier)) {
        front.refusal = `cannot import "${specifier}": it is a tool module of this sandbox but not allowed for this run (allowed: ${allow.join(", ") || "none"})`;
        return undefined;
      }
      let facade = facades.get(specifier);
      if (!facade) {
        const source = facadeSource(`${TOOL_HOST_PREFIX}${specifier}`, Object.keys(tools), `tool module ${specifier}`);
        facade = { specifier, source, host: { id: `${TOOL_HOST_PREFIX}${specifier}`, pack: specifier } };
        facades.set(specifier, facade);
      }
      return facade;
    },
  };
  return front;
}

class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/**
 * Where `value` holds something that cannot cross as data (a function, a symbol, a cycle), if it does. An object
 * found clean is not walked again (`clean`): a result whose parts share subtrees (24 levels of { l: v, r: v }) held the
 * host's main thread 11.4 s when each path walked them anew.
 */
function uncrossable(value: unknown, path = "", onPath = new Set<object>(), clean = new WeakSet<object>()): string | undefined {
  if (typeof value === "function") return `a function at ${path || "the top"}`;
  if (typeof value === "symbol") return `a symbol at ${path || "the top"}`;
  if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return undefined;
  if (clean.has(value)) return undefined;
  if (onPath.has(value)) return `a cycle at ${path || "the top"}`;
  onPath.add(value);
  const entries = value instanceof Map ? [...value] : value instanceof Set ? [...value].map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = uncrossable(item, `${path}.${String(key)}`, onPath, clean); // dotted: "/b/c" would read as a host path, scrubbed
    if (found) return found;
  }
  onPath.delete(value);
  clean.add(value);
  return undefined;
}

/** uncrossable, or that the value is nested too deeply to look through (its walk recurses). */
function crossingProblem(value: unknown): string | undefined {
  try {
    return uncrossable(value);
  } catch (error) {
    if (error instanceof RangeError) return "a value nested too deeply to look through";
    throw error;
  }
}

/**
 * What a call of tool `name` of `specifier` does: validate, run with its context, check the result. `checked` is the
 * verdict of the guest's worker on the input (tool-input.ts), taken instead of checking here when the worker made one;
 * `maxResultValues` bounds what the output check reads (a result past it could not cross anyway).
 */
export function toolTarget(
  specifier: string,
  name: string,
  tool: Tool,
  context: Omit<ToolContext, "callIndex" | "idempotencyKey">,
  callIndex: number,
  checked?: { problem?: string },
  checkSchema: SchemaCheck = inlineSchemaCheck,
  maxResultValues = Infinity,
): HostCallTarget {
  const label = `${specifier} ${name}`;
  return async (args) => {
    const problem = checked ? checked.problem : await hostInputProblem(label, tool.inputSchema, args, context.signal, checkSchema);
    if (problem) throw new ToolError("E_TOOL_INPUT_INVALID", problem);
    const input = args.length === 0 ? {} : args[0];
    const result = await tool.handler(input, { ...context, callIndex, idempotencyKey: `${context.runId}:${callIndex}` });
    const bad = crossingProblem(result);
    if (bad) throw new ToolError("E_TOOL_RESULT_INVALID", `${label} returned ${bad}, which cannot cross to the guest`);
    if (tool.outputSchema !== undefined) {
      const off = await checkSchema(tool.outputSchema, result, context.signal, maxResultValues);
      if (off) throw new ToolError("E_TOOL_OUTPUT_INVALID", `${label} returned a result that does not fit its output schema ${off}`);
    }
    return result;
  };
}

/**
 * Checks `value` against a tool's schema on the host: the first problem (schemaProblem's form) or undefined. The
 * host's power (RunPowers.checkSchema) makes it where a backtracking pattern cannot hold up the host's thread.
 */
export type SchemaCheck = (schema: JsonSchema, value: unknown, signal: AbortSignal, maxValues?: number) => Promise<string | undefined>;

/** The check made on the calling thread: a host without a worker for it (the browser runner's page). */
const inlineSchemaCheck: SchemaCheck = async (schema, value, _signal, maxValues) => schemaProblem(schema, value, maxValues);

/** toolInputProblem, made by the host (the guest's worker gave no verdict), through `checkSchema`. */
async function hostInputProblem(label: string, schema: JsonSchema, args: readonly unknown[], signal: AbortSignal, checkSchema: SchemaCheck): Promise<string | undefined> {
  if (args.length > 1) return toolInputProblem(label, schema, args);
  return inputProblem(label, await checkSchema(schema, args.length === 0 ? {} : args[0], signal));
}
