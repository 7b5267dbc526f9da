// MCP benchmark (issue: tool belts): (1) 100 calls through a tool module vs the same through a host-function
// namespace, same run shape; (2) execute_code of `return 1 + 1` over stdio from the SDK client vs a direct
// sandbox.run in this process; (3) a guest calling an MCP tool vs Node calling the same client directly.
// Baselines are measured in this process, interleaved with what they are compared to; it prints, never asserts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createSandbox } from "../../runtime/dist/index.js";
import { mcpTools } from "../../mcp/dist/index.js";
import { ms, percentile, ratio, table } from "./stats.mjs";

const CLI = fileURLToPath(new URL("../../cli/dist/main.js", import.meta.url));
const TOOL_SERVER = fileURLToPath(new URL("../../mcp/tests/fixtures/tool-server.mjs", import.meta.url));
const median = (times) => percentile([...times].sort((a, b) => a - b), 0.5);

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function connect(command, args) {
  const client = new Client({ name: "capsule-bench", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, env: { PATH: process.env.PATH ?? "" }, stderr: "ignore" }));
  return client;
}

/** (1) The same 100-call loop through a host function and through a tool module (with and without schemas). */
async function toolModuleVsHostFunction() {
  const inc = ({ n }) => n + 1;
  const checked = { description: "Adds one.", inputSchema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] }, outputSchema: { type: "integer" }, handler: inc };
  const unchecked = { description: "Adds one.", inputSchema: {}, handler: inc };
  const sandbox = createSandbox({ maxWorkers: 1, tools: { "@bench/checked": { inc: checked }, "@bench/unchecked": { inc: unchecked } } });
  const loop = (call) => `let s = 0; for (let i = 0; i < 100; i++) s = await ${call}({ n: s }); return s`;
  const variants = {
    "host function h.inc": { source: loop("h.inc"), hostFunctions: { h: { inc } } },
    "tool module, input and output schemas": { source: `import { inc } from "@bench/checked"; ${loop("inc")}` },
    "tool module, empty input schema": { source: `import { inc } from "@bench/unchecked"; ${loop("inc")}` },
  };
  const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  // Interleaved, so drift on a noisy machine hits every variant alike.
  for (let round = 0; round < 44; round++) {
    for (const [name, request] of Object.entries(variants)) {
      let result;
      const t = await timed(async () => (result = await sandbox.run(request)));
      if (!result.ok || result.value !== 100) throw new Error(JSON.stringify(result));
      if (round >= 4) times[name].push(t);
    }
  }
  await sandbox.close();
  const base = median(times["host function h.inc"]);
  return [
    ["(1) run with 100 sequential calls (median of 40)", "time", "per call", "ratio", "target"],
    ...Object.keys(variants).map((name) => {
      const t = median(times[name]);
      return [name, ms(t), ms(t / 100), ratio(t, base), t === base ? "" : "<= 1.1x"];
    }),
  ];
}

/** (2) execute_code of `return 1 + 1` over stdio, beside a direct sandbox.run here. */
async function executeCodeOverStdio(home) {
  const client = await connect(process.execPath, [CLI, "mcp", "--home", home, "--workers", "1"]);
  const sandbox = createSandbox({ maxWorkers: 1 });
  const overMcp = [];
  const direct = [];
  for (let i = 0; i < 330; i++) {
    let answer;
    const a = await timed(async () => (answer = await client.callTool({ name: "execute_code", arguments: { code: "return 1 + 1" } })));
    if (answer.structuredContent?.value !== 2) throw new Error(JSON.stringify(answer));
    const b = await timed(() => sandbox.run({ source: "return 1 + 1" }));
    if (i >= 30) overMcp.push(a), direct.push(b);
  }
  await Promise.all([client.close(), sandbox.close()]);
  const sorted = (t) => [...t].sort((x, y) => x - y);
  return [
    ["(2) `return 1 + 1` (300 calls)", "p50", "p95", "target"],
    ["execute_code over stdio (SDK client → capsule mcp)", ms(median(overMcp)), ms(percentile(sorted(overMcp), 0.95)), "p50 <= 5 ms"],
    ["sandbox.run in this process", ms(median(direct)), ms(percentile(sorted(direct), 0.95)), ""],
  ];
}

/**
 * (3) A guest calling an MCP tool through mcpTools vs this process calling the same client directly; between them, a
 * plain host function that calls the client, which isolates the thread hops (worker → main → worker) from the tool path.
 */
async function guestVsDirectClient() {
  const client = await connect(process.execPath, [TOOL_SERVER]);
  const sandbox = createSandbox({ maxWorkers: 1, tools: { "@mcp/fx": await mcpTools(client, { specifier: "@mcp/fx" }) } });
  const loop = (call) => `let s = 0; for (let i = 0; i < 100; i++) s = (await ${call}({ a: s, b: 1 })).sum; return s`;
  const m = { add: async (args) => (await client.callTool({ name: "add", arguments: args })).structuredContent };
  const runs = {
    tool: { source: `import { add } from "@mcp/fx"; ${loop("add")}` },
    hostFunction: { source: loop("m.add"), hostFunctions: { m } },
  };
  const times = { tool: [], hostFunction: [], direct: [] };
  for (let round = 0; round < 27; round++) {
    for (const [name, request] of Object.entries(runs)) {
      let result;
      const t = await timed(async () => (result = await sandbox.run(request)));
      if (!result.ok || result.value !== 100) throw new Error(JSON.stringify(result));
      if (round >= 2) times[name].push(t);
    }
    const d = await timed(async () => {
      let s = 0;
      for (let i = 0; i < 100; i++) s = (await client.callTool({ name: "add", arguments: { a: s, b: 1 } })).structuredContent.sum;
      if (s !== 100) throw new Error(String(s));
    });
    if (round >= 2) times.direct.push(d);
  }
  await Promise.all([client.close(), sandbox.close()]);
  const [tool, hostFunction, direct] = ["tool", "hostFunction", "direct"].map((k) => median(times[k]) / 100);
  return [
    ["(3) one call of an MCP tool (add), 100 in a row (median of 25)", "per call", "overhead", "ratio"],
    ["Node calls client.callTool directly", ms(direct), "", "1.00x"],
    ["a guest's host function m.add calls the client (thread hops only)", ms(hostFunction), ms(hostFunction - direct), ratio(hostFunction, direct)],
    ["a guest calls it through mcpTools (tool path: schemas, context)", ms(tool), ms(tool - direct), ratio(tool, direct)],
  ];
}

export async function mcpBench() {
  console.log("== MCP: tool modules, capsule mcp, mcpTools ==\n");
  const home = mkdtempSync(join(tmpdir(), "capsule-bench-mcp-"));
  try {
    const compiled = spawnSync(process.execPath, [CLI, "packs", "compile", "--home", home], { encoding: "utf8" });
    if (compiled.status !== 0) throw new Error(compiled.stderr);
    table(await toolModuleVsHostFunction());
    table(await executeCodeOverStdio(home));
    table(await guestVsDirectClient());
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
