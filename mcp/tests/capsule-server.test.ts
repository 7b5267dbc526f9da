// createCapsuleMcpServer in-process (the SDK's Client over its InMemoryTransport): everything it runs on is the
// caller's — the sandbox, the module list, the reference power (read once per format) and the ceilings — and a
// client's cancellation of execute_code ends the run.
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createSandbox, type RunEvent, type ToolBelt } from "@capsule/runtime";
import { createCapsuleMcpServer, moduleSummaries, serverCeilings } from "../src/index.js";

let entered!: () => void;
const waiting = new Promise<void>((resolve) => (entered = resolve));
const belt: ToolBelt = {
  "@tools/wait": {
    forever: {
      description: "Never answers until the run ends.",
      inputSchema: {},
      handler: (_: unknown, { signal }) => new Promise((_r, reject) => (entered(), signal.addEventListener("abort", () => reject(new Error("ended"))))),
    },
  },
};
const events: RunEvent[] = [];
const sandbox = createSandbox({ maxWorkers: 1, tools: belt, onEvent: (e) => events.push(e) });
afterAll(() => sandbox.close());
const reads: string[] = [];
const server = createCapsuleMcpServer({
  sandbox,
  modules: moduleSummaries({ modules: [{ specifier: "@acme/greet", summary: "Greetings.", exports: ["default", "hello"] }] }, belt),
  reference: (format) => (reads.push(format), `reference as ${format}`),
  ceilings: serverCeilings({ cpuMs: 200 }),
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: "test", version: "1" });
await client.connect(clientSide);
afterAll(() => client.close());

describe("createCapsuleMcpServer", () => {
  it("runs on the caller's sandbox, within the caller's ceilings", async () => {
    expect((await client.callTool({ name: "execute_code", arguments: { code: "return 6 * 7", limits: { cpuMs: 200 } } })).structuredContent).toMatchObject({ ok: true, value: 42 });
    const above = await client.callTool({ name: "execute_code", arguments: { code: "return 1", limits: { cpuMs: 201 } } });
    expect([above.isError, (above.structuredContent as { error: { code: string } }).error.code]).toEqual([true, "E_LIMIT_ABOVE_CEILING"]);
  });

  it("refuses an argument it does not know instead of running with the defaults", async () => {
    const typo = await client.callTool({ name: "execute_code", arguments: { code: "return 1", limit: { cpuMs: 50 } } });
    expect(typo.isError).toBe(true);
    expect((typo.content as Array<{ text: string }>)[0]!.text).toMatch(/limit/);
    expect(typo.structuredContent).toBeUndefined();
  });

  it("tells a model the most this server allows, not the runtime's ceiling it would refuse", async () => {
    const text = (answer: Awaited<ReturnType<typeof client.callTool>>) => (answer.content as Array<{ text: string }>)[0]!.text;
    const room = await client.callTool({ name: "execute_code", arguments: { code: "for (;;) {}", limits: { cpuMs: 50 } } });
    expect(text(room)).toContain("raise limits.cpuMs (at most 200 ms here)");
    expect(text(room)).not.toContain("60,000");
    const full = await client.callTool({ name: "execute_code", arguments: { code: "for (;;) {}", limits: { cpuMs: 200 } } });
    expect((full.structuredContent as { error: { message: string } }).error.message).toContain("the run already had the most this host allows for limits.cpuMs (200 ms)");
  });

  it("does not advertise list-changed notifications it never sends (its tools and resources are fixed)", () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools?.listChanged).toBe(false);
    expect(capabilities?.resources?.listChanged).toBe(false);
  });

  it("lists the modules it was given", async () => {
    const text = ((await client.callTool({ name: "list_modules", arguments: {} })).content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain("- @acme/greet (guest): Greetings. — exports: hello");
    expect(text).toContain("- @tools/wait (tools): 1 tool of @tools/wait");
    expect(text).toContain("    forever(input): Never answers until the run ends.");
  });

  it("reads the reference once per format", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await client.readResource({ uri: "capsule://docs/reference.md" })).contents[0]).toMatchObject({ text: "reference as md", mimeType: "text/markdown" });
      expect((await client.readResource({ uri: "capsule://docs/reference.d.ts" })).contents[0]).toMatchObject({ text: "reference as dts" });
    }
    expect(reads).toEqual(["md", "dts"]);
  });

  it("answers a run whose value is too deep for JSON with its outcome and a note, not a failed call", async () => {
    const answer = await client.callTool({ name: "execute_code", arguments: { code: "let v = 1; for (let i = 0; i < 9000; i++) v = { v }; return v" } });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ ok: true, valueOmitted: expect.stringMatching(/nested too deeply/) });
    expect((answer.content as { text: string }[])[0]!.text).toMatch(/^ok \(/);
  });

  it("ends the run when the client cancels execute_code", async () => {
    const controller = new AbortController();
    const call = client.callTool({ name: "execute_code", arguments: { code: "import { forever } from '@tools/wait'; await forever(); return 1" } }, undefined, { signal: controller.signal });
    await waiting; // the program is awaiting the tool
    controller.abort("the user gave up");
    await expect(call).rejects.toThrow();
    const until = Date.now() + 10_000;
    while (!events.some((e) => e.type === "run.end" && (e as { code?: string }).code === "E_CANCELLED")) {
      if (Date.now() > until) throw new Error(`no cancelled run.end in ${JSON.stringify(events.map((e) => e.type))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
});
