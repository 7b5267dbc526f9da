// The wire form is the runtime's own crossing format (its journal's EncodedJson): values round-trip, what the runtime
// encodes decodes here, and what is encoded here the runtime decodes for the guest.
import { describe, expect, it } from "vitest";
import { createSandbox, type Journal, type ToolBelt } from "@capsule/runtime";
import { afterAll } from "vitest";
import { fromWire, toWire } from "../src/index.js";
import { answerOf, queuedRunOf } from "../src/request.js";

const rich = () => ({
  when: new Date(86_400_000), bad: new Date(NaN), tags: new Set(["a", 1]), by: new Map<unknown, unknown>([[1, { x: [2n] }]]),
  bytes: new Uint8Array([0, 1, 255]), words: new Uint16Array([65535]), buffer: new Uint8Array([9, 8]).buffer,
  big: -(2n ** 80n), nothing: undefined, inArray: [undefined, NaN, Infinity, -Infinity, -0],
  pattern: /a+b/giu, looksTagged: { "\u0000": "d", v: 1 }, text: "é\u2028😀",
});

const sandbox = createSandbox({ maxWorkers: 1 });
afterAll(() => sandbox.close());
const tools: ToolBelt = { "@tools/rich": { get: { description: "A rich value.", inputSchema: true, handler: () => rich() } } };

describe("the wire form", () => {
  it("round-trips every kind of value the runtime carries, and plain JSON untagged", () => {
    const wire = toWire(rich());
    expect(wire.ok).toBe(true);
    expect(fromWire(JSON.parse(JSON.stringify(wire.ok && wire.wire)))).toEqual(rich());
    const plain = toWire({ a: [1, "b", null, true] });
    expect(plain.ok && plain.wire).toEqual({ json: '{"v":{"a":[1,"b",null,true]}}', tagged: false, side: [] });
    // An error crosses as its name and message (an Error named "RangeError"), as the runtime's codec carries it.
    const error = toWire(new RangeError("too far"));
    expect(fromWire(error.ok ? error.wire : (undefined as never))).toMatchObject({ name: "RangeError", message: "too far" });
    expect(toWire((() => { const a: unknown[] = []; a.push(a); return a; })())).toEqual({ ok: false, message: "the value contains a cycle; only tree-shaped data can cross" });
  });

  it("decodes what the runtime journaled, and the runtime decodes what it encodes", async () => {
    const source = 'import { get } from "@tools/rich"; return await get({});';
    const recorded = await sandbox.run({ source, tools, journal: true });
    expect(recorded.ok).toBe(true);
    const outcome = recorded.journal!.calls[0]!.outcome as { ok: true; value: Parameters<typeof fromWire>[0] };
    expect(fromWire(outcome.value)).toEqual(rich());
    // A journal whose answer was encoded here: the guest receives it (and returns it) as the runtime would decode it.
    const value = { ...rich(), extra: new Map([["k", new Set([new Date(3)])]]) };
    const encoded = toWire(value);
    const journal: Journal = { header: recorded.journal!.header, calls: [{ ...recorded.journal!.calls[0]!, outcome: { ok: true, value: encoded.ok ? encoded.wire : (undefined as never) } }] };
    const replayed = await sandbox.run({ source, tools, replay: journal });
    expect(replayed.ok && replayed.value).toEqual(value);
  });

  it("sends a result back without its trace when the trace cannot be encoded, saying so", async () => {
    const result = await sandbox.run("return 42");
    const cyclic: Record<string, unknown> = { type: "console", level: "log", message: "x", runId: "r", seq: 1, atMs: 0 };
    cyclic.self = cyclic;
    const unsendable = [cyclic] as never[];
    const run = queuedRunOf("job-1", answerOf({ result, events: unsendable }, 1));
    expect([run.result.ok && run.result.value, run.events, run.eventsOmitted]).toEqual([42, [], expect.stringMatching(/^the run's trace \(1 events\) could not be sent back: /)]);
    const whole = queuedRunOf("job-2", answerOf({ result, events: [] }, 1));
    expect(whole.eventsOmitted).toBeUndefined();
  });
});
