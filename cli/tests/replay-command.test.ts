// capsule run --journal and capsule replay: a run's calls recorded as JSON Lines, then replayed offline.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnAsync } from "./helpers.js";

const CLI = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "capsule-replay-"));
const home = mkdtempSync(join(tmpdir(), "capsule-replay-home-"));
const capsule = (args: string[]) => spawnAsync(process.execPath, [CLI, ...args, "--home", home], { env: { ...process.env, CAPSULE_PACK_PATH: "" } });
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("capsule run --journal and capsule replay", () => {
  it("record a run with a host module, and replay it offline to the same end", async () => {
    const program = file("prog.js", "import { stringify } from '@capsule/csv'; const rows = [[Math.random(), new Date().toISOString()]]; return await stringify(rows)");
    const journalPath = join(dir, "run.jsonl");
    const ran = await capsule(["run", program, "--journal", journalPath, "--seed", "4", "--now", "2026-01-01T00:00:00Z"]);
    expect(ran.status, ran.stderr).toBe(0);
    const lines = readFileSync(journalPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(["run", "call", "end"]);
    expect(lines[1]).toMatchObject({ kind: "host-module", target: "capsule.csv", export: "stringify" });
    const replayed = await capsule(["replay", journalPath]);
    expect([replayed.status, replayed.stdout]).toEqual([0, "replayed 1 call from the journal: the run ended the same (the same value)\n"]);
  }, 240_000);

  it("say where a tampered journal diverges, and refuse a file that is not a journal", async () => {
    const program = file("prog2.js", "const a = Math.random(); return a");
    const journalPath = join(dir, "run2.jsonl");
    expect((await capsule(["run", program, "--journal", journalPath])).status).toBe(0);
    const [header, end] = readFileSync(journalPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    writeFileSync(journalPath, [JSON.stringify({ ...header, seed: (header.seed + 1) % 2 ** 32 }), JSON.stringify(end)].join("\n"));
    const replayed = await capsule(["replay", journalPath, "--json"]);
    expect(replayed.status).toBe(1);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ matches: false });
    const bad = await capsule(["replay", file("nope.jsonl", "{ not json")]);
    expect(bad.status).toBe(2);
  });
});
