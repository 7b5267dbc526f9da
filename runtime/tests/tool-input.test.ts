// A tool call's input is checked against its schema on the guest's own worker thread and CPU (src/tool-input.ts), not
// on the host's: a schema pattern runs in V8's backtracking regex engine on input the guest chose, and `^(a+)+$`
// against forty a's and a b held the host's main thread for 275 s — every run of the process with it. Values too deep
// for the validator's (or the crossing check's) recursion are refused by name, not with the host's RangeError.
import { describe, expect, it } from "vitest";
import type { ToolBelt } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const made: unknown[] = [];
const recursive = { $defs: { n: { type: "array", items: { $ref: "#/$defs/n" } } }, $ref: "#/$defs/n" };
const tools: ToolBelt = {
  "@tools/t": {
    word: { description: "Takes a word.", inputSchema: { type: "object", properties: { w: { type: "string", pattern: "^(a+)+$" } } }, handler: (x) => (made.push(x), "ok") },
    nested: { description: "Takes nested lists.", inputSchema: recursive, handler: () => "ok" },
    deep: { description: "Gives nested lists.", inputSchema: {}, handler: () => { let a: unknown = []; for (let i = 0; i < 20_000; i++) a = [a]; return a; } },
  },
};
const sandbox = useSandbox({ tools });
const nest = (depth: number) => `let a = []; for (let i = 0; i < ${depth}; i++) a = [a];`;

describe("tool inputs are checked on the guest's thread", () => {
  it("stops a pattern that backtracks on the guest's input with the run, at its CPU limit, while other runs go on", async () => {
    const hostile = sandbox.run({ source: "import { word } from '@tools/t'; return await word({ w: 'a'.repeat(40) + 'b' })", limits: { cpuMs: 300, wallMs: 60_000 } });
    // The other worker serves other runs meanwhile; with the check on the host's thread, none could be answered.
    for (let i = 0; i < 3; i++) expect(await valueOf(sandbox, "return 6 * 7")).toBe(42);
    const result = await hostile;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe("E_CPU_TIME");
    expect(made).toEqual([]);
  });

  it("still answers a fitting input and refuses one that does not fit, naming where", async () => {
    expect(await valueOf(sandbox, "import { word } from '@tools/t'; return await word({ w: 'aaa' })")).toBe("ok");
    const message = await valueOf(sandbox, "import { word } from '@tools/t'; try { await word({ w: 'b' }) } catch (e) { return e.message }");
    expect(message).toMatch(/^E_TOOL_INPUT_INVALID: @tools\/t word: the input does not fit its schema at \/w: /);
  });

  it("refuses by name an input nested too deeply to check", async () => {
    const message = await valueOf(sandbox, { source: `import { nested } from '@tools/t'; ${nest(5000)} try { await nested(a) } catch (e) { return e.message }`, limits: { cpuMs: 10_000, wallMs: 60_000 } });
    expect(message).toBe("E_TOOL_INPUT_INVALID: @tools/t nested: the input does not fit its schema at /: the check ran out of room (the value is nested too deeply, or the schema branches too much, to check one against the other)");
  });

  it("refuses by name a result nested too deeply to look through", async () => {
    const error = await errorOf(sandbox, "import { deep } from '@tools/t'; return await deep()");
    expect(error.message).toMatch(/^E_TOOL_RESULT_INVALID: @tools\/t deep returned a value nested too deeply to look through/);
  });
});
