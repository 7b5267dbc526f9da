// `capsule mcp --http <port>`: the same server over Streamable HTTP on loopback, driven by the SDK's client; a request
// naming another Host is refused (DNS rebinding); SIGTERM stops it cleanly.
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CLI, spawnAsync } from "./helpers.js";
import { compiledHome, fixtureSpec, textOf } from "./mcp-helpers.js";

let child: ChildProcess;
let url: URL;
let client: Client;

beforeAll(async () => {
  const home = compiledHome();
  child = spawn(process.execPath, [CLI, "mcp", "--http", "0", "--home", home, "--workers", "1", "--connect", fixtureSpec("fx")], { env: { ...process.env, CAPSULE_PACK_PATH: "" }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  url = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found) resolve(new URL(found[1]!));
    });
    child.once("exit", (code) => reject(new Error(`capsule mcp --http exited with ${code}: ${stderr}`)));
  });
  client = new Client({ name: "capsule-cli-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
}, 240_000);

afterAll(async () => {
  await client?.close();
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
  }
});

const status = (headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
    const req = request({ host: "127.0.0.1", port: url.port, path: "/mcp", method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once("error", reject);
    req.end(body);
  });

describe("capsule mcp --http", () => {
  it("serves execute_code and list_modules over Streamable HTTP", async () => {
    const result = await client.callTool({ name: "execute_code", arguments: { code: "import { add } from '@mcp/fx'; return 1 + (await add({ a: 0, b: 1 })).sum" } });
    expect(result.structuredContent).toMatchObject({ ok: true, value: 2 });
    expect(textOf(result)).toMatch(/^ok \(/);
    expect(textOf(await client.callTool({ name: "list_modules", arguments: {} }))).toContain("@mcp/fx (tools)");
  });

  it("refuses a Host or Origin other than its own loopback listener", async () => {
    expect(await status({ Host: "attacker.example" })).toBe(403);
    expect(await status({ Host: `127.0.0.1:${url.port}`, Origin: "http://attacker.example" })).toBe(403);
  });

  it("stops cleanly on SIGTERM", async () => {
    await client.close();
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
