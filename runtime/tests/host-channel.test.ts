// The host-call channel: a worker waiting for host answers blocks on its control block's wake word and takes answers
// off its port synchronously. No answer may be lost or reordered, a stop must wake the blocked worker (so the run
// unwinds instead of its worker being terminated), and the codec's fast path for plain arguments must not change
// what crosses.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("answers reach a waiting worker", () => {
  it("delivers answers that arrive while the worker is blocked, one after another", async () => {
    const value = await valueOf(sandbox, {
      source: "const out = []; for (let i = 0; i < 20; i++) out.push(await slow.echo(i, i % 3 * 5)); return out",
      hostFunctions: { slow: { echo: (i: number, ms: number) => later(i, ms) } },
    });
    expect(value).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("delivers many answers arriving out of order to the right calls", async () => {
    const value = await valueOf(sandbox, {
      source: "return await Promise.all(Array.from({ length: 100 }, (_, i) => slow.echo(i, (i * 7) % 11)))",
      hostFunctions: { slow: { echo: (i: number, ms: number) => later(i * 2, ms) } },
    });
    expect(value).toEqual(Array.from({ length: 100 }, (_, i) => i * 2));
  });

  it("mixes synchronous and asynchronous answers in one run", async () => {
    const value = await valueOf(sandbox, {
      source: "let s = 0; for (let i = 0; i < 50; i++) s += await (i % 2 ? h.now(i) : h.later(i)); return s",
      hostFunctions: { h: { now: (i: number) => i, later: (i: number) => later(i, 1) } },
    });
    expect(value).toBe((49 * 50) / 2);
  });
});

describe("a stop wakes a worker blocked on a host answer", () => {
  it("unwinds a cancelled run without terminating its worker", async () => {
    const controller = new AbortController();
    let called = () => {};
    const asked = new Promise<void>((resolve) => (called = resolve));
    const pending = sandbox.run({ source: "return await svc.wait()", signal: controller.signal, hostFunctions: { svc: { wait: () => (called(), new Promise(() => {})) } } });
    await asked;
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe("E_CANCELLED");
    // Terminating the worker says so; a worker woken by the stop unwinds and says only that the run was cancelled.
    expect(!result.ok && result.error.message).not.toMatch(/terminated/);
    expect(await valueOf(sandbox, "return 'next'")).toBe("next");
  });

  it("ends a run awaiting an answer at its wall clock with E_WALL_TIME, not E_STUCK", async () => {
    const error = await errorOf(sandbox, { source: "await never.answer(); return 1", limits: { wallMs: 300 }, hostFunctions: { never: { answer: () => new Promise(() => {}) } } });
    expect(error.code).toBe("E_WALL_TIME");
    expect(error.message).not.toMatch(/terminated/);
  });
});

describe("plain arguments cross exactly", () => {
  const seen: unknown[][] = [];
  const hostFunctions = { h: { take: (...args: unknown[]) => (seen.push(args), args.length) } };

  it("keeps every primitive JSON cannot say, alone or among plain ones", async () => {
    seen.length = 0;
    await valueOf(sandbox, {
      source: "await h.take(-0); await h.take(NaN); await h.take(undefined); await h.take(1, undefined); await h.take(Infinity); await h.take(7n); await h.take('x'.repeat(70000)); await h.take(1, 'a', true, null); await h.take(); return 1",
      hostFunctions,
    });
    expect(Object.is(seen[0][0], -0)).toBe(true);
    expect(seen[1][0]).toBeNaN();
    expect(seen[2]).toEqual([undefined]);
    expect(seen[2].length).toBe(1);
    expect(seen[3]).toEqual([1, undefined]);
    expect(seen[3].length).toBe(2);
    expect(seen[4][0]).toBe(Infinity);
    expect(seen[5][0]).toBe(7n);
    expect(seen[6][0]).toBe("x".repeat(70000));
    expect(seen[7]).toEqual([1, "a", true, null]);
    expect(seen[8]).toEqual([]);
  });

  it("keeps a holey argument list's holes as undefined", async () => {
    seen.length = 0;
    await valueOf(sandbox, { source: "const args = [1, , 3]; await h.take(...args); return 1", hostFunctions });
    expect(seen[0]).toEqual([1, undefined, 3]);
  });
});
