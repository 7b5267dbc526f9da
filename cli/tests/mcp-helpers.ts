// Shared by the CLI's MCP tests: the fixture MCP server of @capsule/mcp (a real SDK McpServer over stdio), a home
// whose catalog is compiled once per file (so servers start warm), and an SDK client of `capsule mcp` spawned over
// stdio, closed (ending the process and the servers it connected) after the file.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI, tempHome } from "./helpers.js";

export const TOOL_SERVER = fileURLToPath(new URL("../../mcp/tests/fixtures/tool-server.mjs", import.meta.url));

/** `<name>=<command…>` of the fixture server, with its environment words. */
export const fixtureSpec = (name: string, env: Record<string, string> = {}) =>
  `${name}=${Object.entries(env).map(([k, v]) => `${k}='${v}' `).join("")}'${process.execPath}' '${TOOL_SERVER}'`;

/** A temporary home with the pack roots already compiled (a cold compile takes seconds; later ones are warm). */
export function compiledHome(): string {
  const home = tempHome();
  const out = spawnSync(process.execPath, [CLI, "packs", "compile", "--home", home], { encoding: "utf8", env: { ...process.env, CAPSULE_PACK_PATH: "" } });
  if (out.status !== 0) throw new Error(`packs compile failed: ${out.stderr}`);
  return home;
}

/** An SDK client of `capsule mcp <args>` over stdio. */
export async function capsuleMcpClient(args: string[]): Promise<Client> {
  const client = new Client({ name: "capsule-cli-tests", version: "1.0.0" });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "mcp", ...args], env: { PATH: process.env.PATH ?? "", CAPSULE_PACK_PATH: "" }, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`capsule mcp did not start: ${(error as Error).message}\n${stderr}`);
  }
  afterAll(() => client.close());
  return client;
}

/** The text of a tool result's first content part. */
export const textOf = (result: object) => (((result as { content?: Array<{ type: string; text?: string }> }).content ?? [])[0]?.text ?? "");
