// Tool modules: a belt of tools imported like any module, validated against their schemas on the host, given a
// context that ends with the run, counted, traced and policy-gated like every host call.
import { describe, expect, it } from "vitest";
import { defaultPolicy, type RunEvent, type ToolBelt, type ToolContext } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const contexts: ToolContext[] = [];
const sent: string[] = [];
const belt: ToolBelt = {
  "@tools/web": {
    search: {
      description: "Search the web. Returns the top results.",
      inputSchema: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer", minimum: 1 } }, required: ["query"], additionalProperties: false },
      outputSchema: { type: "array", items: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
      handler: ({ query, limit = 2 }: { query: string; limit?: number }, context: ToolContext) => {
        contexts.push(context);
        return Array.from({ length: limit }, (_, i) => ({ title: `${query} ${i + 1}` }));
      },
    },
    lies: { description: "Returns what its schema forbids.", inputSchema: { type: "object" }, outputSchema: { type: "string" }, handler: () => 42 },
    leaks: { description: "Returns a function.", inputSchema: { type: "object" }, handler: () => ({ run: () => 1 }) },
  },
  "@tools/mail": {
    send: { description: "Send an email.", inputSchema: { type: "object", properties: { to: { type: "string" } }, required: ["to"] }, sideEffects: true, handler: ({ to }: { to: string }) => (sent.push(to), "sent") },
  },
};
const sandbox = useSandbox({ tools: belt });

describe("tool modules", () => {
  it("are imported by name and as a default, and answer with their results", async () => {
    const value = await valueOf(sandbox, "import web, { search } from '@tools/web'; const a = await search({ query: 'capsule' }); const b = await web.search({ query: 'x', limit: 1 }); return [a, b, Object.keys(web).sort()]");
    expect(value).toEqual([[{ title: "capsule 1" }, { title: "capsule 2" }], [{ title: "x 1" }], ["leaks", "lies", "search"]]);
    const [first, second] = contexts.slice(-2);
    expect(first.runId).toMatch(/^run-/);
    expect([first.callIndex, second.callIndex]).toEqual([1, 2]);
    expect(first.idempotencyKey).toBe(`${first.runId}:1`);
    expect(first.signal.aborted).toBe(true); // the run is over
  });

  it("refuse input that does not fit the schema before the tool runs, naming the argument and what was expected", async () => {
    const before = contexts.length;
    const messages = await valueOf(sandbox, `import { search } from '@tools/web';
      const out = [];
      for (const input of [{ query: 5 }, {}, { query: 'q', limit: 0 }, { query: 'q', extra: 1 }]) { try { await search(input) } catch (e) { out.push([e.name, e.message]) } }
      try { await search({ query: 'q' }, 'two') } catch (e) { out.push([e.name, e.message]) }
      return out`);
    expect(contexts.length).toBe(before);
    expect(messages).toHaveLength(5);
    for (const [name, message] of messages as string[][]) {
      expect(name).toBe("ToolError");
      expect(message).toMatch(/^E_TOOL_INPUT_INVALID: @tools\/web search/);
    }
    expect((messages as string[][])[0][1]).toMatch(/at \/query: .*string/);
    expect((messages as string[][])[2][1]).toMatch(/at \/limit: /);
    expect((messages as string[][])[4][1]).toMatch(/takes one argument/);
  });

  it("refuse a result that does not fit the output schema, and one that cannot cross", async () => {
    expect(await valueOf(sandbox, "import { lies } from '@tools/web'; try { await lies() } catch (e) { return e.message }")).toMatch(/^E_TOOL_OUTPUT_INVALID: @tools\/web lies returned a result that does not fit its output schema/);
    expect(await valueOf(sandbox, "import { leaks } from '@tools/web'; try { await leaks() } catch (e) { return e.message }")).toMatch(/^E_TOOL_RESULT_INVALID: @tools\/web leaks returned a function at \.run,/);
  });

  it("look through a result whose parts share subtrees once per part, not once per path", async () => {
    // 2^12 paths reach the leaf: the codec reads it twice per path (its plain-JSON check, then JSON.stringify: JSON has
    // no sharing), the crossing check once in all.
    let reads = 0;
    let shared: object = Object.defineProperty({}, "leaf", { enumerable: true, get: () => ++reads });
    for (let i = 0; i < 12; i++) shared = { l: shared, r: shared };
    const dag: ToolBelt = { "@tools/dag": { tree: { description: "A shared tree.", inputSchema: { type: "object" }, handler: () => shared } } };
    expect(await valueOf(sandbox, { source: "import { tree } from '@tools/dag'; const t = await tree({}); return t.l.r.l.r.l.r.l.r.l.r.l.r.leaf > 0", tools: dag })).toBe(true);
    expect(reads).toBeLessThan(2 * 2 ** 12 + 2 ** 11);
    // A cycle is still found, through a shared part.
    const cyclic: Record<string, unknown> = { a: shared };
    cyclic.b = { back: cyclic };
    const loops: ToolBelt = { "@tools/dag": { tree: { description: "A cycle.", inputSchema: { type: "object" }, handler: () => cyclic } } };
    expect(await valueOf(sandbox, { source: "import { tree } from '@tools/dag'; try { await tree({}) } catch (e) { return e.message }", tools: loops })).toMatch(/^E_TOOL_RESULT_INVALID: @tools\/dag tree returned a cycle at \.b\.back,/);
  });

  it("abort their context's signal when the run ends, here at its wall clock", async () => {
    let seen: ToolContext | undefined;
    let aborted!: () => void;
    const abortedInTool = new Promise<void>((resolve) => (aborted = resolve));
    const waiting = { description: "Waits for its signal.", inputSchema: {}, handler: (_: unknown, context: ToolContext) => new Promise((_r, reject) => { seen = context; context.signal.addEventListener("abort", () => (aborted(), reject(new Error("aborted")))); }) };
    const error = await errorOf(sandbox, { source: "import { wait } from '@tools/slow'; await wait(); return 1", tools: { "@tools/slow": { wait: waiting } }, limits: { wallMs: 300 } });
    expect(error.code).toBe("E_WALL_TIME");
    await abortedInTool;
    expect(seen!.signal.aborted).toBe(true);
  });

  it("are allow-listed per run like catalog modules", async () => {
    expect((await errorOf(sandbox, { source: "import { send } from '@tools/mail'; return 1", allow: ["@tools/web"] })).code).toBe("E_IMPORT_NOT_ALLOWED");
    expect(await valueOf(sandbox, { source: "import { search } from '@tools/web'; return (await search({ query: 'a', limit: 1 })).length", allow: ["@tools/web"] })).toBe(1);
  });

  it("count against the host-call limits", async () => {
    const error = await errorOf(sandbox, { source: "import { search } from '@tools/web'; for (let i = 0; i < 3; i++) await search({ query: 'a' }); return 1", limits: { hostCalls: 2 } });
    expect(error.code).toBe("E_HOST_CALL_LIMIT");
  });

  it("are traced as tool calls and gated by the policy like every call", async () => {
    const events: RunEvent[] = [];
    const denied = await valueOf(sandbox, { source: "import { send } from '@tools/mail'; try { await send({ to: 'a@b' }) } catch (e) { return e.message }", policy: defaultPolicy(), onEvent: (e) => events.push(e) });
    expect(denied).toMatch(/^E_POLICY_DENIED: @tools\/mail\.send has side effects and was not granted/);
    expect(sent).toEqual([]);
    expect(events.find((e) => e.type === "call")).toMatchObject({ kind: "tool", target: "@tools/mail", export: "send", ok: false, code: "E_POLICY_DENIED" });
    const granted = await valueOf(sandbox, { source: "import { send } from '@tools/mail'; return await send({ to: 'a@b' })", policy: defaultPolicy({ grant: ["@tools/mail.send"] }) });
    expect([granted, sent]).toEqual(["sent", ["a@b"]]);
  });

  it("take a run's own belt beside the sandbox's, and refuse a malformed one", async () => {
    const own: ToolBelt = { "@tools/math": { twice: { description: "Doubles.", inputSchema: { type: "number" }, handler: (n: number) => n * 2 } } };
    expect(await valueOf(sandbox, { source: "import { twice } from '@tools/math'; import { search } from '@tools/web'; return [await twice(21), (await search({ query: 'q', limit: 1 })).length]", tools: own })).toEqual([42, 1]);
    expect((await errorOf(sandbox, { source: "return 1", tools: { "../escape": { f: { description: "", inputSchema: {}, handler: () => 1 } } } })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "return 1", tools: { "@tools/x": { default: { description: "", inputSchema: {}, handler: () => 1 } } } })).code).toBe("E_BAD_REQUEST");
  });

  it("keep the bridge private: a program cannot import it beside tool modules", async () => {
    expect((await errorOf(sandbox, "import '@tools/web'; import bridge from 'capsule:bridge'; return typeof bridge")).code).toMatch(/E_IMPORT_(REFUSED|UNRESOLVED)/);
  });
});
