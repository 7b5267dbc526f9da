// Calls in flight when a journaled run ends or suspends: a replay or a resume never makes them again (no double
// charge), a finished run's replay reaches nothing past its end, and a run that ended or suspended makes no call its
// policy approves afterwards. Host functions here hold their answers until the test lets them go, so nothing depends
// on how fast the machine is.
import { describe, expect, it } from "vitest";
import { createSandbox, sideEffecting, suspendRun, type Journal, type RunResult, type Suspended, type ToolBelt } from "../src/index.js";
import { errorOf, useSandbox } from "./helpers.js";

const sandbox = useSandbox();

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}

const unreachable = { shop: { charge: () => { throw new Error("the host was reached"); }, quote: () => { throw new Error("the host was reached"); }, refund: () => { throw new Error("the host was reached"); } } };
const suspendedOf = (result: RunResult): Suspended => {
  expect(!result.ok && result.error.code, JSON.stringify(!result.ok && result.error)).toBe("E_SUSPENDED");
  return JSON.parse(JSON.stringify(!result.ok && result.suspended)) as Suspended;
};

describe("a finished run's calls in flight", () => {
  it("are journaled in flight, and its replay neither answers nor makes them: the same value, the host not reached", async () => {
    const charged = gate();
    const shop = { charge: sideEffecting(async (cents: number) => (await charged.opened, `charged ${cents}`)), quote: () => "quoted" };
    const source = "return await Promise.race([shop.charge(100), shop.quote()])";
    const result = await sandbox.run({ source, hostFunctions: { shop }, journal: true });
    charged.open();
    expect(result.ok && result.value).toBe("quoted");
    const journal = result.journal!;
    expect(journal.calls.map((c) => [c.index, c.target, c.outcome ? "answered" : c.inFlight ? "in flight" : "?"])).toEqual([[2, "shop.quote", "answered"], [1, "shop.charge", "in flight"]]);
    const replayed = await sandbox.run({ source, hostFunctions: unreachable, replay: JSON.parse(JSON.stringify(journal)) as Journal });
    expect(replayed.ok && replayed.value).toBe("quoted");
    // The replay's own journal says the same: the call is still in flight, never made.
    expect(replayed.journal?.calls.find((c) => c.index === 1)).toMatchObject({ target: "shop.charge", inFlight: true });
  });

  it("include calls still waiting for an asynchronous policy, which is then not obeyed: nothing is made after the run ended", async () => {
    const decided = gate<{ allow: boolean }>();
    const charges: number[] = [];
    const shop = { charge: sideEffecting((cents: number) => void charges.push(cents)) };
    const result = await sandbox.run({ source: "shop.charge(5); return 'left'", hostFunctions: { shop }, journal: true, policy: () => decided.opened });
    expect(result.ok && result.value).toBe("left");
    decided.open({ allow: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(charges).toEqual([]);
    expect(result.journal!.calls).toEqual([expect.objectContaining({ index: 1, inFlight: true })]);
  });

  it("include a call sent just as the run ended, however its message raced the outcome: its replay never diverges", async () => {
    const shop = { charge: sideEffecting(() => "charged") };
    const source = "shop.charge(1); return 'sent'";
    for (let i = 0; i < 12; i++) {
      const result = await sandbox.run({ source, hostFunctions: { shop }, journal: true });
      expect(result.journal!.calls.map((c) => [c.index, c.outcome ? "answered" : c.inFlight ? "in flight" : "?"])).toEqual([[1, expect.any(String)]]);
      const replayed = await sandbox.run({ source, hostFunctions: unreachable, replay: result.journal! });
      expect(replayed.ok && replayed.value, JSON.stringify(!replayed.ok && replayed.error)).toBe("sent");
    }
  });

  it("end a replay that makes a call its finished journal lacks with E_REPLAY_DIVERGED, reaching nothing", async () => {
    const shop = { quote: (n: number) => n * 2 };
    const source = "return (await shop.quote(1)) + (await shop.quote(2))";
    const result = await sandbox.run({ source, hostFunctions: { shop }, journal: true });
    const journal = result.journal!;
    const lacking: Journal = { ...journal, calls: journal.calls.filter((c) => c.index !== 2) };
    const error = await errorOf(sandbox, { source, hostFunctions: unreachable, replay: lacking });
    expect(error.code).toBe("E_REPLAY_DIVERGED");
    expect(error.message).toMatch(/call 2 \(shop\.quote quote\), which its journal does not have: the journaled run ended \(ok\)/);
    // Without its end record the same journal is an interrupted run's: it continues live (that is resume).
    const { end: _end, ...interrupted } = lacking;
    const resumed = await sandbox.run({ source, hostFunctions: { shop }, replay: interrupted });
    expect(resumed.ok && resumed.value).toBe(6);
  });
});

describe("a suspended run's calls in flight", () => {
  const ALL = "const [paid, back] = await Promise.all([shop.charge(100), shop.refund(5)]); return [paid, back]";
  const suspendRefunds = (call: { export: string }) => (call.export === "refund" ? { suspend: "a person approves refunds" } : { allow: true });

  it("are waited for and journaled with their answers, so resume makes each call once", async () => {
    const charges: number[] = [];
    const charged = gate();
    const shop = {
      charge: sideEffecting(async (cents: number) => (await charged.opened, charges.push(cents), `charged ${cents}`)),
      refund: sideEffecting((cents: number) => (charges.push(-cents), `refunded ${cents}`)),
    };
    const running = sandbox.run({ source: ALL, hostFunctions: { shop }, journal: true, policy: suspendRefunds });
    // The charge is with the host when the refund suspends the run; it answers only after.
    setTimeout(() => charged.open(), 50);
    const suspended = suspendedOf(await running);
    expect(suspended.pending).toMatchObject({ index: 2, target: "shop.refund" });
    expect(suspended.journal.calls.find((c) => c.index === 1)).toMatchObject({ target: "shop.charge", outcome: { ok: true } });
    expect(charges).toEqual([100]);
    const resumed = await sandbox.resume(suspended, { allow: true }, { hostFunctions: { shop } });
    expect(resumed.ok && resumed.value).toEqual(["charged 100", "refunded 5"]);
    expect(charges).toEqual([100, -5]);
  });

  it("that outlive the wall clock the run had left are journaled in flight and never made again: the resumed run ends at its wall clock", async () => {
    let charges = 0;
    const never = gate();
    const shop = { charge: sideEffecting(async () => (charges++, await never.opened)), refund: sideEffecting(() => "refunded") };
    const result = await sandbox.run({ source: ALL, hostFunctions: { shop }, journal: true, policy: suspendRefunds, limits: { wallMs: 300 } });
    const suspended = suspendedOf(result);
    expect(suspended.journal.calls.find((c) => c.index === 1)).toMatchObject({ target: "shop.charge", inFlight: true });
    const resumed = await sandbox.resume(suspended, { allow: true }, { hostFunctions: { shop }, limits: { wallMs: 300 } });
    expect(!resumed.ok && resumed.error.code).toBe("E_WALL_TIME");
    expect(charges).toBe(1);
    never.open();
  });

  it("are not made when a second call asks to suspend too: one suspension at a time, the other asked again on resume", async () => {
    const refunds: number[] = [];
    const shop = { refund: sideEffecting((cents: number) => (refunds.push(cents), cents)) };
    const source = "return await Promise.all([shop.refund(1), shop.refund(2)])";
    const ask = () => ({ suspend: "approve each refund" });
    const first = suspendedOf(await sandbox.run({ source, hostFunctions: { shop }, journal: true, policy: ask }));
    expect(first.pending.index).toBe(1);
    expect(first.journal.calls.map((c) => c.index)).toEqual([1]);
    const second = suspendedOf(await sandbox.resume(first, { allow: true }, { hostFunctions: { shop }, policy: ask }));
    expect(second.pending.index).toBe(2);
    expect(refunds).toEqual([1]);
    const done = await sandbox.resume(second, { allow: true }, { hostFunctions: { shop }, policy: ask });
    expect(done.ok && done.value).toEqual([1, 2]);
    expect(refunds).toEqual([1, 2]);
  });
});

describe("resume's answer", () => {
  it("is held to limits.hostDataBytes as a host function's answer is", async () => {
    const tools: ToolBelt = { "@tools/people": { ask: { description: "Asks a person.", inputSchema: { type: "object" }, handler: () => { throw suspendRun("waiting"); } } } };
    const source = "import { ask } from '@tools/people'; return (await ask({})).length";
    const suspended = suspendedOf(await sandbox.run({ source, tools, journal: true }));
    const limits = { hostDataBytes: 1024 };
    const over = await sandbox.resume(suspended, "x".repeat(4096), { tools, limits });
    expect(!over.ok && over.error.code).toBe("E_HOST_DATA_TOO_LARGE");
    const within = await sandbox.resume(suspended, "x".repeat(100), { tools, limits });
    expect(within.ok && within.value).toBe(100);
  });
});

describe("the journal's shape", () => {
  it("refuses an inFlight that is not true or comes with an outcome, and an end record that is not one", async () => {
    const result = await sandbox.run({ source: "return await shop.quote(1)", hostFunctions: { shop: { quote: () => 1 } }, journal: true });
    const journal = result.journal!;
    const call = journal.calls[0]!;
    const offline = createSandbox({ maxWorkers: 1 });
    try {
      for (const replay of [
        { ...journal, calls: [{ ...call, inFlight: "yes" }] },
        { ...journal, calls: [{ ...call, inFlight: true }] },
        { ...journal, end: { type: "end", ok: "yes" } },
      ]) {
        const error = await errorOf(offline, { source: "return await shop.quote(1)", hostFunctions: unreachable, replay: replay as Journal });
        expect([error.code, error.message]).toEqual(["E_BAD_REQUEST", expect.stringMatching(/inFlight|end record/)]);
      }
    } finally {
      await offline.close();
    }
  });
});
