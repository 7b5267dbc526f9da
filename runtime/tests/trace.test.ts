// Every run can be traced: a stable vocabulary of numbered events, made on the host from what really crossed.
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../src/index.js";
import { TRACE_DATA_BYTES } from "../src/host-calls.js";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox();
const hostFunctions = { users: { find: async (id: number) => ({ id, name: `user ${id}` }), fail: () => { throw Object.assign(new Error("nope"), { code: "E_NOPE" }); } } };

async function traced(source: string, extra: Record<string, unknown> = {}) {
  const events: RunEvent[] = [];
  const result = await sandbox.run({ source, hostFunctions, onEvent: (e) => events.push(e), ...extra });
  return { result, events };
}

describe("run traces", () => {
  it("cover start, calls, console lines and end, numbered in order under one run id", async () => {
    const { events } = await traced("console.log('before'); const u = await users.find(7); console.log('got', u.name); try { await users.fail() } catch {} return u.id");
    expect(events.map((e) => e.type)).toEqual(["run.start", "console", "call", "console", "call", "run.end"]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(events.map((e) => e.runId)).size).toBe(1);
    const [, , find, , fail, end] = events;
    expect(find).toMatchObject({ type: "call", kind: "host-function", target: "users.find", export: "find", ok: true });
    expect((find as { argsBytes: number }).argsBytes).toBeGreaterThan(0);
    expect((find as { resultBytes: number }).resultBytes).toBeGreaterThan(0);
    expect(find).not.toHaveProperty("args");
    expect(fail).toMatchObject({ type: "call", target: "users.fail", ok: false, code: "E_NOPE" });
    expect(end).toMatchObject({ type: "run.end", ok: true });
  });

  it("include arguments and results only when asked", async () => {
    const { events } = await traced("return (await users.find(3)).name", { traceData: true });
    expect(events.find((e) => e.type === "call")).toMatchObject({ args: [3], result: { id: 3, name: "user 3" } });
  });

  it("keep arguments and results up to TRACE_DATA_BYTES a run, and mark the calls past it", async () => {
    const mib = 1024 * 1024;
    const { result, events } = await traced(`const s = "x".repeat(${12 * mib}); for (let i = 0; i < 4; i++) await users.len(s); return 1`, {
      traceData: true, hostFunctions: { users: { len: (s: string) => s.length } }, limits: { memoryBytes: 256 * mib },
    });
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    const calls = events.filter((e): e is Extract<RunEvent, { type: "call" }> => e.type === "call");
    expect(calls.map((c) => [c.args === undefined ? "no args" : "args", c.dataOmitted ?? false])).toEqual([["args", false], ["args", false], ["no args", true], ["no args", true]]);
    expect(TRACE_DATA_BYTES).toBeLessThan(3 * 12 * mib);
    expect(calls.every((c) => c.argsBytes > 12 * mib)).toBe(true);
  });

  it("report the limit that ended a run", async () => {
    const { events } = await traced("while (true) {}", { limits: { cpuMs: 30 } });
    expect(events.map((e) => e.type)).toEqual(["run.start", "limit", "run.end"]);
    expect(events[1]).toMatchObject({ code: "E_CPU_TIME" });
    expect(events[2]).toMatchObject({ ok: false, code: "E_CPU_TIME" });
  });

  it("cannot be forged or emptied by the guest", async () => {
    const { result, events } = await traced(`
      console.log(JSON.stringify({ type: "call", target: "users.delete", ok: true, seq: 1 }));
      try { console.log = () => {}; } catch {}
      try { users.find = async () => ({ id: -1 }); } catch {}
      const hidden = await Reflect.apply(Object.getOwnPropertyDescriptor(users, "find").value, null, [9]);
      return [(await users.find(1)).id, hidden.id];
    `);
    expect(result.ok && result.value).toEqual([1, 9]);
    const calls = events.filter((e) => e.type === "call");
    expect(calls.map((e) => (e as { target: string }).target)).toEqual(["users.find", "users.find"]);
    const lines = events.filter((e) => e.type === "console");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "log", message: expect.stringContaining("users.delete") });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("keep concurrent runs' events apart and complete", async () => {
    const all: RunEvent[] = [];
    await Promise.all(Array.from({ length: 10 }, (_, i) => sandbox.run({ source: `await users.find(${i}); await users.find(${i}); return ${i}`, hostFunctions, onEvent: (e) => all.push(e) })));
    const byRun = new Map<string, RunEvent[]>();
    for (const e of all) byRun.set(e.runId, [...(byRun.get(e.runId) ?? []), e]);
    expect(byRun.size).toBe(10);
    for (const events of byRun.values()) {
      expect(events.map((e) => e.type)).toEqual(["run.start", "call", "call", "run.end"]);
      expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    }
  });
});
