// Journal, replay, resume and suspend: what the host answered is recorded, so a run replays to the same result without
// reaching the host, a different run is caught at the call where it diverges, and a suspended run resumes elsewhere.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSandbox, defaultPolicy, journalFromLines, journalToLines, sideEffecting, suspendRun, type Journal, type JournalRecord, type Suspended, type ToolBelt } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
let lookups = 0;
const hostFunctions = { db: { lookup: async (id: number) => (lookups++, { id, name: `user ${id}`, seenAt: new Date(1000 * id) }) } };
const tools: ToolBelt = { "@tools/dice": { roll: { description: "Rolls a die.", inputSchema: { type: "object" }, handler: () => (lookups++, 4) } } };
const PROGRAM = `import { roll } from "@tools/dice";
  const picks = [];
  for (let i = 1; i <= 3; i++) picks.push(await db.lookup(i + Math.floor(Math.random() * 10)));
  return { picks, when: new Date().toISOString(), rolled: await roll({}), bytes: new Uint8Array([1, 2, 3]) };`;

async function journaled() {
  const records: JournalRecord[] = [];
  const result = await sandbox.run({ source: PROGRAM, hostFunctions, tools, journal: (r) => records.push(r) });
  expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
  return { result, journal: result.journal!, records };
}

describe("the journal", () => {
  it("records every call in order, with the run's seed, clock, source and modules, and streams each record", async () => {
    const { result, journal, records } = await journaled();
    expect(journal.header).toMatchObject({ type: "run", version: 1, seed: result.stats.seed, now: result.stats.now, source: PROGRAM });
    expect(journal.calls.map((c) => [c.index, c.kind, c.target, c.export])).toEqual([[1, "host-function", "db.lookup", "lookup"], [2, "host-function", "db.lookup", "lookup"], [3, "host-function", "db.lookup", "lookup"], [4, "tool", "@tools/dice", "roll"]]);
    expect(journal.calls.every((c) => c.outcome && "ok" in c.outcome && c.outcome.ok)).toBe(true);
    expect(records.map((r) => r.type)).toEqual(["run", "call", "call", "call", "call", "end"]);
    expect(journal.end).toMatchObject({ ok: true, valueDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(journalFromLines(journalToLines(journal))).toEqual(journal);
  });
});

describe("replay", () => {
  it("reproduces the run without reaching the host, across a JSON Lines round trip", async () => {
    const { result, journal } = await journaled();
    const before = lookups;
    const offline = createSandbox({ maxWorkers: 1 });
    try {
      const replayed = await offline.run({ source: PROGRAM, replay: journalFromLines(journalToLines(journal)) as Journal, hostFunctions: { db: { lookup: () => { throw new Error("the host was reached"); } } }, tools });
      expect(replayed.ok && replayed.value).toEqual(result.ok && result.value);
      expect(lookups).toBe(before);
    } finally {
      await offline.close();
    }
  });

  it("ends with E_REPLAY_DIVERGED naming the call and what differed", async () => {
    const { journal } = await journaled();
    const tampered: Journal = { ...journal, calls: journal.calls.map((c) => (c.index === 2 ? { ...c, argsDigest: "0".repeat(64) } : c)) };
    const error = await errorOf(sandbox, { source: PROGRAM, replay: tampered, hostFunctions, tools });
    expect(error.code).toBe("E_REPLAY_DIVERGED");
    expect(error.message).toMatch(/at call 2: its argsDigest/);
  });

  it("refuses a changed source before anything runs", async () => {
    const { journal } = await journaled();
    const before = lookups;
    const error = await errorOf(sandbox, { source: PROGRAM.replace("i <= 3", "i <= 4"), replay: journal, hostFunctions, tools });
    expect([error.code, lookups]).toEqual(["E_REPLAY_DIVERGED", before]);
    expect(error.message).toContain("source differs");
  });

  it("continues live when the journal runs out: that is resume", async () => {
    const { result, journal } = await journaled();
    const before = lookups;
    const cut: Journal = { header: journal.header, calls: journal.calls.slice(0, 2) };
    const resumed = await sandbox.run({ source: PROGRAM, replay: cut, hostFunctions, tools });
    expect(resumed.ok && resumed.value).toEqual(result.ok && result.value);
    expect(lookups - before).toBe(2); // the third lookup and the roll
  });

  it("lets a tampered journal change only what the guest is told", async () => {
    const { journal } = await journaled();
    const told = journal.calls.map((c) => (c.index === 4 ? { ...c, outcome: { ok: true as const, value: { json: '{"v":6}', tagged: false, side: [] } } } : c));
    const value = (await valueOf(sandbox, { source: PROGRAM, replay: { ...journal, calls: told }, hostFunctions, tools })) as { rolled: number };
    expect(value.rolled).toBe(6);
    // Neither a module nor a tool the run was not given: the journal cannot add them.
    expect((await errorOf(sandbox, { source: PROGRAM, replay: journal, hostFunctions })).code).toMatch(/E_IMPORT_UNRESOLVED|E_REPLAY_DIVERGED/);
    expect((await errorOf(sandbox, { source: PROGRAM, replay: { ...journal, header: { ...journal.header, modules: {} } }, hostFunctions, tools })).code).toBe("E_REPLAY_DIVERGED");
  });
});

describe("suspend and resume", () => {
  const charges: number[] = [];
  const charge = sideEffecting(async (cents: number) => (charges.push(cents), `charged ${cents}`));
  const SHOP = "const a = await shop.quote(3); const paid = await shop.charge(a * 100); return [a, paid, Math.random() < 2, new Date().getTime()]";
  const shop = { quote: (n: number) => n * 2, charge };

  it("ends a run at once on a suspending policy, and resumes it in another sandbox with the answer, making the call once", async () => {
    const result = await sandbox.run({ source: SHOP, hostFunctions: { shop }, journal: true, now: 5_000, policy: (call) => (call.sideEffects ? { suspend: "a person must approve the payment" } : { allow: true }) });
    expect(!result.ok && result.error.code).toBe("E_SUSPENDED");
    const suspended = JSON.parse(JSON.stringify(result.ok ? undefined : result.suspended)) as Suspended;
    expect(suspended.pending).toMatchObject({ index: 2, kind: "host-function", target: "shop.charge", by: "policy", reason: "a person must approve the payment" });
    expect(charges).toEqual([]);
    const elsewhere = createSandbox({ maxWorkers: 1 });
    try {
      const resumed = await elsewhere.resume(suspended, { allow: true }, { hostFunctions: { shop }, policy: defaultPolicy({ grant: [] }) });
      expect(resumed.ok && resumed.value).toEqual([6, "charged 600", true, 5_000]);
      expect(charges).toEqual([600]);
      const denied = await elsewhere.resume(suspended, { allow: false, reason: "declined" }, { hostFunctions: { shop } });
      expect(!denied.ok && denied.error.message).toContain("E_POLICY_DENIED: declined");
      expect(charges).toEqual([600]);
    } finally {
      await elsewhere.close();
    }
  });

  it("resumes in another process", async () => {
    const result = await sandbox.run({ source: SHOP, hostFunctions: { shop }, journal: true, now: 5_000, policy: (call) => (call.sideEffects ? { suspend: "approve" } : { allow: true }) });
    const child = spawnSync(process.execPath, [fileURLToPath(new URL("./fixtures/resume-elsewhere.mjs", import.meta.url))], { input: JSON.stringify(!result.ok && result.suspended), encoding: "utf8" });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout)).toEqual({ ok: true, value: [6, "charged 600", true, 5_000], charged: [600] });
  });

  it("suspends on a tool that asks to, and resumes with what the tool would have returned", async () => {
    const approvals: ToolBelt = { "@tools/people": { approve: { description: "Asks a person.", inputSchema: { type: "object" }, handler: () => { throw suspendRun("waiting for Ada"); } } } };
    const source = "import { approve } from '@tools/people'; const answer = await approve({ what: 'refund' }); return 'got ' + answer";
    const result = await sandbox.run({ source, tools: approvals, journal: true });
    expect(!result.ok && result.error.code).toBe("E_SUSPENDED");
    const resumed = await sandbox.resume(result.ok ? (undefined as never) : result.suspended!, "yes", { tools: approvals });
    expect(resumed.ok && resumed.value).toBe("got yes");
  });

  it("refuses to suspend a run that is not journaled: the call is denied, saying why", async () => {
    const value = await valueOf(sandbox, { source: "try { await shop.charge(1) } catch (e) { return e.message }", hostFunctions: { shop }, policy: () => ({ suspend: "needs approval" }) });
    expect(value).toMatch(/^E_POLICY_DENIED: .*journal/);
  });
});
