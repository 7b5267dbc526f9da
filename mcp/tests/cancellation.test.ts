// A run that ends cancels the MCP requests it left: a tool awaited when the guest's wall clock fires sees its
// request cancelled on the server (the fixture writes a marker when notifications/cancelled aborts its handler), and
// the client stays usable.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "@capsule/runtime";
import { mcpTools } from "../src/index.js";
import { fileAppears, tempDir, TOOL_SERVER, useFixtureClient } from "./helpers.js";

const marker = join(tempDir(), "cancelled.txt");
const client = await useFixtureClient(TOOL_SERVER, { FIXTURE_CANCEL_MARKER: marker });
const sandbox = createSandbox({ maxWorkers: 1, tools: { "@mcp/fx": await mcpTools(client, { specifier: "@mcp/fx" }) } });
afterAll(() => sandbox.close());
// A warm worker, so the run under test reaches its tool call long before its wall clock fires.
beforeAll(() => sandbox.run({ source: "return 1" }));
const serverWaits = async () => ((await client.callTool({ name: "calls", arguments: {} })).structuredContent as Record<string, number>).wait ?? 0;

describe("a run's end", () => {
  it("cancels the MCP request of a tool it was awaiting", async () => {
    const waitsBefore = await serverWaits();
    const result = await sandbox.run({ source: `import { wait } from "@mcp/fx"; await wait({ ms: 120000 }); return "finished"`, limits: { wallMs: 1500 } });
    expect(result.ok ? "ok" : result.error.code).toBe("E_WALL_TIME");
    expect(await serverWaits()).toBe(waitsBefore + 1); // the call reached the server before the clock fired
    await fileAppears(marker);
    expect(readFileSync(marker, "utf8")).toMatch(/^cancelled: /);
    const after = await sandbox.run({ source: `import { add } from "@mcp/fx"; return (await add({ a: 40, b: 2 })).sum` });
    expect(after.ok && after.value).toBe(42);
  });

  it("cancels it when the caller aborts the run", async () => {
    rmSync(marker, { force: true });
    const waitsBefore = await serverWaits();
    const controller = new AbortController();
    const running = sandbox.run({ source: `import { wait } from "@mcp/fx"; await wait({ ms: 120000 }); return "finished"`, signal: controller.signal });
    // Abort once the server has the call, so the cancellation has a request to reach.
    for (let i = 0; i < 400 && (await serverWaits()) === waitsBefore; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    controller.abort();
    const result = await running;
    expect(result.ok ? "ok" : result.error.code).toBe("E_CANCELLED");
    await fileAppears(marker);
  });
});
