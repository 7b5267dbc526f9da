import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const PROGRAM = `
  const randoms = Array.from({ length: 5 }, () => Math.random());
  const t0 = Date.now();
  const d = new Date();
  const t1 = Date.now();
  return { randoms, t0, iso: d.toISOString(), t1, str: Date(), offset: d.getTimezoneOffset(), hours: new Date(0).getHours(), local: new Date(2024, 0, 1).toISOString() };
`;

describe("Date and Math.random follow the request's now and seed", () => {
  it("replays the same request to the same result", async () => {
    const a = await valueOf(sandbox, { source: PROGRAM, seed: 42, now: "2025-06-01T12:00:00Z" });
    const b = await valueOf(sandbox, { source: PROGRAM, seed: 42, now: "2025-06-01T12:00:00Z" });
    expect(a).toEqual(b);
  });

  it("gives different randoms for a different seed", async () => {
    const a = await valueOf<{ randoms: number[] }>(sandbox, { source: PROGRAM, seed: 1, now: 0 });
    const b = await valueOf<{ randoms: number[] }>(sandbox, { source: PROGRAM, seed: 2, now: 0 });
    expect(a.randoms).not.toEqual(b.randoms);
    for (const r of [...a.randoms, ...b.randoms]) expect(r >= 0 && r < 1).toBe(true);
  });

  it("starts the clock at now and advances it by 1 ms per reading", async () => {
    const v = await valueOf<Record<string, unknown>>(sandbox, { source: PROGRAM, seed: 1, now: "2025-06-01T12:00:00Z" });
    const start = Date.parse("2025-06-01T12:00:00Z");
    expect(v.t0).toBe(start);
    expect(v.iso).toBe(new Date(start + 1).toISOString());
    expect(v.t1).toBe(start + 2);
    expect(v.str).toMatch(/^Sun Jun 01 2025 12:00:00 GMT\+0000/);
  });

  it("runs the guest in UTC whatever the host's zone", async () => {
    const v = await valueOf<Record<string, unknown>>(sandbox, { source: PROGRAM, seed: 1, now: 0 });
    expect(v.offset).toBe(0);
    expect(v.hours).toBe(0);
    expect(v.local).toBe("2024-01-01T00:00:00.000Z");
  });

  it("reports the seed and clock it used, so a run without them can be replayed", async () => {
    const first = await sandbox.run({ source: PROGRAM });
    expect(first.ok).toBe(true);
    const replay = await sandbox.run({ source: PROGRAM, seed: first.stats.seed, now: first.stats.now });
    expect(replay.ok && first.ok && replay.value).toEqual(first.ok && first.value);
  });

  it("keeps Date subclassing and Date.parse/UTC working", async () => {
    expect(await valueOf(sandbox, "class D extends Date { y() { return this.getUTCFullYear(); } } return [new D(0).y(), new D(0) instanceof Date, Date.parse('1970-01-02T00:00:00Z'), Date.UTC(1970, 0, 3)]")).toEqual([1970, true, 86400000, 172800000]);
  });
});
