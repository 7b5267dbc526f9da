// The checks the host makes against a tool's schemas (src/schema-checks.ts): a result against its outputSchema, in
// a schema-check worker when the schema has patterns (a tool that echoes guest text into a field whose pattern
// backtracks held the host's main thread for seconds, doubling per character, every run with it), stopped after
// TOOL_SCHEMA_CHECK_MS or when the run ends; and inputs read as JSON reads them (undefined properties left out, holes
// null, a bigint refused by name) on the guest's worker, whose verdict stands even when its check throws.
import { describe, expect, it } from "vitest";
import type { ToolBelt } from "../src/index.js";
import { TOOL_SCHEMA_CHECK_MS } from "../src/limits.js";
import { costlyToCheck } from "../src/schema-checks.js";
import { useSandbox, valueOf } from "./helpers.js";

let echoed: (() => void) | undefined;
const calls: unknown[] = [];
const tools: ToolBelt = {
  "@tools/kv": {
    echo: {
      description: "Returns the name it is given.",
      inputSchema: { type: "object", properties: { name: { type: "string" } } },
      outputSchema: { type: "object", properties: { name: { type: "string", pattern: "^([a-z]+)+$" } } },
      handler: (input: { name: string }) => (echoed?.(), { name: input.name }),
    },
    listed: {
      description: "Returns an id per word, and its result fits a pattern-free schema.",
      inputSchema: { type: "object" },
      outputSchema: { type: "object", required: ["ids"], properties: { ids: { type: "array", items: { type: "string", format: "uuid" } } } },
      handler: () => ({ ids: ["5f0c8a64-0c8b-4d5e-9d3c-1b2a3c4d5e6f"] }),
    },
    put: {
      description: "Stores a record.",
      inputSchema: {
        type: "object",
        required: ["q"],
        properties: { q: { type: "string" }, limit: { type: "number" }, tags: { type: "array", items: { type: ["string", "null"] } }, n: {} },
        additionalProperties: false,
      },
      handler: (input: unknown) => (calls.push(input), "stored"),
    },
  },
};
const sandbox = useSandbox({ tools });
const caught = (call: string) => `import kv from '@tools/kv'; try { return await kv.${call} } catch (e) { return e.name + ": " + e.message }`;

describe("a tool's result is checked against its output schema off the host's thread", () => {
  it("stops a pattern that backtracks on guest text after its time, while other runs go on", async () => {
    const inCheck = new Promise<void>((resolve) => (echoed = resolve));
    const hostile = valueOf<string>(sandbox, { source: caught(`echo({ name: 'a'.repeat(32) + '!' })`), limits: { wallMs: 120_000 } });
    await inCheck;
    // With the check on the host's thread, these could not be answered until it ended (minutes here).
    for (let i = 0; i < 3; i++) expect(await valueOf(sandbox, "return 6 * 7")).toBe(42);
    expect(await hostile).toBe(`ToolError: E_TOOL_OUTPUT_INVALID: @tools/kv echo returned a result that does not fit its output schema at /: the check against the schema did not finish within ${TOOL_SCHEMA_CHECK_MS} ms (its patterns backtrack, or its references branch, on this value)`);
    echoed = undefined;
  }, 60_000);

  it("still passes a fitting result and names where one does not fit, with and without patterns", async () => {
    expect(await valueOf(sandbox, caught(`echo({ name: 'abc' })`))).toEqual({ name: "abc" });
    expect(await valueOf(sandbox, caught(`echo({ name: 'ab1' })`))).toMatch(/^ToolError: E_TOOL_OUTPUT_INVALID: @tools\/kv echo returned a result that does not fit its output schema at \/name: /);
    expect(await valueOf(sandbox, caught(`listed({})`))).toEqual({ ids: ["5f0c8a64-0c8b-4d5e-9d3c-1b2a3c4d5e6f"] });
  });

  it("ends the check with its run", async () => {
    const result = await sandbox.run({ source: caught(`echo({ name: 'a'.repeat(40) + '!' })`), limits: { wallMs: 500 } });
    expect(result.ok ? result.value : result.error.code).toBe("E_WALL_TIME");
    expect(await valueOf(sandbox, caught(`echo({ name: 'xyz' })`))).toEqual({ name: "xyz" });
  });
});

describe("a tool's input is read as JSON reads it", () => {
  it("leaves undefined properties out and reads holes and undefined in arrays as null", async () => {
    calls.length = 0;
    expect(await valueOf(sandbox, caught(`put({ q: 'x', limit: undefined })`))).toBe("stored");
    expect(await valueOf(sandbox, caught(`put({ q: 'x', tags: [, 'a', undefined] })`))).toBe("stored");
    expect(calls).toHaveLength(2);
  });

  it("refuses a bigint by name, as a ToolError with its code", async () => {
    expect(await valueOf(sandbox, caught(`put({ q: 'x', n: 1n })`))).toBe("ToolError: E_TOOL_INPUT_INVALID: @tools/kv put: the input does not fit its schema at /n: a bigint is not a JSON value (pass a number or a string)");
    expect(await valueOf(sandbox, caught(`put({ q: 'x', limit: 'ten' })`))).toMatch(/^ToolError: E_TOOL_INPUT_INVALID: @tools\/kv put: the input does not fit its schema at \/limit: /);
  });
});

describe("which schemas are checked off the host's thread", () => {
  it("those with a pattern or a reference (a graph can branch exponentially); plain trees are checked in place", () => {
    expect(costlyToCheck({ type: "object", properties: { v: { $ref: "#/definitions/a" } }, definitions: { a: { type: "string" } } })).toBe(true);
    expect(costlyToCheck({ anyOf: [{ $dynamicRef: "#meta" }] })).toBe(true);
    expect(costlyToCheck({ properties: { name: { type: "string", pattern: "^a+$" } } })).toBe(true);
    expect(costlyToCheck({ type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "null" }] }, b: { enum: ["$ref"] } } })).toBe(false);
  });
});
