// `capsule mcp` over stdio, driven by the SDK's real Client: execute_code runs programs importing a shipped pack and
// the tools of a connected MCP server (the fixture), side effects denied unless granted, limits above the server's
// ceilings refused, a request too large for the channel failed at once (not at the client's timeout), list_modules and
// the reference resources.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { capsule, tempDir, spawnAsync } from "./helpers.js";
import { capsuleMcpClient, compiledHome, fixtureSpec, textOf } from "./mcp-helpers.js";

const work = tempDir();
const deniedFile = join(work, "denied.txt");
const grantedFile = join(work, "granted.txt");
let home: string;
let client: Client;
let granted: Client;
const execute = (c: Client, args: Record<string, unknown>) => c.callTool({ name: "execute_code", arguments: args });

beforeAll(async () => {
  home = compiledHome();
  [client, granted] = await Promise.all([
    capsuleMcpClient(["--home", home, "--connect", fixtureSpec("fx", { FIXTURE_APPEND_FILE: deniedFile }), "--workers", "1"]),
    capsuleMcpClient(["--home", home, "--connect", fixtureSpec("fx", { FIXTURE_APPEND_FILE: grantedFile }), "--grant", "@mcp/fx.append_line", "--ceiling", "wallMs=90000", "--workers", "1"]),
  ]);
}, 240_000);

describe("capsule mcp", () => {
  it("offers execute_code and list_modules", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["execute_code", "list_modules"]);
    const execute = tools.find((t) => t.name === "execute_code")!;
    expect(execute.inputSchema.required).toEqual(["code"]);
    expect(Object.keys(execute.inputSchema.properties ?? {})).toEqual(["code", "allow", "seed", "now", "limits"]);
  });

  it("runs a program importing a shipped pack: the observation as text, the whole result as structuredContent", async () => {
    const result = await execute(client, { code: "import { load } from '@capsule/yaml'; console.log('parsing'); return load('a: 1\\nb: [x, y]')", seed: 7, now: "2026-01-01T00:00:00Z" });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^console \(1 line\):\n\| parsing\nok \(\d+ ms, cpu \d+ ms\)\nvalue:\n\{"a": 1, "b": \["x", "y"\]\}$/);
    expect(result.structuredContent).toMatchObject({ ok: true, value: { a: 1, b: ["x", "y"] }, logs: [{ level: "log", message: "parsing" }], stats: { seed: 7, now: Date.parse("2026-01-01T00:00:00Z") } });
  });

  it("converts what JSON cannot say in structuredContent like --json does", async () => {
    const result = await execute(client, { code: "return { big: 10n, map: new Map([['k', 1]]), set: new Set([1, 2]), bytes: new Uint8Array([1, 2]), nan: NaN }" });
    expect(result.structuredContent).toMatchObject({ ok: true, value: { big: "10n", map: { k: 1 }, set: [1, 2], bytes: [1, 2], nan: "NaN" } });
  });

  it("calls the tools of a connected server from inside the program: many calls, one model call", async () => {
    const result = await execute(client, { code: "import { add, greet } from '@mcp/fx'; let s = 0; for (let i = 1; i <= 10; i++) s = (await add({ a: s, b: i })).sum; return [s, await greet({ name: 'Ada' })]" });
    expect(result.structuredContent).toMatchObject({ ok: true, value: [55, "hello Ada"], stats: { hostCalls: 11, callTargets: { "@mcp/fx.add": 10, "@mcp/fx.greet": 1 } } });
    expect(textOf(result)).toContain("11 host calls: @mcp/fx.add ×10, @mcp/fx.greet ×1");
  });

  it("denies a side-effecting tool unless granted, and makes the same call when it is", async () => {
    const code = "import { append_line } from '@mcp/fx'; return await append_line({ line: 'hello' })";
    const denied = await execute(client, { code });
    expect(denied.isError).toBe(true);
    expect(denied.structuredContent).toMatchObject({ ok: false, error: { code: "E_GUEST_ERROR", name: "PolicyDenied" } });
    expect(textOf(denied)).toContain("E_POLICY_DENIED: @mcp/fx.append_line has side effects and was not granted");
    expect(existsSync(deniedFile)).toBe(false);
    const allowed = await execute(granted, { code });
    expect(allowed.structuredContent).toMatchObject({ ok: true, value: "appended" });
    expect(readFileSync(grantedFile, "utf8")).toBe("hello\n");
  });

  it("refuses limits above the server's ceilings before running, and takes them within", async () => {
    const above = await execute(client, { code: "return 1", limits: { wallMs: 90_000, cpuMs: 500 } });
    expect(above.isError).toBe(true);
    expect(above.structuredContent).toMatchObject({ ok: false, error: { code: "E_LIMIT_ABOVE_CEILING" } });
    expect(textOf(above)).toMatch(/limits\.wallMs = 90,000 is above this server's ceiling of 60,000/);
    expect((await execute(granted, { code: "return 1", limits: { wallMs: 90_000 } })).structuredContent).toMatchObject({ ok: true, value: 1 });
    const tight = await execute(client, { code: "while (true) {}", limits: { cpuMs: 50 } });
    expect(tight.structuredContent).toMatchObject({ ok: false, error: { code: "E_CPU_TIME" } });
  });

  it("answers a failed run with isError and the error, and narrows imports with allow", async () => {
    const failed = await execute(client, { code: "throw new TypeError('nope')" });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toMatch(/^error E_GUEST_ERROR TypeError: nope/);
    const narrowed = await execute(client, { code: "import { add } from '@mcp/fx'; return 1", allow: ["@capsule/yaml"] });
    expect(narrowed.structuredContent).toMatchObject({ ok: false, error: { code: "E_IMPORT_NOT_ALLOWED" } });
  });

  it("lists what a program may import: packs with summaries, connected tools with side effects", async () => {
    const result = await client.callTool({ name: "list_modules", arguments: {} });
    const modules = (result.structuredContent as { modules: Array<{ specifier: string; kind: string; summary: string; tools?: Array<{ name: string; sideEffects: boolean; mcpName?: string }> }> }).modules;
    expect(modules.find((m) => m.specifier === "@capsule/yaml")).toMatchObject({ kind: "guest", summary: expect.stringContaining("YAML") });
    const fx = modules.find((m) => m.specifier === "@mcp/fx")!;
    expect(fx.kind).toBe("tool");
    expect(fx.tools!.find((t) => t.name === "add")).toMatchObject({ sideEffects: false });
    expect(fx.tools!.find((t) => t.name === "append_line")).toMatchObject({ sideEffects: true, mcpName: "append-line" });
    expect(textOf(result)).toContain("append_line(input) [MCP name append-line]: Append a line to the fixture's file. (side effects: denied unless the server granted it)");
  });

  it("serves the reference of what may be imported as resources", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["capsule://docs/reference.d.ts", "capsule://docs/reference.md"]);
    const dts = (await client.readResource({ uri: "capsule://docs/reference.d.ts" })).contents[0] as { text: string };
    expect(dts.text).toContain('declare module "@capsule/yaml"');
    expect(dts.text).toMatch(/declare module "@mcp\/fx" \{[\s\S]*export function add\(input: \{\n\s+a: number;\n\s+b: number;\n\s+\}\): Promise<\{\n\s+sum: number;\n\s+\}>;/);
    const md = (await client.readResource({ uri: "capsule://docs/reference.md" })).contents[0] as { text: string; mimeType: string };
    expect(md.mimeType).toBe("text/markdown");
    expect(md.text).toContain("# Tool modules");
  });

  it("fails a request too large for the stdio channel at once, and serves the next one", async () => {
    // The client would wait 110 s for an answer; the refusal of the dropped line carries the request's id.
    const call = client.callTool({ name: "execute_code", arguments: { code: `return "${"x".repeat(11 * 1024 * 1024)}".length` } }, undefined, { timeout: 110_000 });
    await expect(call).rejects.toMatchObject({ code: -32600, message: expect.stringContaining("is over the 10485760 bytes one stdio message may be") });
    expect((await execute(client, { code: "return 6 * 7" })).structuredContent).toMatchObject({ ok: true, value: 42 });
  }, 120_000);

  it("refuses a bad --ceiling or --connect as bad usage", async () => {
    expect((await capsule(["mcp", "--home", home, "--ceiling", "wallMs=99999999"])).status).toBe(2);
    const bad = await capsule(["mcp", "--home", home, "--connect", "fx=node s.mjs | tee x"]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining("E_MCP_BAD_SERVER_SPEC")]);
  });
});
