// Owns where the host checks a value against a tool's schema: a tool's result against its outputSchema, and an
// input the guest's worker gave no verdict on. Matching a `pattern` (or `patternProperties`, a regex `format`) runs
// V8's backtracking regex engine over text the guest can choose — a tool that echoes `"a".repeat(27) + "!"` into a
// field whose pattern is `^([a-z]+)+$` held the main thread 4.7 s, every run with it, doubling per character — so a
// schema that uses one is checked in a schema-check worker (schema-worker.ts, a piscina pool of up to two threads),
// stopped when the call's run ends or after TOOL_SCHEMA_CHECK_MS. So is a schema with a reference ($ref and its
// kin): references make a schema a graph, and two-way anyOf over $refs 24 deep is 2^24 branches for one value (an
// MCP server's outputSchema held a `capsule run` 70 s and ended it out of heap). A schema with neither is a tree,
// walked at most once per value node per subschema, and is checked here. Refuses by a problem string (E_TOOL_INPUT_INVALID / E_TOOL_OUTPUT_INVALID for the caller to throw).

import { createRequire } from "node:module";
import { schemaProblem, schemaText, type JsonSchema } from "./tool-input.js";
import type { SchemaCheck } from "./tools.js";
import { TOOL_SCHEMA_CHECK_MS } from "./limits.js";

const { Piscina } = createRequire(import.meta.url)("piscina") as typeof import("piscina");

// From src/ (tests) and from dist/ alike, the compiled worker lives in dist/.
const WORKER_FILE = new URL("../dist/schema-worker.js", import.meta.url).href;

let pool: InstanceType<typeof Piscina> | undefined;

/** Keywords whose check runs a regular expression over the value, or follows a reference (the schema is a graph). */
const COSTLY_KEYWORDS = new Set(["pattern", "patternProperties", "format", "$ref", "$dynamicRef", "$recursiveRef"]);
const costly = new WeakMap<object, boolean>();

/** Whether checking a value against `schema` may take more than linear time: a regex, or a reference to follow. */
export function costlyToCheck(schema: JsonSchema): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  let known = costly.get(schema);
  if (known === undefined) {
    known = false;
    const stack: unknown[] = [schema];
    while (stack.length > 0 && !known) {
      const node = stack.pop();
      if (typeof node !== "object" || node === null) continue;
      for (const [key, child] of Object.entries(node)) {
        if (COSTLY_KEYWORDS.has(key) && !Array.isArray(node)) known = true;
        stack.push(child);
      }
    }
    costly.set(schema, known);
  }
  return known;
}

/** The first problem of `value` against `schema` (schemaProblem), checked where its cost cannot hold up other runs. */
export const checkedOffThread: SchemaCheck = async (schema, value, signal, maxValues) => {
  if (!costlyToCheck(schema)) return schemaProblem(schema, value, maxValues);
  pool ??= new Piscina({ filename: WORKER_FILE, minThreads: 0, maxThreads: 2, idleTimeout: 5_000, recordTiming: false });
  const timeout = AbortSignal.timeout(TOOL_SCHEMA_CHECK_MS);
  try {
    return (await pool.run({ schema: schemaText(schema), value, maxValues }, { signal: AbortSignal.any([signal, timeout]) })) as string | undefined;
  } catch (error) {
    if (signal.aborted) throw error;
    if (timeout.aborted) return `at /: the check against the schema did not finish within ${TOOL_SCHEMA_CHECK_MS} ms (its patterns backtrack, or its references branch, on this value)`;
    if (error instanceof Error && error.name === "DataCloneError") return `at /: the value cannot be copied to be checked (${error.message})`;
    throw error;
  }
};
