// A stdio MCP server whose process ends (a tool that crashes it) is started again by its next call, so one run that
// kills it does not leave every later run without it; restarts are bounded, and a server that keeps dying is left
// down with calls that say so.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "@capsule/runtime";
import { connectStdioServers, MAX_RESTARTS } from "../src/index.js";

const script = fileURLToPath(new URL("./fixtures/restart-server.mjs", import.meta.url));
const connected = await connectStdioServers([{ name: "fx", command: process.execPath, args: [script], env: {} }], { stderr: "ignore" });
const sandbox = createSandbox({ maxWorkers: 1, tools: connected.belt });
afterAll(async () => {
  await sandbox.close();
  await connected.close();
});
const call = async (tool: "pid" | "die") => {
  const result = await sandbox.run({ source: `import { ${tool} } from "@mcp/fx"; try { return ["ok", await ${tool}({})] } catch (e) { return [e.message.split(":")[0], e.message] }`, limits: { wallMs: 60_000 } });
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as [string, unknown];
};

describe("a stdio MCP server whose process ends", () => {
  it("fails the call that ended it, and is started again for the next run", async () => {
    const [, first] = await call("pid");
    const [code] = await call("die");
    expect(code).toBe("E_MCP_REQUEST_FAILED");
    const [ok, second] = await call("pid");
    expect(ok).toBe("ok");
    expect(second).not.toBe(first);
    expect(connected.servers[0]!.client).toBeDefined();
  });

  it(`is left down after ${MAX_RESTARTS} restarts within the window, and its calls say so`, async () => {
    for (let i = 0; i < MAX_RESTARTS; i++) await call("die");
    const [code, message] = await call("pid");
    expect(code).toBe("E_MCP_REQUEST_FAILED");
    expect(message).toMatch(/ended 5 times within 60 s and is left down/);
  });
});
