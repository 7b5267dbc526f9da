import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnAsync } from "./helpers.js";

const CLI = new URL("../dist/main.js", import.meta.url).pathname;
const capsule = (args: string[], input?: string) => spawnAsync(process.execPath, [CLI, ...args], { input });
const dir = mkdtempSync(join(tmpdir(), "capsule-cli-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("capsule run", () => {
  it("prints the run's observation and exits 0", async () => {
    const out = await capsule(["run", file("ok.ts", "console.log('working'); const n: number = 41; return { n: n + 1 }")]);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/^console \(1 line\):\n\| working\nok \(\d+ ms, cpu \d+ ms\)\nvalue:\n\{"n": 42\}\n$/);
  });

  it("gives the program a JSON file as its frozen global inputs with --inputs, and refuses a file that is not JSON", async () => {
    const data = file("data.json", JSON.stringify({ orders: [{ qty: 2 }, { qty: 3 }] }));
    const out = await capsule(["run", file("sum.js", "return inputs.orders.reduce((s, o) => s + o.qty, 0)"), "--inputs", data, "--value"]);
    expect([out.status, out.stdout]).toEqual([0, "5\n"]);
    const bad = await capsule(["run", file("sum2.js", "return 1"), "--inputs", file("bad.json", "{ nope")]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("not valid JSON");
  });

  it("prints the bare value with --value", async () => {
    const out = await capsule(["run", file("ok.ts", "const n: number = 41; return { n: n + 1 }"), "--value"]);
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ n: 42 });
  });

  it("prints the whole result with --json, honouring --seed and --now", async () => {
    const args = ["run", file("det.js", "return [Math.random(), new Date().toISOString()]"), "--json", "--seed", "3", "--now", "2030-01-01T00:00:00Z"];
    const a = JSON.parse((await capsule(args)).stdout);
    const b = JSON.parse((await capsule(args)).stdout);
    expect(a.ok).toBe(true);
    expect(a.value).toEqual(b.value);
    expect(a.value[1]).toBe("2030-01-01T00:00:00.000Z");
    expect(a.stats).toMatchObject({ seed: 3 });
  });

  it("reads the program from standard input with -", async () => {
    const out = await capsule(["run", "-", "--value"], "console.log('hello'); return 'from stdin'");
    expect(out.status).toBe(0);
    expect(out.stdout).toBe("hello\nfrom stdin\n");
  });

  it("writes the run's events as JSON Lines with --trace", async () => {
    const tracePath = join(dir, "trace.jsonl");
    const out = await capsule(["run", file("traced.js", "console.log('one'); return 2"), "--trace", tracePath]);
    expect(out.status).toBe(0);
    const events = readFileSync(tracePath, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(events.map((e) => e.type)).toEqual(["run.start", "console", "run.end"]);
    expect(events[1]).toMatchObject({ level: "log", message: "one", seq: 2 });
  });

  it("exits 1 with the code on a guest error", async () => {
    const out = await capsule(["run", file("bad.js", "throw new TypeError('nope')")]);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("error E_GUEST_ERROR TypeError: nope\n    at program (bad.js:1:");
  });

  it("applies --timeout as the wall-clock limit", async () => {
    const out = await capsule(["run", file("loop.js", "while (true) {}"), "--timeout", "100", "--json"]);
    expect(out.status).toBe(1);
    expect(JSON.parse(out.stdout).error.code).toMatch(/E_WALL_TIME|E_CPU_TIME/);
  });

  it.each([
    ["a missing file argument", ["run"]],
    ["an unreadable file", ["run", join(dir, "missing.js")]],
    ["a bad --seed", ["run", "-", "--seed", "abc"]],
    ["a bad --now", ["run", "-", "--now", "yesterday"]],
    ["an unknown option", ["run", "-", "--frobnicate"]],
    ["an unknown command", ["fly"]],
  ])("exits 2 on bad usage: %s", async (_label, args) => {
    expect((await capsule(args, "return 1")).status).toBe(2);
  });
});
