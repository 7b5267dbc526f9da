// A call whose connection the SDK closes says why: an answer past the stdio read buffer (10 MiB) failed the guest's
// call with only "MCP error -32000: Connection closed"; the guest's error now names the cap and carries its code.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "@capsule/runtime";
import { connectStdioServers } from "../src/index.js";

const script = fileURLToPath(new URL("./fixtures/big-answer-server.mjs", import.meta.url));
const connected = await connectStdioServers([{ name: "big", command: process.execPath, args: [script], env: {} }], { stderr: "ignore" });
const sandbox = createSandbox({ maxWorkers: 1, tools: connected.belt });
afterAll(async () => {
  await sandbox.close();
  await connected.close();
});

describe("a connection the SDK closes", () => {
  it("fails the call with why, and the server answers the next call", async () => {
    const source = (chars: number) => `import { big } from "@mcp/big"; try { const r = await big({ chars: ${chars} }); return ["ok", String(r).length] } catch (e) { return [e.code, e.message] }`;
    const failed = await sandbox.run({ source: source(11 * 1024 * 1024), limits: { wallMs: 60_000 } });
    expect(failed.ok).toBe(true);
    const [code, message] = (failed as { value: [string, string] }).value;
    expect(code).toBe("E_MCP_REQUEST_FAILED");
    expect(message).toContain("Connection closed");
    expect(message).toContain("the server sent a message larger than the 10,485,760 bytes one message may be");
    const next = await sandbox.run({ source: source(10), limits: { wallMs: 60_000 } });
    expect(next).toMatchObject({ ok: true, value: ["ok", 10] });
  }, 120_000);
});
