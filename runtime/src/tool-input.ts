// Owns checking a tool call's input against the tool's input JSON Schema, and where that check runs. A schema's
// `pattern`s run in V8's backtracking regex engine, and the guest chooses the input: `^(a+)+$` against forty a's and
// a b held the host's main thread for 275 s, every run of the process with it. So the check is made in the guest's
// own worker (guest-calls.ts), charged to the run's CPU like its guest work — a runaway check is stopped with the run
// by the host's watchdog, and harms no other run — and the host takes the worker's verdict (HostCallMessage.input).
// The worker loads this file only for a run that imports tools (guest-calls.ts prepareToolInputs), so the validator
// (~50 KB) is evaluated only by workers that need it.
// Refuses an input that does not fit, and one nested too deeply to check, naming where and why.

import { Validator, type Schema } from "@cfworker/json-schema";

export type JsonSchema = Record<string, unknown> | boolean;

/** Tools' input schemas as JSON text, by host id ("tool:@tools/web") and tool name, for the worker. */
export type ToolInputSchemas = Record<string, Record<string, string>>;

const validators = new WeakMap<object, Validator>();
const booleanValidators = new Map<boolean, Validator>();
/** The worker's validators by schema text: a run's schemas arrive as text, and runs of one belt share them. */
const parsedValidators = new Map<string, Validator>();
const PARSED_KEPT = 256;

function validatorFor(schema: JsonSchema): Validator {
  if (typeof schema === "boolean") {
    let validator = booleanValidators.get(schema);
    if (!validator) booleanValidators.set(schema, (validator = new Validator(schema, "7", false)));
    return validator;
  }
  let validator = validators.get(schema);
  if (!validator) {
    const draft = typeof schema.$schema === "string" && schema.$schema.includes("2020-12") ? "2020-12" : "7";
    validators.set(schema, (validator = new Validator(schema as Schema, draft, false)));
  }
  return validator;
}

function validatorForText(text: string): Validator {
  let validator = parsedValidators.get(text);
  if (!validator) {
    if (parsedValidators.size >= PARSED_KEPT) parsedValidators.delete(parsedValidators.keys().next().value!);
    validator = validatorFor(JSON.parse(text) as JsonSchema);
    parsedValidators.set(text, validator);
  }
  return validator;
}

/** Not JSON, found while reading a value as JSON: where and what. */
class NotJson {
  constructor(readonly problem: string) {}
}

/** Objects the validator reads as they are (it types them as objects and looks at no property). */
function opaque(value: object): boolean {
  return value instanceof Date || value instanceof Map || value instanceof Set || ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof RegExp;
}

/**
 * `value` as JSON reads it, which is what a schema describes: properties that are undefined are left out, and
 * undefined or a hole in an array is null (JSON.stringify's rule; the validator throws on an undefined instance, and
 * the check must judge `{ q, limit: undefined }` as `{ q }`, not fail). A bigint has no JSON form: NotJson.
 */
function jsonMeaning(value: unknown, path: string, budget: { left: number; most: number }): unknown {
  // A copy is made at every place an object is reached, as JSON writes it: past the budget, no check is made.
  if (--budget.left < 0) throw new NotJson(`at /: the value holds more than ${budget.most} values written out as JSON, too many to check (return less data)`);
  if (typeof value === "bigint") throw new NotJson(`at ${path || "/"}: a bigint is not a JSON value (pass a number or a string)`);
  if (typeof value !== "object" || value === null || opaque(value)) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = value[i] === undefined ? null : jsonMeaning(value[i], `${path}/${i}`, budget);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) Object.defineProperty(out, key, { value: jsonMeaning(item, `${path}/${key}`, budget), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The first problem of `value` against `schema` (or its JSON text), as "at /path: what was expected", or undefined.
 * `maxValues` bounds the values the check reads, counted as JSON writes them (an object at many places at each):
 * a host value reusing one object at 26 levels is 2^26 of them, and the copy held the main thread past 100 s.
 */
export function schemaProblem(schema: JsonSchema | string, value: unknown, maxValues = Infinity): string | undefined {
  let result;
  try {
    const validator = typeof schema === "string" ? validatorForText(schema) : validatorFor(schema);
    result = validator.validate(value === undefined ? null : jsonMeaning(value, "", { left: maxValues, most: maxValues }));
  } catch (error) {
    if (error instanceof NotJson) return error.problem;
    // The validator recurses with the value: a value thousands deep overflows the stack before it is judged.
    if (error instanceof RangeError) return "at /: the check ran out of room (the value is nested too deeply, or the schema branches too much, to check one against the other)";
    throw error;
  }
  if (result.valid) return undefined;
  // The deepest error names the argument the best; the schema's own keyword errors come first in the list.
  const error = [...result.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)[0];
  const at = error.instanceLocation.replace(/^#/, "") || "/";
  return `at ${at}: ${error.error}`;
}

/** Why a call of tool `label` with `args` is refused before it runs (E_TOOL_INPUT_INVALID), or undefined. */
export function toolInputProblem(label: string, schema: JsonSchema | string, args: readonly unknown[]): string | undefined {
  if (args.length > 1) return `${label} takes one argument (its input), got ${args.length}`;
  return inputProblem(label, schemaProblem(schema, args.length === 0 ? {} : args[0]));
}

/** A schema problem of tool `label`'s input as the refusal says it (wherever the check was made). */
export function inputProblem(label: string, problem: string | undefined): string | undefined {
  return problem ? `${label}: the input does not fit its schema ${problem}` : undefined;
}

const schemaTexts = new WeakMap<object, string>();

/** A tool's input schema as the text the worker checks with (computed once per schema object). */
export function schemaText(schema: JsonSchema): string {
  if (typeof schema === "boolean") return String(schema);
  let text = schemaTexts.get(schema);
  if (text === undefined) schemaTexts.set(schema, (text = JSON.stringify(schema)));
  return text;
}
