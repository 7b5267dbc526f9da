// A tool's schema is written out by the run path (its text for the worker's check, its TypeScript for the reference),
// once per reuse of an object: a belt whose schema is past TOOL_SCHEMA_MAX_VALUES values written out, deeper than
// TOOL_SCHEMA_MAX_DEPTH, cyclic or holding a bigint is refused (E_BAD_REQUEST) before anything is written, and the
// bounds themselves are exact. A 26-level reuse of one object held the host's main thread 90 s in every run before.
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox, TOOL_SCHEMA_MAX_DEPTH, TOOL_SCHEMA_MAX_VALUES, schemaSizeProblem, type JsonSchema, type ToolBelt } from "../src/index.js";

const sandbox = createSandbox({ maxWorkers: 1 });
afterAll(() => sandbox.close());

const beltOf = (inputSchema: unknown, outputSchema?: unknown): ToolBelt => ({
  "@t/s": { f: { description: "F.", inputSchema: inputSchema as JsonSchema, ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as JsonSchema }), handler: () => 1 } },
});
/** `levels` of `{ anyOf: [{ properties: { a: s } }, { properties: { a: s } }] }` over one shared `s`: 2^levels copies written out. */
function reused(levels: number): Record<string, unknown> {
  let s: Record<string, unknown> = { type: "integer" };
  for (let i = 0; i < levels; i++) s = { anyOf: [{ type: "object", properties: { a: s } }, { type: "object", properties: { a: s } }] };
  return s;
}
/** `objects` objects, each the `not` of the one before. */
function chain(objects: number): Record<string, unknown> {
  let s: Record<string, unknown> = {};
  for (let i = 1; i < objects; i++) s = { not: s };
  return s;
}
/** A schema of exactly `values` values written out: the root, its enum array and values - 2 numbers. */
const ofValues = (values: number) => ({ enum: Array.from({ length: values - 2 }, (_, i) => i) });

describe("a tool's schema", () => {
  it("is refused when an object reused at many places writes out past the bound, before any run is made", async () => {
    for (const tools of [beltOf(reused(20)), beltOf({ type: "object" }, reused(20))]) {
      const result = await sandbox.run({ source: 'import { f } from "@t/s"; return await f({})', tools });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe("E_BAD_REQUEST");
        expect(result.error.message).toMatch(/^tool @t\/s f: (input|output)Schema cannot be used: it holds more than 100,000 values when written as JSON/);
      }
    }
    // Reuse that writes out small is a schema like any other.
    const small = await sandbox.run({ source: 'import { f } from "@t/s"; return await f({ a: { a: { a: 1 } } })', tools: beltOf(reused(3)) });
    expect(small.ok && small.value).toBe(1);
  });

  it("is held to exactly TOOL_SCHEMA_MAX_VALUES values and TOOL_SCHEMA_MAX_DEPTH levels", () => {
    expect(TOOL_SCHEMA_MAX_VALUES).toBe(100_000);
    expect(schemaSizeProblem(ofValues(TOOL_SCHEMA_MAX_VALUES))).toBeUndefined();
    expect(schemaSizeProblem(ofValues(TOOL_SCHEMA_MAX_VALUES + 1))).toMatch(/more than 100,000 values/);
    expect(schemaSizeProblem(chain(TOOL_SCHEMA_MAX_DEPTH))).toBeUndefined();
    expect(schemaSizeProblem(chain(TOOL_SCHEMA_MAX_DEPTH + 1))).toBe(`it is nested more than ${TOOL_SCHEMA_MAX_DEPTH} levels deep`);
    // Far deeper than a recursive walk could go: the walk is iterative.
    expect(schemaSizeProblem(chain(1_000_000))).toBe(`it is nested more than ${TOOL_SCHEMA_MAX_DEPTH} levels deep`);
  });

  it("is refused when it contains itself or holds a bigint, saying where", async () => {
    const cyclic: Record<string, unknown> = { type: "object", properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const results = await Promise.all([beltOf(cyclic), beltOf({ type: "integer", maximum: 10n })].map((tools) => sandbox.run({ source: "return 1", tools })));
    expect(results.map((r) => (r.ok ? r.value : [r.error.code, r.error.message]))).toEqual([
      ["E_BAD_REQUEST", "tool @t/s f: inputSchema cannot be used: it contains itself at .properties.self (a cycle); write a recursive schema with $ref"],
      ["E_BAD_REQUEST", "tool @t/s f: inputSchema cannot be used: it holds a bigint at .maximum, which JSON cannot write"],
    ]);
  });
});
