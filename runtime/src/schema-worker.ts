// Owns the schema-check worker thread (schema-checks.ts): checks one value against one schema's JSON text, so that a
// schema whose patterns backtrack on the value holds up this thread, never the host's main thread. Refuses nothing:
// the problem (or undefined) is the answer.

import { schemaProblem } from "./tool-input.js";

export default function check({ schema, value, maxValues }: { schema: string; value: unknown; maxValues?: number }): string | undefined {
  return schemaProblem(schema, value, maxValues);
}
