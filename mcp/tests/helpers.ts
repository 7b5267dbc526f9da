// Shared by the MCP tests: the fixture servers (real SDK servers over stdio, in child processes), a connected SDK
// client per server closed after the file, temporary files, and a bounded wait for something a child process writes.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const TOOL_SERVER = fileURLToPath(new URL("./fixtures/tool-server.mjs", import.meta.url));
export const PAGED_SERVER = fileURLToPath(new URL("./fixtures/paged-server.mjs", import.meta.url));

export const tempDir = () => mkdtempSync(join(tmpdir(), "capsule-mcp-"));

/** A connected SDK client of a fixture server started with `env`; closed (ending the child) after the file. */
export async function useFixtureClient(script: string, env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "capsule-mcp-tests", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [script], env: { PATH: process.env.PATH ?? "", ...env }, stderr: "inherit" }));
  afterAll(() => client.close());
  return client;
}

/** Resolves once `file` exists; rejects after `ms` (a bound, not a speed assertion). */
export async function fileAppears(file: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} did not appear within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
