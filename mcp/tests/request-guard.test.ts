// Malformed requests to a Capsule MCP server get a JSON-RPC error that names the problem (src/request-guard.ts),
// never the SDK's -32603 "internal error" with a zod dump, or no answer at all; a tools/call of a tool the server
// does not have is answered in a model's words, the name quoted short. Raw JSON-RPC messages over the SDK's
// InMemoryTransport, answered by the real server.
import { afterAll, describe, expect, it } from "vitest";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createSandbox } from "@capsule/runtime";
import { createCapsuleMcpServer } from "../src/index.js";

const sandbox = createSandbox({ maxWorkers: 1 });
afterAll(() => sandbox.close());
const [client, serverSide] = InMemoryTransport.createLinkedPair();
await createCapsuleMcpServer({ sandbox, reference: (format) => `reference as ${format}` }).connect(serverSide);
const answers = new Map<unknown, (message: Record<string, any>) => void>();
client.onmessage = (message) => answers.get((message as { id?: unknown }).id)?.(message as Record<string, any>);
await client.start();
afterAll(() => client.close());
let nextId = 1;
/** The server's answer to one request of `method` with `params` (as given, any shape). */
function request(method: string, params?: unknown): Promise<Record<string, any>> {
  const id = nextId++;
  const answered = new Promise<Record<string, any>>((resolve) => answers.set(id, resolve));
  void client.send({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) } as JSONRPCMessage);
  return answered;
}
await request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } });
await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });

describe("a malformed request", () => {
  it.each([
    ["a name that is no string", { name: 5 }, /"params\.name" expected string/],
    ["no params", undefined, /"params" expected object/],
    ["arguments that are no object", { name: "execute_code", arguments: "return 1" }, /"params\.arguments" expected record/],
  ])("tools/call with %s is answered -32602 naming the field", async (_what, params, message) => {
    const { error } = await request("tools/call", params);
    expect(error.code).toBe(-32602);
    expect(error.data).toEqual({ code: "E_INVALID_PARAMS" });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("\n");
  });

  it("is refused the same way for other methods", async () => {
    const { error } = await request("resources/list", { cursor: 7 });
    expect([error.code, error.data.code]).toEqual([-32602, "E_INVALID_PARAMS"]);
    expect(error.message).toMatch(/resources\/list: "params\.cursor" expected string/);
  });

  it.each([["a string", "x"], ["an array", [1]], ["null", null]])("with params %s is answered -32600 instead of not at all", async (_what, params) => {
    const { error } = await request("tools/call", params);
    expect([error.code, error.data.code]).toEqual([-32600, "E_INVALID_REQUEST"]);
  });

  it("of a method the server does not have is still -32601", async () => {
    expect((await request("nope/nope", {})).error.code).toBe(-32601);
  });
});

describe("a tools/call of an unknown tool", () => {
  it.each([["nope", "nope"], ["__proto__", "__proto__"], ["constructor", "constructor"], ["a 5,000-character name", "x".repeat(5000)]])("%s is a tool error naming the tools there are", async (_what, name) => {
    const { result } = await request("tools/call", { name, arguments: {} });
    expect(result.isError).toBe(true);
    const text: string = result.content[0].text;
    expect(text).toMatch(/^error E_UNKNOWN_TOOL: this server has no tool ".*"; its tools are execute_code, list_modules$/);
    expect(text).not.toContain("disabled");
    expect(text.length).toBeLessThan(200);
  });

  it("leaves the real tools to the server", async () => {
    const { result } = await request("tools/call", { name: "execute_code", arguments: { code: "return 6 * 7" } });
    expect(result.structuredContent).toMatchObject({ ok: true, value: 42 });
  });
});

describe("a resources/read", () => {
  it("of a URI the server does not serve is -32002 Resource not found, the URI quoted short", async () => {
    const { error } = await request("resources/read", { uri: `capsule://docs/${"n".repeat(5000)}` });
    expect([error.code, error.data.code]).toEqual([-32002, "E_UNKNOWN_RESOURCE"]);
    expect(error.message).toMatch(/^Resource not found: this server has no resource ".*…"; its resources are capsule:\/\/docs\/reference\.md, capsule:\/\/docs\/reference\.d\.ts$/);
    expect(error.message.length).toBeLessThan(250);
    expect(error.message).not.toContain("MCP error");
  });

  it("of one it serves is the server's", async () => {
    const { result } = await request("resources/read", { uri: "capsule://docs/reference.md" });
    expect(result.contents[0].text).toBe("reference as md");
  });
});
