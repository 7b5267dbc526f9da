// A server's outputSchema is the server's choice, and a schema with references is a graph: two-way anyOf over $refs 40
// deep is 2^40 branches for one value. Such a check runs off the host's main thread, bounded in time (the SDK's own
// check, on the main thread with every error kept, is not used), so the call fails with a code and other runs go on.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "@capsule/runtime";
import { connectStdioServers } from "../src/index.js";

const SERVER = fileURLToPath(new URL("./fixtures/branching-schema-server.mjs", import.meta.url));
const connected = await connectStdioServers([{ name: "branch", command: process.execPath, args: [SERVER], env: { DEPTH: "40" } }]);
const sandbox = createSandbox({ maxWorkers: 2, tools: connected.belt });
afterAll(async () => {
  await sandbox.close();
  await connected.close();
});

describe("an outputSchema whose references branch", () => {
  it("is checked off the main thread: the call fails with E_TOOL_OUTPUT_INVALID and a run beside it finishes meanwhile", async () => {
    const call = sandbox.run({ source: "import { branch } from '@mcp/branch'; try { return await branch({}) } catch (e) { return e.message }", limits: { wallMs: 60_000 } });
    let callDone = false;
    void call.then(() => (callDone = true));
    const beside = await sandbox.run("return 1 + 1");
    expect([beside.ok && beside.value, callDone]).toEqual([2, false]);
    const result = await call;
    expect(result.ok && result.value).toMatch(/^E_TOOL_OUTPUT_INVALID: @mcp\/branch branch returned a result that does not fit its output schema at \/: the (check ran out of room|check against the schema did not finish within)/);
  }, 60_000);
});
