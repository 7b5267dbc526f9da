// submit → result through Redis with one worker: what comes back is what the same run returns locally, values of
// every kind the runtime's codec carries (Date, Map, Set, bytes, bigint, undefined, -0) included.
import { describe, expect, it } from "vitest";
import { approvalSeal, resumeRequest, sideEffecting } from "@capsule/runtime";
import { useFleet } from "./support/fleet.js";

const fleet = useFleet();

const PROGRAM = `
  const seen = await ledger.note(inputs.who);
  return { seen, at: new Date(), rolls: [Math.random(), Math.random()], tags: new Set(["a"]), by: new Map([[1, "x"]]),
    bytes: new Uint8Array([1, 2, 255]), big: 2n ** 70n, nothing: undefined, negZero: -0, input: inputs.when };`;

describe("submit through Redis", () => {
  it("returns the run's result as the local run returns it, host functions attached by the worker", async () => {
    const queueName = fleet.name();
    const notes: string[] = [];
    const hostFunctions = { ledger: { note: (who: string) => (notes.push(who), `noted ${who}`) } };
    const sandbox = fleet.sandbox();
    await fleet.worker(queueName, { sandbox, hostFunctions });
    const request = { source: PROGRAM, seed: 42, now: "2026-03-01T12:00:00Z", inputs: { who: "ada", when: new Date(5) } };
    const remote = await fleet.queue(queueName).submit(request);
    const local = await sandbox.run({ ...request, hostFunctions });
    expect(remote.result.ok, JSON.stringify(!remote.result.ok && remote.result.error)).toBe(true);
    expect(remote.result.ok && remote.result.value).toEqual(local.ok && local.value);
    const value = remote.result.ok ? (remote.result.value as Record<string, unknown>) : {};
    expect(value.at).toEqual(new Date("2026-03-01T12:00:00Z"));
    expect(value.bytes).toBeInstanceOf(Uint8Array);
    expect(value.big).toBe(2n ** 70n);
    expect("nothing" in value && value.nothing === undefined).toBe(true);
    expect(Object.is(value.negZero, -0)).toBe(true);
    expect(remote.result.stats).toMatchObject({ seed: 42, now: Date.parse("2026-03-01T12:00:00Z"), hostCalls: 1, callTargets: { "ledger.note": 1 } });
    expect(remote.result).not.toHaveProperty("journal");
    expect(remote.attempts).toBe(1);
    expect(notes).toEqual(["ada", "ada"]);
  });

  it("returns a guest failure as a result, and the request's own mistakes as the local run reports them", async () => {
    const queueName = fleet.name();
    await fleet.worker(queueName);
    const queue = fleet.queue(queueName);
    const thrown = await queue.submit("throw new TypeError('no such user')");
    expect(!thrown.result.ok && thrown.result.error).toMatchObject({ code: "E_GUEST_ERROR", name: "TypeError", message: "no such user" });
    const badLimit = await queue.submit({ source: "1", limits: { cpuMs: -5 } });
    expect(!badLimit.result.ok && badLimit.result.error.code).toBe("E_BAD_LIMIT");
    const noFunctions = await queue.submit("return await ledger.note('x')");
    expect(!noFunctions.result.ok && noFunctions.result.error.code).toBe("E_GUEST_ERROR");
  });

  it("puts the journal on the result when asked, and runs many jobs at once on one worker", async () => {
    const queueName = fleet.name();
    await fleet.worker(queueName, { concurrency: 4, hostFunctions: { id: { of: (n: number) => n } } });
    const queue = fleet.queue(queueName);
    const runs = await Promise.all(Array.from({ length: 12 }, (_, i) => queue.submit<number>({ source: `return (await id.of(${i})) * 2`, journal: true })));
    expect(runs.map((r) => r.result.ok && r.result.value)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
    const { journal } = runs[3]!.result;
    expect(journal?.calls.map((c) => [c.index, c.target])).toEqual([[1, "id.of"]]);
    expect(journal?.end).toMatchObject({ ok: true });
    expect(new Set(runs.map((r) => r.jobId)).size).toBe(12);
  });

  it("brings a suspended run back as data, and resumes it through the queue with the answer, making the call once", async () => {
    const queueName = fleet.name();
    const charges: number[] = [];
    const shop = { quote: (n: number) => n * 2, charge: sideEffecting((cents: number) => (charges.push(cents), `charged ${cents}`)) };
    await fleet.worker(queueName, { hostFunctions: { shop }, policy: (call) => (call.sideEffects ? { suspend: "a person must approve" } : { allow: true }) });
    const queue = fleet.queue(queueName);
    const first = await queue.submit({ source: "const a = await shop.quote(3); return [a, await shop.charge(a * 100)]" });
    expect(!first.result.ok && first.result.error.code).toBe("E_SUSPENDED");
    const suspended = !first.result.ok ? first.result.suspended! : (undefined as never);
    expect(suspended.pending).toMatchObject({ target: "shop.charge", by: "policy", reason: "a person must approve" });
    expect(charges).toEqual([]);
    // A yes without the workers' seal (any submitter can write a journal) is not taken: the policy is asked again.
    const unsealed = await queue.submit(resumeRequest(suspended, { allow: true }) as { source: string });
    expect(!unsealed.result.ok && unsealed.result.error.code).toBe("E_SUSPENDED");
    expect(charges).toEqual([]);
    // The workers' sandboxes here use this process's key (no approvalKey set), which approvalSeal() gives too.
    const resumed = await queue.submit(resumeRequest(suspended, { allow: true }, undefined, approvalSeal()) as { source: string });
    expect(resumed.result.ok && resumed.result.value).toEqual([6, "charged 600"]);
    expect(charges).toEqual([600]);
  });
});
