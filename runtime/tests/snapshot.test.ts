// The engine template: every run starts from a memory snapshot taken right after the prelude loaded.
import { describe, expect, it } from "vitest";
import { snapshotsEnabled, templateFor } from "../src/instances.js";
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
    expect(heap.at + heap.bytes.length).toBe(internals.snapshot.brk);
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
});
