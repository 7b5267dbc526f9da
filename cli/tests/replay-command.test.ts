// capsule run --journal and capsule replay: a run's calls recorded as JSON Lines, then replayed offline.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
    const bad = await capsule(["replay", file("nope.jsonl", `${JSON.stringify(header)}\n{ not json`)]);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringMatching(/line 2 is not JSON/)]);
    const twice = await capsule(["replay", file("twice.jsonl", [header, end, header, end].map((r) => JSON.stringify(r)).join("\n"))]);
    expect([twice.status, twice.stderr]).toEqual([2, expect.stringMatching(/more than one run's header/)]);
    const folder = await capsule(["replay", dir]);
    expect([folder.status, folder.stderr]).toEqual([2, expect.stringMatching(/is not a file; pass the journal/)]);
    // An editor's byte order mark is not a reason to refuse it.
    const bom = await capsule(["replay", file("bom.jsonl", `\uFEFF${readFileSync(journalPath, "utf8")}`), "--json"]);
    expect(bom.status).toBe(1); // the tampered seed: it diverges, but it was read
  });

  it("stand in for a journal's calls without touching the process's objects, whatever the calls name", async () => {
    const journalPath = join(dir, "run3.jsonl");
    expect((await capsule(["run", file("prog3.js", "return 1"), "--journal", journalPath])).status).toBe(0);
    const [header, end] = readFileSync(journalPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const call = (target: string, exportName: string, kind = "host-function") => ({ type: "call", index: 1, kind, target, export: exportName, argsDigest: "0".repeat(64), outcome: { ok: true, value: { json: '{"v":1}', tagged: false, side: [] } } });
    for (const [target, exportName, kind] of [["__proto__.toJSON", "toJSON"], ["__proto__.then", "then"], ["__proto__", "toString", "tool"]] as const) {
      writeFileSync(journalPath, [header, call(target, exportName, kind), end].map((r) => JSON.stringify(r)).join("\n"));
      const replayed = await capsule(["replay", journalPath]);
      // The program makes no call: the run ends as journaled, and nothing leaked onto Object.prototype broke it (a
      // tool module named "__proto__" is no module specifier: refused as the request it makes, exit 2).
      const expected = kind === "tool" ? [2, "", expect.stringMatching(/tool module "__proto__" is not a module specifier/)] : [0, "replayed 1 call from the journal: the run ended the same (the same value)\n", ""];
      expect([target, replayed.status, replayed.stdout, replayed.stderr]).toEqual([target, ...expected]);
    }
  });

  it("print the journal's and the guest's text escaped and cut, and say how a journal without its end record ended", async () => {
    const journalPath = join(dir, "run4.jsonl");
    const source = 'throw new Error("\\u001b]0;TITLE\\u0007" + "A".repeat(30000))';
    expect((await capsule(["run", file("prog4.js", source), "--journal", journalPath])).status).toBe(1);
    const [header] = readFileSync(journalPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    writeFileSync(journalPath, [header, { type: "end", ok: true, valueDigest: "x" }].map((r) => JSON.stringify(r)).join("\n"));
    const diverged = await capsule(["replay", journalPath]);
    expect(diverged.status).toBe(1);
    expect(diverged.stdout).not.toMatch(/[\u001b\u0007]/);
    expect(diverged.stdout).toContain("\\x1b]0;TITLE\\x07");
    expect(diverged.stdout.length).toBeLessThan(3_000);
    // A crashed run's journal has no end: the replay says how it ended, and exits 0 when that was ok.
    writeFileSync(journalPath, JSON.stringify(header));
    expect((await capsule(["replay", journalPath])).stdout).toMatch(/^the journal has no end record .*then the run ended E_GUEST_ERROR: \\x1b\]0;TITLE\\x07A+… \(\d+ more characters\)\n$/);
    const okPath = join(dir, "run5.jsonl");
    expect((await capsule(["run", file("prog5.js", "return 2"), "--journal", okPath])).status).toBe(0);
    writeFileSync(okPath, readFileSync(okPath, "utf8").trim().split("\n")[0]!);
    const fine = await capsule(["replay", okPath]);
    expect([fine.status, fine.stdout]).toEqual([0, "the journal has no end record (the run it recorded did not finish): replayed its 0 calls, then the run ended ok\n"]);
    // A journal the runtime refuses as a request is unusable input: exit 2.
    writeFileSync(okPath, JSON.stringify({ ...header, filename: "../odd name.js" }));
    const refused = await capsule(["replay", okPath]);
    expect([refused.status, refused.stderr]).toEqual([2, expect.stringMatching(/request\.filename must be a bare file name/)]);
  });

  it.skipIf(!existsSync("/dev/full"))("fail a run whose journal could not be written: the journal was asked for", async () => {
    const ran = await capsule(["run", file("prog6.js", "return 1"), "--journal", "/dev/full"]);
    expect([ran.status, ran.stderr]).toEqual([1, expect.stringMatching(/the journal \/dev\/full is incomplete \(ENOSPC\): it cannot replay this run/)]);
  });
});
