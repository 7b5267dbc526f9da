// WASM calls made from the guest's own worker (the registry's workerModules, @capsule/host-modules/wasm-direct):
// they skip the main thread, keep the pool's contract (a runaway export stopped at its timeout and its executor
// replaced, budgets, a run that ends cancelling its call), and go through the main thread whenever a policy must
// see them.
import { afterAll, describe, expect, it } from "vitest";
import { closeSpinSandbox, counts, sandbox } from "./fixtures/wasm-spin.js";

afterAll(closeSpinSandbox);

describe("wasm calls from the guest's worker", () => {
  it("never reach the main thread's dispatcher, and each gets a fresh instance", async () => {
    counts.dispatched = 0;
    const result = await sandbox.run({ source: "import { spin, bump } from '@t/short'; return [await spin(10), await bump(), await bump(), await bump()]", limits: { wallMs: 60_000 } });
    expect(result.ok && result.value).toEqual([0, 1, 1, 1]);
    expect(counts.dispatched).toBe(0);
    // Counted as if they had reached the main thread.
    expect(result.stats).toMatchObject({ hostCalls: 4, callTargets: { "@t/short.spin": 1, "@t/short.bump": 3 } });
  });

  it("go through the main thread when the run has a policy, which sees each of them", async () => {
    counts.dispatched = 0;
    const seen: string[] = [];
    const policy = (call: { kind: string; target: string; export: string }) => (seen.push(`${call.kind} ${call.target}.${call.export}`), { allow: true as const });
    const result = await sandbox.run({ source: "import { spin } from '@t/spin'; return await spin(10)", policy, limits: { wallMs: 60_000 } });
    expect(result.ok && result.value).toBe(0);
    expect(counts.dispatched).toBe(1);
    expect(seen).toEqual(["wasm wasm:@t/spin.spin"]);
  });

  it("go through the main thread when the run is traced or journaled, so the trace and the journal hold them", async () => {
    counts.dispatched = 0;
    const events: string[] = [];
    const traced = await sandbox.run({ source: "import { spin } from '@t/short'; return await spin(10)", onEvent: (e: { type: string; kind?: string }) => void (e.type === "call" && events.push(String(e.kind))) });
    expect(traced.ok && traced.value).toBe(0);
    expect(events).toEqual(["wasm"]);
    const journaled = await sandbox.run({ source: "import { spin } from '@t/short'; return await spin(10)", journal: true });
    expect(journaled.ok && journaled.value).toBe(0);
    expect(counts.dispatched).toBe(2);
  });

  it("stop a runaway export at its timeout with a catchable wasm-timeout; the next call gets a fresh executor", async () => {
    counts.dispatched = 0;
    const source = "import { spin } from '@t/short'; let caught; try { await spin(2e9) } catch (e) { caught = [e.name, e.message] } return [caught, await spin(10)]";
    const result = await sandbox.run({ source, limits: { wallMs: 60_000 } });
    expect(result.ok).toBe(true);
    const [caught, next] = (result.ok ? result.value : []) as [[string, string], number];
    expect(caught[0]).toBe("WasmCallError");
    expect(caught[1]).toMatch(/^wasm-timeout: spin: took longer than 300 ms/);
    expect(next).toBe(0);
    expect(counts.dispatched).toBe(0);
  });

  it("keep the manifest's budget per run (callsPerRun 3)", async () => {
    const source = "import { spin } from '@t/spin'; const out = []; for (let i = 0; i < 4; i++) { try { out.push(await spin(1)) } catch (e) { out.push(e.message.split(':')[0]) } } return out";
    const result = await sandbox.run({ source });
    expect(result.ok && result.value).toEqual([0, 0, 0, "wasm-budget-calls"]);
    // The budget is per run: the next run has its own.
    const again = await sandbox.run({ source: "import { spin } from '@t/spin'; return await spin(1)" });
    expect(again.ok && again.value).toBe(0);
  });

  it("are answered in the order they were made, and count as in flight from when the guest makes them", async () => {
    counts.dispatched = 0;
    // Made together (Promise.all), they are counted when the guest makes them: a third is over inFlight 2.
    const source = "import { spin, bump } from '@t/pair'; const both = await Promise.all([bump(), spin(3)]); let third; try { await Promise.all([bump(), bump(), bump()]) } catch (e) { third = e.message.split(':')[0] } return [both, third, await bump()]";
    const result = await sandbox.run({ source, limits: { wallMs: 60_000 } });
    expect(result.ok && result.value).toEqual([[1, 0], "wasm-budget-in-flight", 1]);
    expect(counts.dispatched).toBe(0);
  });

  it("a call its guest never awaits does not hold the run, nor the next one", async () => {
    const result = await sandbox.run({ source: "import { spin } from '@t/short'; spin(10); return 'done'", limits: { wallMs: 60_000 } });
    expect(result.ok && result.value).toBe("done");
    const next = await sandbox.run({ source: "import { spin } from '@t/short'; return await spin(10)", limits: { wallMs: 60_000 } });
    expect(next.ok && next.value).toBe(0);
  });

  it("are cancelled when their run ends: the blocked worker notices the stop and the run ends by its signal", async () => {
    const stop = new AbortController();
    const source = "import { spin, bump } from '@t/spin'; await bump(); await spin(2e9); return 'finished'";
    const running = sandbox.run({ source, limits: { wallMs: 120_000 }, signal: stop.signal });
    setTimeout(() => stop.abort(), 500);
    const result = await running;
    // Not "the guest did not yield, so its worker was terminated": the worker stopped the call itself.
    expect(!result.ok && result.error).toMatchObject({ code: "E_CANCELLED", message: "the run was cancelled by its signal" });
    const next = await sandbox.run({ source: "import { spin } from '@t/spin'; return await spin(10)" });
    expect(next.ok && next.value).toBe(0);
  });
});
