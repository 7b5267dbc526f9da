// WASM calls the guest's worker answers while the guest is calling (runtime/src/local-calls.ts callNow): the guest's
// promise still settles between turns, after the microtasks of the code that called, as through the main thread
// (so the order a program sees is the same on a cold worker, a warm one and a traced run); the blocked time is not
// charged to the guest, calls made in one turn count as in flight together, and answers, refusals and traps are
// what the main thread's path gives.
import { afterAll, describe, expect, it } from "vitest";
import { closeSpinSandbox, counts, sandbox, spinSandbox } from "./fixtures/wasm-spin.js";

afterAll(closeSpinSandbox);

/** A policy that allows everything: its run's calls go through the main thread. */
const viaMain = { policy: () => ({ allow: true as const }) };

describe("wasm calls answered at once", () => {
  it("settle the guest's promise after the code that called and its microtasks, however the call was answered", async () => {
    const source = "import { bump } from '@t/short'; const order = []; const p = bump().then(() => order.push('wasm')); Promise.resolve().then(() => order.push('local')); await p; const raced = await Promise.race([bump(), Promise.resolve('local')]); return [order.join(','), raced]";
    const expected = ["local,wasm", "local"];
    // A new sandbox's first call waits for its worker's executor to start: answered by the event loop, between turns.
    const fresh = spinSandbox();
    try {
      const cold = await fresh.run({ source, limits: { wallMs: 60_000 } });
      expect(cold.ok && cold.value).toEqual(expected);
    } finally {
      await fresh.close();
    }
    await sandbox.run({ source: "import { bump } from '@t/short'; return await bump()" });
    counts.dispatched = 0;
    for (let i = 0; i < 3; i++) {
      const warm = await sandbox.run({ source, limits: { wallMs: 60_000 } });
      expect(warm.ok && warm.value).toEqual(expected);
    }
    // Answered at once, on the guest's thread: none reached the main thread.
    expect(counts.dispatched).toBe(0);
    const through = await sandbox.run({ source, ...viaMain, limits: { wallMs: 60_000 } });
    expect(through.ok && through.value).toEqual(expected);
  });

  it("count the calls made in one turn as in flight together: Promise.all over more than inFlight is refused", async () => {
    // inFlight is 2 for @t/pair. Through the main thread the same programs get the same answers when the pool is
    // slower than the guest's calls (whether an earlier call was answered before a later one reached the pool
    // there depends on timing); answered at once, the guest's turn decides.
    const cases: Array<[string, unknown]> = [
      // Two together pass, then two more together, then three are refused.
      ["const a = await Promise.all([bump(), bump()]); const b = await Promise.all([bump(), bump()]); let c; try { await Promise.all([bump(), bump(), bump()]) } catch (e) { c = e.message.split(':')[0] } return [a, b, c]", [[1, 1], [1, 1], "wasm-budget-in-flight"]],
      // Awaited one by one, any number pass.
      ["let n = 0; for (let i = 0; i < 20; i++) n += await bump(); return n", 20],
      // Calls answered at once stay in flight until their answers are delivered, once the guest's job queue is empty:
      // a third call made after a microtask of the same turn is refused, as through the main thread; a refusal
      // rejects the call's promise, it never throws.
      ["const first = [bump(), bump()]; await null; let third; try { await bump() } catch (e) { third = e.message.split(':')[0] } let thrown; try { bump().catch(() => {}) } catch (e) { thrown = 'thrown' } return [await Promise.all(first), third, thrown]", [[1, 1], "wasm-budget-in-flight", undefined]],
    ];
    await sandbox.run({ source: "import { bump } from '@t/pair'; return await bump()" });
    for (const [body, expected] of cases) {
      const result = await sandbox.run({ source: `import { bump } from '@t/pair'; ${body}`, limits: { wallMs: 60_000 } });
      expect(result.ok && result.value, body).toEqual(expected);
    }
  });

  it("do not charge the time the guest's thread waits for them to the guest's CPU", async () => {
    // Calls stopped at @t/short's 300 ms timeout (the first made at once; the second waits for a fresh executor,
    // between turns): ≥ 300 ms blocked inside the guest's call, a few ms of guest work.
    const source = "import { spin } from '@t/short'; let stopped = 0; for (let i = 0; i < 2; i++) { try { await spin(2e9) } catch (e) { stopped++ } } return stopped";
    const result = await sandbox.run({ source, limits: { wallMs: 60_000 } });
    expect(result.ok && result.value).toBe(2);
    expect(result.stats.cpuMs).toBeLessThan(150);
  });

  it("answer bytes, refusals and traps the same way as through the main thread", async () => {
    const programs = [
      "import { spin } from '@t/spin'; const out = []; for (let i = 0; i < 4; i++) { try { out.push(await spin(1)) } catch (e) { out.push(e.name + ' ' + e.message.split(':')[0]) } } return out",
      "import { spin } from '@t/spin'; try { await spin('x') } catch (e) { return e.name + ' ' + e.message.split(':')[0] }",
      "import { spin } from '@t/spin'; try { await spin() } catch (e) { return e.name + ' ' + e.message.split(':')[0] }",
    ];
    for (const source of programs) {
      const direct = await sandbox.run({ source, limits: { wallMs: 60_000 } });
      const through = await sandbox.run({ source, ...viaMain, limits: { wallMs: 60_000 } });
      expect(direct.ok && direct.value).toEqual(through.ok && through.value);
      expect(direct.ok).toBe(true);
    }
  });
});
