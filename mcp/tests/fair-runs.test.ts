// Sessions of one Capsule MCP server share its sandbox fairly (src/fair-runs.ts): with one worker, a session that
// queued several execute_code calls does not run them all before another session's call; a session past its queue
// is refused E_SESSION_BUSY; a call cancelled while it waits never runs. Real sandbox, real SDK clients over
// in-memory transports, one per session; every run holds a tool call until the test lets it go, so the order in
// which runs start is the only thing observed (no timing).
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createSandbox, type ToolBelt } from "@capsule/runtime";
import { capsuleServerFactory, FairRuns } from "../src/index.js";

interface Held {
  tag: string;
  release(): void;
}
const held: Held[] = [];
let heldChanged: () => void = () => {};
const belt: ToolBelt = {
  "@tools/gate": {
    hold: {
      description: "Answers its tag once the test releases it.",
      inputSchema: { type: "object", properties: { tag: { type: "string" } }, required: ["tag"] },
      handler: (input: { tag: string }) => new Promise((resolve) => (held.push({ tag: input.tag, release: () => resolve(input.tag) }), heldChanged())),
    },
  },
};
const sandbox = createSandbox({ maxWorkers: 1, minWorkers: 1, tools: belt });
afterAll(() => sandbox.close());
const makeServer = capsuleServerFactory({ sandbox, concurrentRuns: 1, queuedPerSession: 2 });

async function session(): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await makeServer().connect(serverSide);
  const client = new Client({ name: "fair", version: "1" });
  await client.connect(clientSide);
  afterAll(() => client.close());
  return client;
}

const program = (tag: string) => `import { hold } from "@tools/gate"; return await hold({ tag: ${JSON.stringify(tag)} })`;
const call = (client: Client, tag: string, signal?: AbortSignal) =>
  client.callTool({ name: "execute_code", arguments: { code: program(tag) } }, undefined, { ...(signal ? { signal } : {}), timeout: 120_000 });

/** The run holding the gate now (waits until one does). */
async function nextHeld(): Promise<Held> {
  while (held.length === 0) await new Promise<void>((resolve) => (heldChanged = resolve));
  return held.shift()!;
}

describe("execute_code calls of several sessions", () => {
  it("take turns for the one worker instead of running in the order they arrived", async () => {
    const a = await session();
    const b = await session();
    const answers = [call(a, "a1")];
    let running = await nextHeld();
    expect(running.tag).toBe("a1"); // a1 holds the only worker until released below
    answers.push(call(a, "a2"), call(a, "a3"));
    // a's queue holds two: a4 is refused, and its answer shows a2 and a3 were taken before it.
    const refused = await call(a, "a4");
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: { code: string } }).error.code).toBe("E_SESSION_BUSY");
    expect((refused.content as Array<{ text: string }>)[0]!.text).toMatch(/2 execute_code calls waiting.*await their answers/);
    answers.push(call(b, "b1"));
    await b.ping(); // b1 was delivered before the ping's answer: it waits for the worker
    // Released one at a time, the runs start a2 (a's turn), b1 (b's), a3 — not a2, a3, b1 as they arrived.
    const order = [running.tag];
    for (let i = 0; i < 3; i++) {
      running.release();
      running = await nextHeld();
      order.push(running.tag);
    }
    running.release();
    expect(order).toEqual(["a1", "a2", "b1", "a3"]);
    expect((await Promise.all(answers)).map((r) => (r.structuredContent as { value: unknown }).value)).toEqual(["a1", "a2", "a3", "b1"]);
  });

  it("frees the place of a call cancelled while it waited: it never runs, and another call takes its place", async () => {
    const a = await session();
    const answers = [call(a, "c1")];
    const running = await nextHeld();
    const cancel = new AbortController();
    const cancelled = call(a, "c2", cancel.signal);
    answers.push(call(a, "c3")); // a's two places are taken: c2 and c3
    await a.ping();
    cancel.abort();
    await expect(cancelled).rejects.toThrow();
    answers.push(call(a, "c4")); // taken, not E_SESSION_BUSY: c2 left its place
    await a.ping();
    const order = [running.tag];
    let next = running;
    for (let i = 0; i < 2; i++) {
      next.release();
      next = await nextHeld();
      order.push(next.tag);
    }
    next.release();
    expect(order).toEqual(["c1", "c3", "c4"]);
    expect((await Promise.all(answers)).map((r) => (r.structuredContent as { value: unknown }).value)).toEqual(["c1", "c3", "c4"]);
    expect(held).toEqual([]);
  });
});

describe("FairRuns", () => {
  it("refuses a slot count that is not a positive integer", () => {
    expect(() => new FairRuns(sandbox, 0)).toThrow(/positive integer/);
  });
});
