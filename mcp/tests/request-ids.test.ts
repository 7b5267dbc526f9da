// A request that reuses the id of one still in flight is refused -32600 E_ID_IN_USE and never run (src/request-guard.ts):
// the SDK keys each handler's abort controller by id, so a second request of the same id orphaned the first run —
// neither a cancel nor the connection's close reached it, and it ran to its limit. Raw JSON-RPC over the SDK's
// InMemoryTransport to the real server over a real sandbox, whose runs are watched for their abort signals.
import { afterAll, describe, expect, it } from "vitest";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { createSandbox, type RunRequest, type RunResult } from "@capsule/runtime";
import { createCapsuleMcpServer } from "../src/index.js";

const HOLD = { code: "return \"held until cancelled\"" };
const real = createSandbox({ maxWorkers: 2 });
afterAll(() => real.close());
/** Every run the server asked for, with whether its signal fired. A run of HOLD lasts until its signal fires, so
 * no assertion races a limit. */
const runs: Array<{ source: string; aborted: boolean }> = [];
const sandbox = {
  run(request: RunRequest): Promise<RunResult> {
    const seen = { source: request.source, aborted: false };
    runs.push(seen);
    request.signal?.addEventListener("abort", () => (seen.aborted = true));
    if (request.source !== HOLD.code) return real.run(request);
    return new Promise((resolve) => request.signal?.addEventListener("abort", () => resolve(real.run(request))));
  },
};

const call = (id: unknown, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "execute_code", arguments: args } });
const until = async (what: () => boolean) => {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 10));
};

async function session() {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await createCapsuleMcpServer({ sandbox, concurrentRuns: 4 }).connect(serverSide);
  const answers: Array<Record<string, any>> = [];
  client.onmessage = (message) => void answers.push(message as Record<string, any>);
  await client.start();
  const send = (message: unknown) => client.send(message as JSONRPCMessage);
  const answerTo = async (id: unknown, nth = 1) => {
    await until(() => answers.filter((a) => a.id === id).length >= nth);
    return answers.filter((a) => a.id === id)[nth - 1]!;
  };
  await send({ jsonrpc: "2.0", id: "init", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  await answerTo("init");
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return { client, send, answerTo, answers };
}

describe("a request id already in flight", () => {
  it("is refused -32600 E_ID_IN_USE, not run, and the first run stays cancellable", async () => {
    runs.length = 0;
    const s = await session();
    await s.send(call(7, HOLD));
    await until(() => runs.length === 1);
    await s.send(call(7, { code: "return 2" }));
    const refused = await s.answerTo(7);
    expect(refused.error).toMatchObject({ code: -32600, data: { code: "E_ID_IN_USE" } });
    expect(refused.error.message).toMatch(/id "7" is already used by a request in flight/);
    expect(runs.length).toBe(1);
    await s.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "stop" } });
    await until(() => runs[0]!.aborted);
    await s.client.close();
  });

  it("is refused however often it is repeated (a refusal does not free the id)", async () => {
    runs.length = 0;
    const s = await session();
    await s.send(call("a", HOLD));
    await until(() => runs.length === 1);
    for (let i = 1; i <= 3; i++) {
      await s.send(call("a", { code: "return 2" }));
      expect((await s.answerTo("a", i)).error.data.code).toBe("E_ID_IN_USE");
    }
    expect(runs.length).toBe(1);
    await s.client.close(); // the close reaches the one run the SDK holds
    await until(() => runs[0]!.aborted);
  });

  it("is free again once its request is answered or cancelled; ids 1 and \"1\" are different", async () => {
    runs.length = 0;
    const s = await session();
    await s.send(call(1, { code: "return 1" }));
    expect((await s.answerTo(1)).result.isError).toBeFalsy();
    await s.send(call(1, HOLD));
    await s.send(call("1", { code: "return 3" }));
    expect((await s.answerTo("1")).result.structuredContent).toMatchObject({ ok: true, value: 3 });
    await until(() => runs.length === 3);
    await s.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } });
    await until(() => runs[1]!.aborted);
    await s.send(call(1, { code: "return 4" }));
    expect((await s.answerTo(1, 2)).result.structuredContent).toMatchObject({ ok: true, value: 4 });
    await s.client.close();
  });

  it("closing the connection aborts every run of it", async () => {
    runs.length = 0;
    const s = await session();
    await s.send(call(1, HOLD));
    await s.send(call(2, HOLD));
    await s.send(call(2, HOLD));
    await until(() => runs.length === 2);
    await s.client.close();
    await until(() => runs.every((r) => r.aborted));
    expect(runs.length).toBe(2);
  });
});
