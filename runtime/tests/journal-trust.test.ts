// A journal is data anyone can write: it may change only what the guest is told. A yes in it for a call the policy
// would not allow is taken only under the seal of the resuming host's key (approval-seal.ts), and a journal whose
// records are not what a replay reads is refused by name before anything runs (journal-check.ts).
import { describe, expect, it } from "vitest";
import { approvalSeal, createSandbox, defaultPolicy, resumeRequest, sideEffecting, type Journal, type JournalCall } from "../src/index.js";
import { useSandbox } from "./helpers.js";

const charges: number[] = [];
const shop = { quote: (n: number) => n * 2, charge: sideEffecting((cents: number) => (charges.push(cents), `charged ${cents}`)) };
const SOURCE = "const out = []; for (const c of [100, 200]) { try { out.push(await shop.charge(c)) } catch (e) { out.push(e.message.slice(0, 15)) } } return out";
const KEY = "a key of at least sixteen bytes";
const denying = useSandbox({ hostFunctions: { shop }, policy: defaultPolicy({ grant: [] }), approvalKey: KEY });
const suspending = useSandbox({ hostFunctions: { shop }, policy: (call) => (call.sideEffects ? { suspend: "a person must approve" } : { allow: true }), approvalKey: KEY });

async function honestJournal(): Promise<Journal> {
  const result = await denying.run({ source: SOURCE, journal: true });
  expect(result.ok && result.value).toEqual(["E_POLICY_DENIED", "E_POLICY_DENIED"]);
  return result.journal!;
}

/** `journal` with every call's outcome replaced by a bare yes, sealed by `seal` when given. */
function forged(journal: Journal, approval?: (call: JournalCall) => string): Journal {
  return { header: journal.header, calls: journal.calls.map(({ outcome: _o, policy: _p, ...call }) => ({ ...call, policy: { allowed: true, ...(approval ? { approval: approval(call) } : {}) } })) };
}

describe("a journaled yes", () => {
  it("without a seal, asks the policy again: a denied call stays denied", async () => {
    charges.length = 0;
    const journal = await honestJournal();
    const replayed = await denying.run({ source: SOURCE, replay: forged(journal) });
    expect(replayed.ok && replayed.value).toEqual(["E_POLICY_DENIED", "E_POLICY_DENIED"]);
    expect(charges).toEqual([]);
  });

  it("with a made-up or another key's seal, asks the policy again", async () => {
    charges.length = 0;
    const journal = await honestJournal();
    const other = approvalSeal("another key, also long enough");
    for (const approval of [() => "AAAA", (c: JournalCall) => other.sign(JSON.stringify(["capsule approval 1", journal.header.runId, journal.header.sourceDigest, c.index, c.kind, c.target, c.export, c.argsDigest]))]) {
      const replayed = await denying.run({ source: SOURCE, replay: forged(journal, approval) });
      expect(replayed.ok && replayed.value).toEqual(["E_POLICY_DENIED", "E_POLICY_DENIED"]);
    }
    expect(charges).toEqual([]);
  });

  it("sealed by the key of the sandbox that resumes, is taken once for the call it approves", async () => {
    charges.length = 0;
    const first = await suspending.run({ source: "return [await shop.quote(3), await shop.charge(600)]", journal: true });
    const suspended = !first.ok ? first.suspended! : (undefined as never);
    expect(suspended.pending).toMatchObject({ target: "shop.charge", by: "policy" });
    // Sealed elsewhere (a submitter of a queue) with the same key: taken.
    const resumed = await suspending.run(resumeRequest(suspended, { allow: true }, undefined, approvalSeal(KEY)));
    expect(resumed.ok && resumed.value).toEqual([6, "charged 600"]);
    // Sealed with another key, or not at all: the policy suspends the call again.
    for (const seal of [approvalSeal("not the sandbox's own key!"), undefined]) {
      const again = await suspending.run(resumeRequest(suspended, { allow: true }, undefined, seal));
      expect(!again.ok && again.error.code).toBe("E_SUSPENDED");
    }
    // The seal names the call: moved onto another call of the journal, it is not taken.
    const journal = resumeRequest(suspended, { allow: true }, undefined, approvalSeal(KEY)).replay!;
    const moved = { ...journal, calls: journal.calls.map((c) => (c.index === 2 ? { ...c, argsDigest: journal.calls[0]!.argsDigest } : c)) };
    expect((await suspending.run({ source: "return [await shop.quote(3), await shop.charge(600)]", replay: moved })).ok).toBe(false);
    expect(charges).toEqual([600]);
  });

  it("refuses a key shorter than 16 bytes when the sandbox is made", () => {
    expect(() => createSandbox({ approvalKey: "short" })).toThrow(/at least 16 bytes/);
  });
});

describe("a journal's size", () => {
  it("is held to limits.journalBytes: the call that would pass it ends the run, and the journal says how", async () => {
    const sandbox = createSandbox({ maxWorkers: 1, hostFunctions: { kv: { echo: (s: string) => s } } });
    try {
      const source = "for (let i = 0; i < 100; i++) await kv.echo('x'.repeat(4096)); return 'done'";
      const result = await sandbox.run({ source, journal: true, limits: { journalBytes: 64 * 1024 } });
      expect(!result.ok && result.error.code).toBe("E_JOURNAL_TOO_LARGE");
      const calls = result.journal!.calls;
      expect(calls.length).toBeLessThan(20);
      expect(calls.at(-1)!.outcome).toMatchObject({ fatal: "E_JOURNAL_TOO_LARGE" });
      expect((await sandbox.run({ source, journal: true })).ok).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});

describe("a journal's shape", () => {
  it("is refused by name, before anything runs, for every field a replay reads", async () => {
    charges.length = 0;
    const journal = await honestJournal();
    const ok = journal.calls[0]!;
    const withCall = (call: unknown) => ({ header: journal.header, calls: [call] });
    const value = { json: "1", tagged: false, side: [] };
    const bad: Record<string, unknown> = {
      "no side": withCall({ ...ok, outcome: { ok: true, value: { json: "1", tagged: false } } }),
      "bad base64": withCall({ ...ok, outcome: { ok: true, value: { ...value, side: [{ b64: "%%%" }] } } }),
      "json a number": withCall({ ...ok, outcome: { ok: true, value: { ...value, json: 1 } } }),
      "empty outcome": withCall({ ...ok, outcome: {} }),
      "made-up fatal code": withCall({ ...ok, outcome: { fatal: "NOT_A_CODE /home/x/secret.js", message: "m" } }),
      "a limit's code as a call's fatal answer": withCall({ ...ok, outcome: { fatal: "E_CLOSED", message: "m" } }),
      "failed without name": withCall({ ...ok, outcome: { ok: false, message: "m" } }),
      "bad kind": withCall({ ...ok, kind: "shell" }),
      "index 0": withCall({ ...ok, index: 0 }),
      "policy a string": withCall({ ...ok, policy: "yes" }),
      "duplicate index": { header: journal.header, calls: [ok, ok] },
      "run id an object": { header: { ...journal.header, runId: {} }, calls: [] },
      "modules null": { header: { ...journal.header, modules: null }, calls: [] },
      "module digest a number": { header: { ...journal.header, modules: { a: 1 } }, calls: [] },
      "allow a string": { header: { ...journal.header, allow: "x" }, calls: [] },
      "run id seal a number": { header: { ...journal.header, runIdSeal: 1 }, calls: [] },
    };
    // Module names that are also Object.prototype's: read as the journal's own entries, not inherited ones.
    for (const name of ["__proto__", "toString"]) {
      const header = { ...journal.header, modules: JSON.parse(`{"${name}": "ab"}`) as Record<string, string> };
      const result = await denying.run({ source: SOURCE, replay: { header, calls: [] } });
      expect([name, !result.ok && result.error.code, !result.ok && result.error.message]).toEqual([name, "E_REPLAY_DIVERGED", expect.stringContaining(`module "${name}" differs from the journal's`)]);
    }
    for (const [name, replay] of Object.entries(bad)) {
      const result = await denying.run({ source: SOURCE, replay: replay as Journal });
      expect(result.ok ? "ran" : result.error.code, name).toBe("E_BAD_REQUEST");
      expect(!result.ok && result.error.message, name).toMatch(/^replay/);
    }
    expect(charges).toEqual([]);
  });
});

describe("a journal's run id", () => {
  // The run id names the idempotency keys of the run's calls (<runId>:<callIndex>): a submitter that could choose it
  // could read another run's answers from an idempotent tool, or make its payment look done.
  const keys: string[] = [];
  const tools = { "@tools/pay": { charge: { description: "Charges.", inputSchema: { type: "object" as const }, handler: (_: unknown, context: { idempotencyKey: string }) => (keys.push(context.idempotencyKey), "ok") } } };
  const source = "import { charge } from '@tools/pay'; return await charge({})";
  const sealed = useSandbox({ tools, approvalKey: KEY });

  it("is kept on a replay only under the seal of this host's key, and is never one counted up from another's", async () => {
    keys.length = 0;
    const first = await sealed.run({ source, journal: true });
    const { header } = first.journal!;
    expect(header.runIdSeal).toEqual(expect.any(String));
    const interrupted = (h: Journal["header"]): Journal => ({ header: h, calls: [] });
    await sealed.run({ source, replay: interrupted(header) }); // sealed: the same run, its keys again
    await sealed.run({ source, replay: interrupted({ ...header, runId: "run-of-a-victim-1" }) }); // the seal no longer fits
    await sealed.run({ source, replay: interrupted({ ...header, runIdSeal: undefined }) }); // no seal
    const elsewhere = createSandbox({ maxWorkers: 1, tools, approvalKey: "another key of sixteen bytes" });
    try {
      await elsewhere.run({ source, replay: interrupted(header) }); // another host's key
    } finally {
      await elsewhere.close();
    }
    const runOf = (key: string) => key.slice(0, key.lastIndexOf(":"));
    expect(runOf(keys[1]!)).toBe(header.runId);
    for (const key of keys.slice(2)) expect([runOf(key) === header.runId, runOf(key).includes("victim")]).toEqual([false, false]);
    // Ids end in random digits: the next run's id cannot be read off this one's.
    expect(header.runId).toMatch(/-\d+-[0-9a-f]{16}$/);
  });
});

describe("a journal whose order does not fit the run", () => {
  it("ends at the wall clock saying which call waited for which: calls made one after another cannot answer out of order", async () => {
    const source = "return (await shop.quote(1)) + (await shop.quote(2))";
    const recorded = await denying.run({ source, journal: true });
    const { header, calls } = recorded.journal!;
    const result = await denying.run({ source, replay: { header, calls: [...calls].reverse() }, limits: { wallMs: 300 } });
    expect(!result.ok && result.error.code).toBe("E_WALL_TIME");
    expect(!result.ok && result.error.message).toMatch(/replay: call 1 waited for its journaled turn after call 2, which this run never made/);
  });
});
