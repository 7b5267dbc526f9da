// run({ inputs }): data reaches the guest as a deep-frozen global, crossing like any host value, never spliced into
// source; it counts against limits.hostDataBytes.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("inputs", () => {
  it("arrive as the global `inputs`, with every crossing type", async () => {
    const inputs = { rows: [{ id: 1, at: new Date(0) }], tags: new Set(["a"]), bytes: new Uint8Array([1, 2]), big: 10n, none: undefined };
    const value = await valueOf(sandbox, { source: "return [inputs.rows[0].id, inputs.rows[0].at instanceof Date, inputs.tags.has('a'), inputs.bytes[1], inputs.big, 'none' in inputs]", inputs });
    expect(value).toEqual([1, true, true, 2, 10n, true]);
  });

  it("are deep-frozen and cannot be replaced", async () => {
    const value = await valueOf(sandbox, {
      source: "const tries = []; for (const f of [() => { inputs.a.b = 2 }, () => { inputs.list.push(1) }, () => { globalThis.inputs = 1 }, () => { delete globalThis.inputs }]) { try { f(); tries.push('changed') } catch (e) { tries.push(e.name) } } return [tries, inputs.a.b, inputs.list.length]",
      inputs: { a: { b: 1 }, list: [] },
    });
    expect(value).toEqual([["TypeError", "TypeError", "TypeError", "TypeError"], 1, 0]);
  });

  it("are absent when not given, and a fresh copy in every run", async () => {
    expect(await valueOf(sandbox, "return typeof inputs")).toBe("undefined");
    const shared = { n: 1 };
    expect(await valueOf(sandbox, { source: "return inputs.n", inputs: shared })).toBe(1);
    shared.n = 2;
    expect(await valueOf(sandbox, { source: "return inputs.n", inputs: shared })).toBe(2);
  });

  it("count against hostDataBytes, on both sides of it", async () => {
    const limits = { hostDataBytes: 64 * 1024 };
    expect(await valueOf(sandbox, { source: "return inputs.length", inputs: "x".repeat(60 * 1024), limits })).toBe(60 * 1024);
    expect((await errorOf(sandbox, { source: "return 1", inputs: "x".repeat(70 * 1024), limits })).code).toBe("E_HOST_DATA_TOO_LARGE");
  });

  it("refuse what cannot cross, and a namespace of the same name", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await errorOf(sandbox, { source: "return 1", inputs: cyclic })).code).toBe("E_BAD_REQUEST");
    expect((await errorOf(sandbox, { source: "return 1", inputs: 1, hostFunctions: { inputs: { f: () => 1 } } })).code).toBe("E_BAD_REQUEST");
  });
});
