// A worker that stops — closed with force, or left with a closed sandbox — gives its jobs back to the fleet: the run it
// was making is stopped (its calls do not go on, unjournaled, to be made again by the next owner) and the job is run to
// its end by another worker, never answered E_CLOSED. Host functions here wait on gates the test opens, so nothing
// depends on how fast the machine is.
import { describe, expect, it } from "vitest";
import { approvalSeal, resumeRequest, sideEffecting, type Suspended } from "@capsule/runtime";
import { useFleet } from "./support/fleet.js";

const fleet = useFleet();
// Short locks so a job whose worker could not put it back is taken over soon (production defaults are in README.md).
const LOCKS = { lockDurationMs: 1500, stalledIntervalMs: 500 };

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("a worker closed with force", () => {
  it("stops the run it was making, so the next owner makes only the call that was in flight again", async () => {
    const queueName = fleet.name();
    const made: string[] = [];
    const held = gate();
    const reached = gate();
    const step = (who: string) => async (n: number) => {
      if (who === "w1" && n === 3) {
        reached.open();
        await held.opened;
      }
      made.push(`${who}:${n}`);
      return n;
    };
    const w1 = await fleet.worker(queueName, { hostFunctions: { s: { step: step("w1") } }, onError: () => undefined, ...LOCKS });
    const submitted = fleet.queue(queueName).submit({ source: "const out = []; for (let i = 1; i <= 5; i++) out.push(await s.step(i)); return out", limits: { wallMs: 60_000 } });
    await reached.opened;
    await w1.close({ force: true });
    held.open(); // step 3 answers now, to a run that was stopped: nothing more is made on w1
    await fleet.worker(queueName, { hostFunctions: { s: { step: step("w2") } }, ...LOCKS });
    const { result } = await submitted;
    expect(result.ok && result.value).toEqual([1, 2, 3, 4, 5]);
    expect(made.filter((m) => m.startsWith("w1:"))).toEqual(["w1:1", "w1:2", "w1:3"]);
    // Steps 1 and 2 were journaled: not made again; step 3 was in flight (at-least-once); 4 and 5 only on w2.
    expect(made.filter((m) => m.startsWith("w2:"))).toEqual(["w2:3", "w2:4", "w2:5"]);
  }, 120_000);
});

describe("a worker whose sandbox was closed", () => {
  it("gives the job back and takes no more, so another worker runs it: no job is answered E_CLOSED", async () => {
    const queueName = fleet.name();
    const gaveBack = gate();
    const closed = fleet.sandbox();
    await closed.close();
    await fleet.worker(queueName, { sandbox: closed, onError: (error) => /sandbox was closed/.test(error.message) && gaveBack.open(), ...LOCKS });
    const queue = fleet.queue(queueName);
    const first = queue.submit({ source: "return 'ran'" });
    // (Before, the first job was answered E_CLOSED at once.)
    const early = await Promise.race([gaveBack.opened.then(() => undefined), first]);
    expect(early && (early.result.ok ? early.result.value : early.result.error.code)).toBeUndefined();
    await fleet.worker(queueName, LOCKS);
    const later = await Promise.all([first, queue.submit({ source: "return 'ran'" }), queue.submit({ source: "return 'ran'" })]);
    expect(later.map(({ result }) => (result.ok ? result.value : result.error.code))).toEqual(["ran", "ran", "ran"]);
  }, 120_000);
});

describe("a resumed run taken over while its approved call is in flight", () => {
  it("keeps the approval the submitter sent: the new owner makes the call, not suspends again", async () => {
    const queueName = fleet.name();
    const charges: string[] = [];
    const held = gate();
    const reached = gate();
    const shop = (who: string) => ({
      quote: (n: number) => n * 2,
      charge: sideEffecting(async (cents: number) => {
        if (who === "w1") {
          reached.open();
          await held.opened;
        }
        charges.push(`${who}:${cents}`);
        return `charged ${cents}`;
      }),
    });
    const policy = (call: { sideEffects: boolean }) => (call.sideEffects ? { suspend: "a person approves charges" } : { allow: true as const });
    const w1 = await fleet.worker(queueName, { hostFunctions: { shop: shop("w1") }, policy, onError: () => undefined, ...LOCKS });
    const queue = fleet.queue(queueName);
    const source = "const a = await shop.quote(3); return await shop.charge(a * 100)";
    const first = await queue.submit({ source, journal: true });
    expect(!first.result.ok && first.result.error.code).toBe("E_SUSPENDED");
    const suspended = (!first.result.ok && first.result.suspended) as Suspended;
    // The workers' sandboxes use this process's key (no approvalKey set), which approvalSeal() gives too.
    const resumed = queue.submit(resumeRequest(suspended, { allow: true }, undefined, approvalSeal()));
    await reached.opened;
    await w1.close({ force: true });
    held.open();
    await fleet.worker(queueName, { hostFunctions: { shop: shop("w2") }, policy, ...LOCKS });
    const { result } = await resumed;
    expect(result.ok ? result.value : result.error.code).toBe("charged 600");
    expect(charges.filter((c) => c.startsWith("w2:"))).toEqual(["w2:600"]);
  }, 120_000);
});
