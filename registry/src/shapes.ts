// Owns checking a host call's arguments against its pinned shapes, before any implementation loads.
// Refuses wrong arity, missing required arguments and wrong types, naming the argument and what was expected.

import type { ParamShape } from "./pins.js";

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof Map) && !(v instanceof Set) && !(v instanceof Date);

function matches(type: ParamShape["type"], value: unknown): boolean {
  switch (type) {
    case "string": return typeof value === "string";
    case "number": return typeof value === "number" && Number.isFinite(value);
    case "boolean": return typeof value === "boolean";
    case "bytes": return value instanceof Uint8Array;
    case "array": return Array.isArray(value);
    case "object": return isPlainObject(value);
    case "records-or-rows": return Array.isArray(value) && value.every((row) => Array.isArray(row) || isPlainObject(row));
    // csv.stringify's input as papaparse's unparse takes it: rows or records, { fields, data }, or their JSON text.
    case "table": return typeof value === "string" || isPlainObject(value) || (Array.isArray(value) && value.every((row) => Array.isArray(row) || isPlainObject(row)));
    case "entries": return isPlainObject(value) && Object.values(value).every((v) => typeof v === "string" || v instanceof Uint8Array);
  }
}

const DESCRIBE: Record<ParamShape["type"], string> = {
  string: "a string", number: "a finite number", boolean: "a boolean", bytes: "a Uint8Array", array: "an array",
  object: "a plain object", "records-or-rows": "an array of records or of rows", table: "an array of records or of rows, { fields, data }, or its JSON text", entries: "an object of path → Uint8Array or string",
};

const typeOf = (v: unknown) => (v === null ? "null" : v instanceof Uint8Array ? "Uint8Array" : Array.isArray(v) ? "array" : typeof v);

/** Undefined when `args` fit `params`, else a message naming the first argument that does not. */
export function checkArguments(call: string, params: readonly ParamShape[], args: readonly unknown[]): string | undefined {
  if (args.length > params.length) return `${call} takes at most ${params.length} argument(s), got ${args.length}`;
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    const value = args[i];
    if (value === undefined) {
      if (param.optional) continue;
      return `${call}: argument ${i + 1} (${param.name}) is required and must be ${DESCRIBE[param.type]}`;
    }
    if (!matches(param.type, value)) return `${call}: argument ${i + 1} (${param.name}) must be ${DESCRIBE[param.type]}, got ${typeOf(value)}`;
  }
  return undefined;
}
