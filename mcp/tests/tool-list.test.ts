// tools/list across pages (the low-level SDK Server answering two tools a page) and the name mapping: MCP names that
// are not identifiers get the documented identifier, a call reaches the tool by its MCP name, collisions are refused,
// and a list that repeats its cursor is refused instead of looped on, as is a tool whose schema is past the runtime's
// bounds (at connect, so it does not refuse every run of the belt).
import { describe, expect, it } from "vitest";
import { createSandbox } from "@capsule/runtime";
import { listAllTools, mcpTools, type McpToolsClient } from "../src/index.js";
import { PAGED_SERVER, useFixtureClient } from "./helpers.js";

const names = ["get-weather", "files.read", "delete", "2fa", "plain"];
const client = await useFixtureClient(PAGED_SERVER, { FIXTURE_TOOL_NAMES: names.join(",") });
const colliding = await useFixtureClient(PAGED_SERVER, { FIXTURE_TOOL_NAMES: "a-b,x,a_b" });

describe("tools/list", () => {
  it("follows nextCursor through every page", async () => {
    expect((await listAllTools(client, "test")).map((t) => t.name)).toEqual(names);
  });

  it("maps names that are not identifiers, deterministically, and calls each by its MCP name", async () => {
    const tools = await mcpTools(client, { specifier: "@mcp/paged" });
    expect(Object.keys(tools)).toEqual(["get_weather", "files_read", "delete_", "_2fa", "plain"]);
    const sandbox = createSandbox({ maxWorkers: 1, tools: { "@mcp/paged": tools } });
    try {
      const result = await sandbox.run({ source: `import { get_weather, delete_ } from "@mcp/paged"; return [await get_weather({ city: "Oslo" }), await delete_({})]` });
      expect(result.ok && result.value).toEqual([{ tool: "get-weather", input: { city: "Oslo" } }, { tool: "delete", input: {} }]);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses two names that map to one identifier, naming both", async () => {
    await expect(mcpTools(colliding, { specifier: "@mcp/c" })).rejects.toMatchObject({ code: "E_MCP_TOOL_NAME_COLLISION", message: expect.stringContaining('"a-b" and "a_b"') });
  });

  it("refuses a server listing a tool whose schema is past the runtime's bounds, at connect", async () => {
    const listing = (inputSchema: unknown, outputSchema?: unknown): McpToolsClient =>
      ({ listTools: async () => ({ tools: [{ name: "fine", inputSchema: { type: "object" } }, { name: "huge", inputSchema, ...(outputSchema ? { outputSchema } : {}) }] }), callTool: async () => ({ content: [] }) }) as unknown as McpToolsClient;
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`p${i}`, { type: "string" }])) };
    await expect(mcpTools(listing(wide), { specifier: "@mcp/w" })).rejects.toMatchObject({ code: "E_MCP_SCHEMA_TOO_LARGE", message: expect.stringContaining('the inputSchema of tool "huge" cannot be used: it holds more than 100,000 values') });
    await expect(mcpTools(listing({ type: "object" }, wide), { specifier: "@mcp/w" })).rejects.toMatchObject({ code: "E_MCP_SCHEMA_TOO_LARGE", message: expect.stringContaining("the outputSchema") });
    const half = { type: "object", properties: Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`p${i}`, { type: "string" }])) };
    expect(Object.keys(await mcpTools(listing(half), { specifier: "@mcp/h" }))).toEqual(["fine", "huge"]);
  });

  it("keeps a tool's description to 4,000 characters, saying it was cut", async () => {
    const wordy: McpToolsClient = {
      listTools: async () => ({ tools: [{ name: "t", description: "d".repeat(5_000_000), inputSchema: { type: "object" } }] }),
      callTool: async () => ({ content: [] }),
    } as unknown as McpToolsClient;
    const { t } = await mcpTools(wordy, { specifier: "@mcp/wordy" });
    expect(t!.description.length).toBeLessThan(4_100);
    expect(t!.description).toMatch(/… \(the server's description is 5000000 characters; cut\)$/);
  });

  it("refuses a list whose cursor repeats", async () => {
    const looping: McpToolsClient = {
      listTools: async () => ({ tools: [{ name: "t", inputSchema: { type: "object" } }], nextCursor: "again" }),
      callTool: async () => ({ content: [] }),
    } as unknown as McpToolsClient;
    await expect(listAllTools(looping, "the looping server")).rejects.toMatchObject({ code: "E_MCP_LIST_FAILED", message: expect.stringContaining("repeated the cursor") });
  });

  it("asks each page within listTimeoutMs, and words the SDK's failure on one line", async () => {
    let asked: unknown;
    const slow: McpToolsClient = {
      listTools: async (_params: unknown, options: unknown) => {
        asked = options;
        throw new Error('MCP error -32001: MCP error -32001: Request timed out\n  {\n    "at": "tools/list"\n  }');
      },
      callTool: async () => ({ content: [] }),
    } as unknown as McpToolsClient;
    const failed = await listAllTools(slow, "the slow server", { listTimeoutMs: 1234 }).catch((error: Error) => error);
    expect(asked).toEqual({ timeout: 1234 });
    expect(failed).toMatchObject({ code: "E_MCP_LIST_FAILED", message: 'the slow server: tools/list failed: MCP error -32001: Request timed out { "at": "tools/list" }' });
  });
});
