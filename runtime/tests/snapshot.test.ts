// The engine template: every run starts from a memory snapshot taken right after the prelude loaded.
import { describe, expect, it } from "vitest";
import { snapshotsEnabled, templateFor } from "../src/instances.js";
import { TOP_HEAD_BYTES } from "../src/snapshot-segments.js";
import { DEFAULT_LIMITS } from "../src/limits.js";
import { IDLE_HOOKS, evalIn } from "./helpers/template-eval.js";
import { provideEngine } from "../src/engine-powers.js";
import { nodeEngine } from "../src/node-engine.js";

provideEngine(nodeEngine());

const idle = IDLE_HOOKS;

describe("engine template snapshots", () => {
  it("are enabled on this engine build", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.end();
    expect(snapshotsEnabled()).toBe(true);
    expect(template.reusable).toBe(true);
  });

  it("forget globals, prototype changes and replaced builtins between runs", async () => {
    const first = await templateFor(DEFAULT_LIMITS.memoryBytes);
    first.begin(idle);
    evalIn(first, "globalThis.leak = 1; Object.prototype.polluted = true; Math.random = () => 4; JSON.stringify = null; 1");
    expect(evalIn(first, "typeof leak")).toBe("number");
    first.end();
    const second = await templateFor(DEFAULT_LIMITS.memoryBytes);
    expect(second).toBe(first);
    second.begin(idle);
    expect(evalIn(second, "[typeof leak, typeof ({}).polluted, Math.random === Math.random && Math.random() !== 4, typeof JSON.stringify]")).toEqual(["undefined", "undefined", true, "function"]);
    second.end();
  });

  it("give back memory a run grew into, zeroed", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.begin(idle);
    const baseline = evalIn(template, "1");
    evalIn(template, "globalThis.big = []; for (let i = 0; i < 40; i++) big.push(new Uint8Array(1 << 20).fill(0xab)); big.length");
    const internals = template as unknown as { instance: { memory: { buffer: ArrayBuffer } }; snapshot: { brk: number } };
    const memory = () => new Uint8Array(internals.instance.memory.buffer);
    const grownTo = memory().length;
    expect(memory().subarray(internals.snapshot.brk, grownTo).includes(0xab)).toBe(true);
    template.end();
    // Nothing the run wrote past the snapshot's break survives the restore.
    expect(memory().subarray(internals.snapshot.brk, grownTo).includes(0xab)).toBe(false);
    template.begin(idle);
    expect(baseline).toBe(1);
    expect(evalIn(template, "typeof big")).toBe("undefined");
    template.end();
  });

  it("leave the shadow stack's deep part out of the snapshot, and keep data and heap", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.end();
    const internals = template as unknown as { instance: { layout: { stackHigh: number; dataEnd: number } }; snapshot: { brk: number; segments: Array<{ at: number; bytes: Uint8Array }> } };
    const { layout } = internals.instance;
    const [data, heap] = internals.snapshot.segments;
    expect(layout.dataEnd).toBeLessThan(layout.stackHigh);
    expect(data.at).toBe(0);
    expect(data.bytes.length).toBeGreaterThan(layout.dataEnd);
    expect(heap.at).toBeLessThan(layout.stackHigh);
    // The heap is copied past the allocator's top by the top chunk's header (its footer is a segment of its own).
    expect(heap.at + heap.bytes.length).toBeGreaterThanOrEqual(internals.snapshot.brk + TOP_HEAD_BYTES);
  });

  it("keep the allocator's top chunk as it was: its header and its end, after runs that grow the heap or carve from it", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.end();
    const internals = template as unknown as { instance: { memory: { buffer: ArrayBuffer } }; snapshot: { brk: number } };
    const words = (at: number, n: number) => Array.from(new Uint32Array(internals.instance.memory.buffer, at, n));
    const { brk } = internals.snapshot;
    const head = words(brk, 16);
    const end = brk + (head[1]! & ~7);
    const tail = words(end - 32, 16);
    for (const program of ["globalThis.a = []; for (let i = 0; i < 50000; i++) a.push({ i, s: 'x' + i }); a.length", "let n = 0; for (let i = 0; i < 200; i++) n += JSON.stringify(new Array(64).fill(i)).length; n", "new Uint8Array(8 << 20).length"]) {
      template.begin(idle);
      evalIn(template, program);
      template.end();
      // Before: a run that grew the heap left the header zeroed, and the allocator then gave out live memory.
      expect(words(brk, 16)).toEqual(head);
      expect(words(end - 32, 16)).toEqual(tail);
    }
    template.begin(idle);
    expect(evalIn(template, "JSON.stringify({ ok: [1, 2, 3] })")).toBe('{"ok":[1,2,3]}');
    template.end();
  });

  it("copy the static data whole: nothing a run does lands between the snapshot's first part and the dead stack", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes + 64 * 1024);
    const internals = template as unknown as { instance: { layout: { stackHigh: number; dataEnd: number; staticEnd: number }; memory: { buffer: ArrayBuffer } }; snapshot: { segments: Array<{ at: number; bytes: Uint8Array }> } };
    const { layout } = internals.instance;
    const copiedTo = internals.snapshot.segments[0]!.bytes.length;
    expect(copiedTo).toBe(layout.staticEnd);
    expect(copiedTo).toBeGreaterThan(layout.dataEnd);
    template.rt.setMaxStackSize(256 * 1024); // deep recursion (this test thread's own stack is smaller than a worker's)
    template.begin(idle);
    evalIn(template, `const deep = (n) => { try { return deep(n + 1); } catch { return n; } }; deep(0);
      [new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5), new Intl.DateTimeFormat("en-US", { dateStyle: "full" }).format(new Date(0)),
       new URL("https://a.example/x?y=1#z").href, /(?<w>\\w+)\\s\\k<w>/u.test("hey hey"), JSON.stringify(JSON.parse('{"a":[1,2,{"b":null}]}')),
       "ß".localeCompare("ss"), new TextEncoder().encode("✓").length, [5, 1, 4].sort().join(), String(Symbol("s")), Promise.resolve(1) instanceof Promise,
       (() => { try { null.x } catch (e) { return e.stack } })(), Array.from({ length: 20000 }, (_, i) => ({ i, s: "v" + i })).length].join("|")`);
    template.end();
    // Zero-initialized static data (BSS) that a run wrote beyond the copied part would outlive the run: there is none.
    const skippedTo = Math.min(layout.dataEnd + 512 * 1024, layout.stackHigh - 4 * 1024 * 1024);
    expect(new Uint8Array(internals.instance.memory.buffer, copiedTo, skippedTo - copiedTo).some((b) => b !== 0)).toBe(false);
  });

  it("refuses a second run on a template that is in use", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.begin(idle);
    expect(() => template.begin(idle)).toThrow(/already in use/);
    template.end();
  });

  it("finish a run's end left for later before anything else uses the template, and restore in it", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.begin(idle);
    evalIn(template, "globalThis.leak = 1");
    let finished = 0;
    template.endLater(() => (finished++, template.end()));
    expect(finished).toBe(0);
    // Handed out again before the thread's next turn: the end is finished first, once.
    const again = await templateFor(DEFAULT_LIMITS.memoryBytes);
    expect(again).toBe(template);
    expect(finished).toBe(1);
    again.begin(idle);
    expect(evalIn(again, "typeof leak")).toBe("undefined");
    evalIn(again, "globalThis.leak = 2");
    again.endLater(() => (finished++, again.end()));
    // Left alone, it is finished on the thread's next turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(2);
    again.begin(idle);
    expect(evalIn(again, "typeof leak")).toBe("undefined");
    again.end();
  });

  it("never serve a template whose run could not be ended: its instance is replaced", async () => {
    const template = await templateFor(DEFAULT_LIMITS.memoryBytes);
    template.begin(idle);
    template.endLater(() => {
      throw new Error("a fault while ending");
    });
    expect(() => template.begin(idle)).toThrow(/could not be ended/);
    const next = await templateFor(DEFAULT_LIMITS.memoryBytes);
    expect(next).not.toBe(template);
    next.begin(idle);
    expect(evalIn(next, "1 + 1")).toBe(2);
    next.end();
  });
});
