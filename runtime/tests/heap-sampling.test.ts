// The heap census's schedule (guest-heap.ts): a census walks the whole heap, so on a big heap it must not be taken
// every HEAP_SAMPLE_MS of guest CPU (a 100k-row run spent 24 of its 25 s in 565 censuses). Driven by a fake clock
// and a fake engine, so the schedule is checked exactly and nothing here depends on the machine's speed. A quiet run
// (little guest CPU, the allocator's break where the snapshot left it) takes no census at all.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from "quickjs-emscripten-core";
import type { CpuMeter } from "../src/guest-cpu.js";
import { HeapSampler, type HeapStart } from "../src/guest-heap.js";

/** A sampler whose census takes `costMs` of the fake clock and reports `bytes()`; interrupts arrive every 1 ms of CPU. */
function harness(costMs: number, bytes: () => number = () => 1000, start?: HeapStart) {
  let now = 0;
  vi.spyOn(performance, "now").mockImplementation(() => now);
  let censuses = 0;
  const handle = { consume: <T>(f: (h: unknown) => T) => f(handle) };
  const rt = { ffi: { QTS_RuntimeComputeMemoryUsage: () => 0 }, rt: { value: 0 } } as unknown as QuickJSRuntime;
  const ctx = {
    ctx: { value: 0 },
    memory: { heapValueHandle: () => handle },
    undefined: handle,
    callFunction: () => {
      censuses++;
      now += costMs;
      return { value: handle };
    },
    getNumber: () => bytes(),
  } as unknown as QuickJSContext;
  // The census runs inside the guest's slice, so its time is charged like the guest's own.
  const cpu = { used: () => now } as unknown as CpuMeter;
  const sampler = new HeapSampler(rt, ctx, handle as unknown as QuickJSHandle, cpu, start);
  const runFor = (ms: number) => {
    const end = now + ms;
    while (now < end) {
      now += 1;
      sampler.atInterrupt();
    }
  };
  return { sampler, runFor, censuses: () => censuses, turn: () => sampler.atTurn() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("heap census schedule", () => {
  it("samples a small heap every ~20 ms of guest CPU", () => {
    const h = harness(0.05);
    h.runFor(2000);
    expect(h.censuses()).toBeGreaterThanOrEqual(90);
    expect(h.censuses()).toBeLessThanOrEqual(100);
  });

  it("spaces the census of a big heap by ten times its cost, so it takes at most ~1/10 of the guest's CPU", () => {
    const h = harness(50);
    h.runFor(5000);
    // Each census (50 ms) is followed by at least 500 ms of guest work: under 5000 / 550 + 1 censuses, not ~70.
    expect(h.censuses()).toBeGreaterThanOrEqual(5);
    expect(h.censuses()).toBeLessThanOrEqual(10);
  });

  it("takes a turn's first sample at once, then none until the guest has run", () => {
    const h = harness(0.05);
    h.turn();
    h.turn();
    expect(h.censuses()).toBe(1);
    h.runFor(2);
    h.turn();
    // Under HEAP_TURN_SAMPLE_MS (4 ms) of guest CPU since the last: no census at this turn.
    expect(h.censuses()).toBe(1);
    h.runFor(3);
    h.turn();
    expect(h.censuses()).toBe(2);
  });

  it("takes no interrupt sample while the result is encoded", () => {
    const h = harness(0.05);
    h.sampler.withoutSamples(() => h.runFor(200));
    expect(h.censuses()).toBe(0);
    h.runFor(200);
    expect(h.censuses()).toBeGreaterThan(0);
  });

  it("keeps the largest census as the peak", () => {
    const sizes = [100, 5000, 300];
    const h = harness(0.05, () => sizes.shift() ?? 0);
    h.sampler.atEnd();
    h.sampler.atEnd();
    h.sampler.atEnd();
    expect(h.sampler.peakBytes).toBe(5000);
  });
});

describe("quiet runs", () => {
  const start = (bytes: number, grown: () => number): HeapStart => ({ bytes, grownBytes: grown });

  it("reports the heap a quiet run started from, without a census", () => {
    const h = harness(0.05, () => 9000, start(7000, () => 0));
    h.turn();
    h.sampler.atEnd();
    expect(h.censuses()).toBe(0);
    expect(h.sampler.peakBytes).toBe(7000);
  });

  it("takes the census of a quick run whose heap grew past the snapshot, and counts the growth", () => {
    let grown = 0;
    const h = harness(0.05, () => 9000, start(7000, () => grown));
    h.turn();
    expect(h.censuses()).toBe(0);
    grown = 5000;
    h.sampler.atEnd();
    expect(h.censuses()).toBe(1);
    // The census (9,000) leaves out what the growth shows (strings held in values): the start plus the growth wins.
    expect(h.sampler.peakBytes).toBe(12_000);
  });

  it("takes the census of a run past HEAP_QUIET_MS of guest CPU", () => {
    const h = harness(0.05, () => 9000, start(7000, () => 0));
    h.runFor(2);
    h.turn();
    expect(h.censuses()).toBe(1);
    expect(h.sampler.peakBytes).toBe(9000);
  });

  it("takes a census at the end once one was taken during the run", () => {
    const h = harness(0.05, () => 9000, start(7000, () => 0));
    h.runFor(25);
    expect(h.censuses()).toBe(1);
    h.sampler.atEnd();
    expect(h.censuses()).toBe(2);
  });
});
