// `capsule run --mcp <name>=<command…>` and `capsule packs docs --mcp`: stdio MCP servers started for the command,
// their tools importable (and documented) as @mcp/<name>, side effects denied unless --grant, servers closed after.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { capsule, tempDir, spawnAsync } from "./helpers.js";
import { compiledHome, fixtureSpec } from "./mcp-helpers.js";

const work = tempDir();
const program = (name: string, text: string) => {
  const file = join(work, name);
  writeFileSync(file, text);
  return file;
};
let home: string;
beforeAll(() => void (home = compiledHome()), 120_000);

describe("capsule run --mcp", () => {
  it("offers a server's tools as @mcp/<name> for the run", async () => {
    const file = program("sum.ts", "import { add, stats } from '@mcp/fx'; const { sum } = await add({ a: 20, b: 22 }); return { sum, stats: await stats() }");
    const out = await capsule(["run", file, "--home", home, "--mcp", fixtureSpec("fx"), "--value"]);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    expect(JSON.parse(out.stdout)).toEqual({ sum: 42, stats: { count: 3, names: ["a", "b"] } });
  });

  it("denies side-effecting tools unless --grant names them", async () => {
    const target = join(work, "appended.txt");
    const file = program("append.js", "import { append_line } from '@mcp/fx'; return await append_line({ line: 'one' })");
    const denied = await capsule(["run", file, "--home", home, "--mcp", fixtureSpec("fx", { FIXTURE_APPEND_FILE: target })]);
    expect(denied.status).toBe(1);
    expect(denied.stdout).toContain("E_POLICY_DENIED: @mcp/fx.append_line has side effects");
    expect(existsSync(target)).toBe(false);
    const granted = await capsule(["run", file, "--home", home, "--mcp", fixtureSpec("fx", { FIXTURE_APPEND_FILE: target }), "--grant", "@mcp/fx.append_line", "--value"]);
    expect([granted.status, granted.stdout]).toEqual([0, "appended\n"]);
    expect(readFileSync(target, "utf8")).toBe("one\n");
    // The one-thing form grants the same tool, with no warning.
    const hashed = await capsule(["run", file, "--home", home, "--mcp", fixtureSpec("fx", { FIXTURE_APPEND_FILE: target }), "--grant", "@mcp/fx#append_line", "--value"]);
    expect([hashed.status, hashed.stdout, hashed.stderr]).toEqual([0, "appended\n", ""]);
  });

  it("refuses a malformed server as bad usage and a server that does not start as a failure", async () => {
    const file = program("one.js", "return 1");
    const bad = await capsule(["run", file, "--home", home, "--mcp", "fx=node server.mjs > log"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('E_MCP_BAD_SERVER_SPEC: MCP server "fx=node server.mjs > log": ">" needs a shell')]);
    const missing = await capsule(["run", file, "--home", home, "--mcp", `fx='${process.execPath}' ${join(work, "no-such-server.mjs")}`]);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining("E_MCP_CONNECT_FAILED: MCP server fx")]);
  });
});

describe("capsule packs docs --mcp", () => {
  it("includes the declarations of a server's tools, and accepts --allow of them", async () => {
    const out = await capsule(["packs", "docs", "--home", home, "--mcp", fixtureSpec("fx"), "--allow", "@mcp/fx", "--format", "dts"]);
    expect([out.status, out.stderr]).toEqual([0, ""]);
    expect(out.stdout).toContain('declare module "@mcp/fx"');
    expect(out.stdout).toContain("/** Append a line to the fixture's file. (side effects: needs a grant) */\n  export function append_line(input: {\n    line: string;\n  }): Promise<unknown>;");
    expect(out.stdout).not.toContain('declare module "@capsule/yaml"');
  });
});
