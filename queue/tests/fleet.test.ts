// The fleet: two real worker processes on one Redis. The worker holding a run is SIGKILLed while a call is in flight;
// BullMQ's stalled-job check hands the job to the other, which replays the journal persisted in Redis — the calls
// completed before the kill are not made again — and finishes the run live. The call in flight at the kill is made
// again (at-least-once) with the same idempotency key, which is what lets a tool make it happen once.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { useFleet } from "./support/fleet.js";
import { stop, until, useProcesses } from "../../tests/support/processes.js";

const fleet = useFleet();
const processes = useProcesses();
const WORKER = fileURLToPath(new URL("./fixtures/ledger-worker.mjs", import.meta.url));
const PROGRAM = `import { step } from "@tools/steps";
  const out = [];
  for (let n = 1; n <= 5; n++) {
    const bumped = await ledger.bump(n);
    out.push(await step({ n, hold: n === 3 }), bumped);
  }
  return { out, random: Math.random(), at: new Date().toISOString() };`;

let redis: Redis | undefined;
afterAll(() => redis?.quit());

const lines = (ledger: string) => (existsSync(ledger) ? readFileSync(ledger, "utf8").trim().split("\n").map((l) => l.split(" ")) : []);

describe("a fleet of two worker processes", () => {
  it("moves a run off a SIGKILLed worker and replays it from the journal in Redis, making no completed call again", async () => {
    const queueName = fleet.name();
    const ledger = join(mkdtempSync(join(tmpdir(), "capsule-fleet-")), "ledger.txt");
    // Short locks and checks so the test does not wait 30 s for the takeover; production defaults are in README.md.
    const env = { REDIS_URL: fleet.url(), QUEUE: queueName, LEDGER: ledger, LOCK_MS: "1500", STALLED_MS: "500", APPROVAL_KEY: "fleet-approval-key-for-tests" };
    const workers = await Promise.all([processes.start([WORKER], env, /ready \d+/), processes.start([WORKER], env, /ready \d+/)]);
    redis = new Redis(fleet.url());
    const submitted = fleet.queue(queueName).submit<{ out: number[]; random: number; at: string }>({ source: PROGRAM, journal: true, now: "2026-05-01T00:00:00Z" });

    // Wait until step 3 is in flight (held) and the five calls before it are journaled in Redis: then kill its worker.
    const held = await until(() => lines(ledger).find((l) => l[0] === "start" && l[1] === "3"), "step 3 to start");
    const journalKey = await until(async () => (await redis!.keys(`bull:${queueName}:*:capsule-journal`))[0], "the journal key");
    await until(async () => (await redis!.lrange(journalKey, 0, -1)).filter((r) => JSON.parse(r).type === "call").length === 5, "five journaled calls");
    const victim = workers.find((w) => String(w.child.pid) === held[3])!;
    const survivor = workers.find((w) => w !== victim)!;
    victim.child.kill("SIGKILL");
    await victim.exited;
    writeFileSync(`${ledger}.release`, "");

    const { result, attempts } = await submitted;
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    expect(result.ok && result.value.out).toEqual([10, 1, 20, 2, 30, 3, 40, 4, 50, 5]);
    expect(result.ok && result.value.at).toBe("2026-05-01T00:00:00.000Z");
    expect(attempts).toBe(2);
    const [killed, other] = [String(victim.child.pid), String(survivor.child.pid)];
    const log = lines(ledger);
    const who = (kind: string, n: number) => log.filter((l) => l[0] === kind && l[1] === String(n)).map((l) => l.at(-1));
    // Every completed step happened exactly once: the journaled ones on the killed worker, the rest on the survivor.
    expect([1, 2, 3, 4, 5].map((n) => who("bump", n))).toEqual([[killed], [killed], [killed], [other], [other]]);
    expect([1, 2, 3, 4, 5].map((n) => who("done", n))).toEqual([[killed], [killed], [other], [other], [other]]);
    // The call in flight at the kill was made again, with the same idempotency key (runId:callIndex).
    expect([1, 2, 3, 4, 5].map((n) => who("start", n))).toEqual([[killed], [killed], [killed, other], [other], [other]]);
    const keys = log.filter((l) => l[0] === "start" && l[1] === "3").map((l) => l[2]);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(`${result.journal!.header.runId}:6`);
    // The journal in Redis (and on the result) is whole: each call once, in order, and the end.
    expect(result.journal!.calls.map((c) => c.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = (await redis.lrange(journalKey, 0, -1)).map((r) => JSON.parse(r));
    expect(stored.map((r) => r.type)).toEqual(["run", ...Array(10).fill("call"), "end"]);
    expect(await redis.ttl(journalKey)).toBeGreaterThan(0);
    await stop(survivor);
  }, 180_000);
});
