// The run-limit flags (src/limit-flags.ts): one per row of the runtime's LIMIT_ROWS on run, replay, mcp and worker,
// applied to the run, and bounded by each row's floor and ceiling (bad usage, exit 2, E_BAD_LIMIT naming the bound).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LIMIT_ROWS } from "@capsule/runtime";
import { describe, expect, it } from "vitest";
import { capsuleAsync, tempDir, tempHome } from "./helpers.js";
import { capsuleMcpClient, compiledHome } from "./mcp-helpers.js";

const dir = tempDir("capsule-limit-flags-");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const BIG_STRING = 'return "x".repeat(1000)';

/** The `--flag` words of a command's help that set a run limit (their help names the row). */
async function limitFlagsOf(command: string[]): Promise<string[]> {
  const help = await capsuleAsync([...command, "--help"]);
  expect(help.status).toBe(0);
  const text = help.stdout.replace(/\s+/g, " ");
  return Object.keys(LIMIT_ROWS).flatMap((name) => [...text.matchAll(new RegExp(`(--[a-z-]+) <[a-z]+> [^<]*? ${name}:`, "g"))].map((m) => m[1]!));
}

describe("run-limit flags", () => {
  it("offer one flag per runtime limit row on run, replay, mcp and worker, with the familiar names", async () => {
    const rows = Object.keys(LIMIT_ROWS).length;
    for (const command of [["run"], ["replay"], ["mcp"], ["worker"]]) {
      const flags = await limitFlagsOf(command);
      expect(new Set(flags).size, command.join(" ")).toBe(rows);
      expect(flags).toEqual(expect.arrayContaining(["--cpu", "--timeout", "--memory", "--stack", "--host-calls", "--host-calls-queued", "--host-calls-queued-bytes", "--log-lines", "--log-bytes"]));
    }
  }, 120_000);

  it("apply to the run: --result, --memory and --cpu end it with their codes; units are read", async () => {
    const home = tempHome();
    const small = await capsuleAsync(["run", "-", "--home", home, "--json", "--result", "100"], { input: BIG_STRING });
    expect([small.status, JSON.parse(small.stdout).error.code]).toEqual([1, "E_RESULT_TOO_LARGE"]);
    const roomy = await capsuleAsync(["run", "-", "--home", home, "--value", "--result", "1KiB"], { input: 'return "x".repeat(1000).length' });
    expect([roomy.status, roomy.stdout]).toEqual([0, "1000\n"]);
    const memory = await capsuleAsync(["run", "-", "--home", home, "--json", "--memory", "2MiB"], { input: "const a = []; for (let i = 0; i < 1e7; i++) a.push({ i }); return a.length" });
    expect(JSON.parse(memory.stdout).error.code).toBe("E_MEMORY");
    const cpu = await capsuleAsync(["run", "-", "--home", home, "--json", "--cpu", "50ms", "--timeout", "1min"], { input: "while (true) {}" });
    expect(JSON.parse(cpu.stdout).error.code).toBe("E_CPU_TIME");
  }, 120_000);

  it("refuse a value over the ceiling or under the floor as bad usage, naming the bound", async () => {
    const over = await capsuleAsync(["run", "-", "--cpu", "60001"], { input: "return 1" });
    expect(over.status).toBe(2);
    expect(over.stderr).toContain("E_BAD_LIMIT");
    expect(over.stderr).toContain("ceiling of cpuMs, 60,000 ms");
    const under = await capsuleAsync(["run", "-", "--stack", "1k"], { input: "return 1" });
    expect(under.status).toBe(2);
    expect(under.stderr).toContain("floor of stackBytes, 64 KiB");
    const notNumber = await capsuleAsync(["run", "-", "--host-calls", "lots"], { input: "return 1" });
    expect([notNumber.status, notNumber.stderr.includes("E_BAD_LIMIT")]).toEqual([2, true]);
    const replay = await capsuleAsync(["replay", "nothing.jsonl", "--memory", "2GiB"]);
    expect([replay.status, replay.stderr.includes("ceiling of memoryBytes, 1 GiB")]).toEqual([2, true]);
    // Refused before Redis is touched: no server listens on this port.
    const worker = await capsuleAsync(["worker", "--redis", "redis://127.0.0.1:1", "--timeout", "3600001"]);
    expect([worker.status, worker.stderr.includes("ceiling of wallMs")]).toEqual([2, true]);
    // An mcp default above the server's own (tighter) ceiling could never be asked for: bad usage too.
    const mcp = await capsuleAsync(["mcp", "--home", tempHome(), "--cpu", "20000"]);
    expect(mcp.status).toBe(2);
    expect(mcp.stderr).toContain("over this server's ceiling of cpuMs, 10,000 ms");
  }, 120_000);

  it("let replay run with the limits the journaled run had (a journal does not record them)", async () => {
    const home = tempHome();
    const journal = join(dir, "small.jsonl");
    const ran = await capsuleAsync(["run", file("big.js", BIG_STRING), "--home", home, "--journal", journal, "--result", "100"]);
    expect(ran.status).toBe(1);
    expect(readFileSync(journal, "utf8")).toContain("E_RESULT_TOO_LARGE");
    const without = await capsuleAsync(["replay", journal, "--home", home]);
    expect([without.status, without.stdout]).toEqual([1, expect.stringContaining("diverged")]);
    const same = await capsuleAsync(["replay", journal, "--home", home, "--result", "100"]);
    expect([same.status, same.stdout]).toEqual([0, expect.stringContaining("ended the same (E_RESULT_TOO_LARGE)")]);
  }, 120_000);

  it("are execute_code's defaults on capsule mcp", async () => {
    const client = await capsuleMcpClient(["--home", compiledHome(), "--result", "100"]);
    const result = (await client.callTool({ name: "execute_code", arguments: { code: BIG_STRING } })) as unknown as { structuredContent: { error: { code: string } } };
    expect(result.structuredContent.error.code).toBe("E_RESULT_TOO_LARGE");
    const raised = (await client.callTool({ name: "execute_code", arguments: { code: BIG_STRING, limits: { resultBytes: 5000 } } })) as unknown as { structuredContent: { ok: boolean } };
    expect(raised.structuredContent.ok).toBe(true);
  }, 120_000);
});
