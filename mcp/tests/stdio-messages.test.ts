// What the stdio channel of the Capsule MCP server takes: a message past STDIO_MAX_MESSAGE_BYTES is dropped and
// refused (a JSON-RPC error with the request's id where the line's edges show it, else id null; a coded stderr
// line), and the server goes on serving — one 11 MiB line closed
// the SDK's transport, and `capsule mcp` exited 0 with the runs in flight unanswered. And what it sends: an answer's
// structuredContent is held to STRUCTURED_MAX_BYTES of JSON, so the SDK's own stdio client (10 MiB) can read it.
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createSandbox } from "@capsule/runtime";
import { createCapsuleMcpServer, moduleSummaries } from "../src/index.js";
import { serveStdio } from "../src/serve-stdio.js";
import { LineCap, STDIO_MAX_MESSAGE_BYTES, idOfEdges } from "../src/stdio-lines.js";
import { STRUCTURED_MAX_BYTES } from "../src/execute-code.js";

const sandbox = createSandbox({ maxWorkers: 1 });
afterAll(() => sandbox.close());
const server = () => createCapsuleMcpServer({ sandbox, modules: moduleSummaries({ modules: [] }) });

describe("LineCap", () => {
  it("passes lines within the cap whole, across chunks, and ends an over-long one where it is cut", async () => {
    const refused: unknown[] = [];
    const cap = new LineCap(8, (bytes, id) => refused.push([bytes, id]));
    const out: Buffer[] = [];
    cap.on("data", (b: Buffer) => out.push(b));
    for (const piece of ["abc", "de\nxxxxx", "xxxxxxx", "x\nok\n", "12345678\n", "123456789"]) cap.write(Buffer.from(piece));
    cap.end();
    await new Promise((resolve) => cap.on("end", resolve));
    expect(Buffer.concat(out).toString()).toBe("abcde\nxxxxxxxx\nok\n12345678\n12345678\n");
    // Reported when the line ends (the last at the end of the input), with all its bytes.
    expect(refused).toEqual([[13, null], [9, null]]);
  });

  it("reads a dropped line's id off its first or last bytes, however it was cut into chunks", async () => {
    const refusedOf = async (line: string, chunk: number) => {
      const refused: unknown[] = [];
      const cap = new LineCap(300, (_, id) => refused.push(id));
      cap.resume();
      for (let i = 0; i < line.length; i += chunk) cap.write(Buffer.from(line.slice(i, i + chunk)));
      cap.end();
      await new Promise((resolve) => cap.on("end", resolve));
      return refused;
    };
    const params = `"params":{"name":"execute_code","arguments":{"code":"${"x".repeat(2000)}","id":3}}`;
    for (const chunk of [1, 7, 4096]) {
      expect(await refusedOf(`{"jsonrpc":"2.0","id":2,"method":"tools/call",${params}}\n`, chunk)).toEqual([2]);
      expect(await refusedOf(`{"method":"tools/call",${params},"jsonrpc":"2.0","id":"r-9"}\r\n`, chunk)).toEqual(["r-9"]);
      // An id only inside the params names no request.
      expect(await refusedOf(`{"method":"tools/call",${params}}\n`, chunk)).toEqual([null]);
    }
  });

  it("takes only a top-level id at the edges", () => {
    expect(idOfEdges('{"jsonrpc":"2.0","id":-4,"method":"x"', "")).toBe(-4);
    expect(idOfEdges('{"id":"a\\"b",', "")).toBe('a"b');
    expect(idOfEdges('{"params":{"id":1,', '"x":{"id":5}}')).toBeNull();
    expect(idOfEdges("", '"text":"ends with \\",\\"id\\":5}"}')).toBeNull();
  });
});

describe("the stdio channel", () => {
  it(`drops a message over ${STDIO_MAX_MESSAGE_BYTES} bytes with an error, and answers the next one`, async () => {
    const stdin = new PassThrough(), stdout = new PassThrough(), stderr = new PassThrough();
    let text = "", errors = "";
    stdout.on("data", (b: Buffer) => (text += b.toString()));
    stderr.on("data", (b: Buffer) => (errors += b.toString()));
    const serving = await serveStdio(server(), stdin, stdout, stderr);
    const send = (m: unknown) => stdin.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "execute_code", arguments: { code: `return "${"x".repeat(11 * 1024 * 1024)}".length` } } });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "execute_code", arguments: { code: "return 6 * 7" } } });
    const answers = () => text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id: unknown; error?: { data?: { code: string } }; result?: { structuredContent?: { value?: unknown } } });
    for (let i = 0; i < 600 && !answers().some((a) => a.id === 3); i++) await new Promise((r) => setTimeout(r, 50));
    const all = answers();
    // The dropped request is answered with its own id: its client hears back at once.
    expect(all.filter((a) => a.id === 2).map((a) => a.error?.data?.code)).toEqual(["E_MESSAGE_TOO_LARGE"]);
    expect(all.find((a) => a.id === 3)?.result?.structuredContent?.value).toBe(42);
    expect(all.some((a) => a.id === null)).toBe(false);
    expect(errors).toContain("capsule mcp: E_MESSAGE_TOO_LARGE");
    await serving.close();
  }, 60_000);
});

describe("a line that is no JSON-RPC message", () => {
  it("is answered with an error of id null (parse error, invalid request), and the server goes on", async () => {
    const stdin = new PassThrough(), stdout = new PassThrough(), stderr = new PassThrough();
    let text = "";
    stdout.on("data", (b: Buffer) => (text += b.toString()));
    const serving = await serveStdio(server(), stdin, stdout, stderr);
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n');
    stdin.write("hello world\n");
    stdin.write('[{"jsonrpc":"2.0","id":4,"method":"ping"}]\n');
    stdin.write('{"jsonrpc":"2.0","id":9,"method":"ping"}\n');
    const answers = () => text.split("\n").filter(Boolean).map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; data?: { code: string } } });
    for (let i = 0; i < 200 && !answers().some((a) => a.id === 9); i++) await new Promise((r) => setTimeout(r, 25));
    expect(answers().filter((a) => a.id === null).map((a) => [a.error?.code, a.error?.data?.code])).toEqual([[-32700, "E_PARSE_ERROR"], [-32600, "E_INVALID_REQUEST"]]);
    expect(answers().some((a) => a.id === 9 && !a.error)).toBe(true);
    await serving.close();
  });
});

describe("an answer's size", () => {
  it(`keeps structuredContent within ${STRUCTURED_MAX_BYTES} bytes of JSON, saying what it left out`, async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server().connect(serverSide);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(clientSide);
    try {
      // 3 Mi control characters cross within resultBytes, but are six bytes each as JSON.
      const big = await client.callTool({ name: "execute_code", arguments: { code: 'return "\\u0001".repeat(3 * 1024 * 1024)' } });
      const structured = big.structuredContent as Record<string, unknown>;
      expect(structured.ok).toBe(true);
      expect(structured.value).toBeUndefined();
      expect(structured.valueOmitted).toMatch(/over the 8388608 one answer may be/);
      expect(Buffer.byteLength(JSON.stringify(structured))).toBeLessThanOrEqual(STRUCTURED_MAX_BYTES);
      const small = await client.callTool({ name: "execute_code", arguments: { code: 'return "\\u0001".repeat(1000).length' } });
      expect((small.structuredContent as { value: unknown }).value).toBe(1000);
    } finally {
      await client.close();
    }
  }, 60_000);
});
