// mcpTools over a real MCP server (the SDK's McpServer in a child process, over stdio): tools/list gives the exports
// and their schemas, a guest call is a tools/call, structured and text results map as documented, isError becomes
// a guest ToolError, input off the schema is refused by the runtime before the server is called, and side effects
// follow the annotations through the runtime's policy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox, defaultPolicy, type RunEvent, type RunRequest } from "@capsule/runtime";
import { mcpTools } from "../src/index.js";
import { tempDir, TOOL_SERVER, useFixtureClient } from "./helpers.js";

const appendFile = join(tempDir(), "appended.txt");
const client = await useFixtureClient(TOOL_SERVER, { FIXTURE_APPEND_FILE: appendFile });
const fx = await mcpTools(client, { specifier: "@mcp/fx" });
const sandbox = createSandbox({ maxWorkers: 1, tools: { "@mcp/fx": fx } });
const run = async (source: string, extra: Partial<RunRequest> = {}) => {
  const result = await sandbox.run({ source, ...extra });
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
};
const serverCalls = async () => ((await client.callTool({ name: "calls", arguments: {} })).structuredContent ?? {}) as Record<string, number>;

describe("mcpTools", () => {
  it("offers every listed tool as an export, with its schemas, description and side effects", () => {
    expect(Object.keys(fx).sort()).toEqual(["add", "append_line", "calls", "explode", "greet", "report", "stats", "wait"]);
    expect(fx.add.description).toBe("Add two numbers. Returns their sum.");
    expect(fx.add.inputSchema).toMatchObject({ type: "object", required: ["a", "b"] });
    expect(fx.add.outputSchema).toMatchObject({ type: "object", properties: { sum: { type: "number" } } });
    expect(fx.add.sideEffects).toBe(false); // readOnlyHint: true
    expect(fx.append_line.sideEffects).toBe(true); // destructiveHint, no readOnlyHint
    expect(Object.isFrozen(fx)).toBe(true);
  });

  it("calls the tool and gives structuredContent when there is one, else the text (JSON-parsed when it is JSON)", async () => {
    const value = await run(`import { add, greet, stats, report } from "@mcp/fx";
      return [await add({ a: 2, b: 3 }), await greet({ name: "Ada" }), await stats(), await report()]`);
    expect(value).toEqual([{ sum: 5 }, "hello Ada", { count: 3, names: ["a", "b"] }, "part one\npart two\n[image image/png, 4 bytes]"]);
  });

  it("turns isError into a ToolError the guest can catch, with the tool's message and E_TOOL_FAILED", async () => {
    const caught = await run(`import { explode } from "@mcp/fx"; try { await explode(); return "no" } catch (e) { return [e.name, e.message] }`);
    expect(caught).toEqual(["ToolError", "E_TOOL_FAILED: @mcp/fx explode: the reactor is offline"]);
  });

  it("refuses input off the tool's schema in the runtime: the server is never called", async () => {
    const before = (await serverCalls()).add ?? 0;
    const caught = await run(`import { add } from "@mcp/fx"; try { await add({ a: "two", b: 1 }); return "no" } catch (e) { return e.message }`);
    expect(caught).toMatch(/^E_TOOL_INPUT_INVALID: @mcp\/fx add: the input does not fit its schema at \/a: /);
    expect((await serverCalls()).add ?? 0).toBe(before);
  });

  it("traces calls as tools of the module and gates side effects: denied by default, made when granted", async () => {
    const events: RunEvent[] = [];
    const denied = await run(`import { append_line } from "@mcp/fx"; try { await append_line({ line: "one" }) } catch (e) { return e.message }`, { policy: defaultPolicy(), onEvent: (e) => events.push(e) });
    expect(denied).toMatch(/^E_POLICY_DENIED: @mcp\/fx\.append_line has side effects/);
    expect((await serverCalls())["append-line"]).toBeUndefined();
    expect(events.find((e) => e.type === "call")).toMatchObject({ kind: "tool", target: "@mcp/fx", export: "append_line", ok: false, code: "E_POLICY_DENIED" });
    const granted = await run(`import { append_line } from "@mcp/fx"; return await append_line({ line: "two" })`, { policy: defaultPolicy({ grant: ["@mcp/fx.append_line"] }) });
    expect(granted).toBe("appended");
    expect(readFileSync(appendFile, "utf8")).toBe("two\n");
  });

  it("keeps pure tools callable under the default policy", async () => {
    expect(await run(`import { add } from "@mcp/fx"; return (await add({ a: 1, b: 1 })).sum`, { policy: defaultPolicy() })).toBe(2);
  });
});

afterAll(() => sandbox.close());
