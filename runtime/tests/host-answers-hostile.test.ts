// What a host function returns is read defensively (src/host-calls.ts, src/codec.ts): reading it runs the value's own
// code — a getter, a Proxy trap, a toJSON — on the binary writer's walk and on the JSON encoder's alike, and a throw
// there escaped the port listener and took the whole host process (and every run in it) down. The guest gets a
// TypeError that says the value cannot cross, scrubbed of host paths; the host and the other runs go on.
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const caught = "try { return ['ok', await h.get()] } catch (e) { return [e.name, e.message] }";

const hostile: Array<[string, () => unknown]> = [
  ["a getter that throws", () => ({ rows: [1, 2], get config() { throw new Error("lazy field failed"); } })],
  ["a getter that throws an object without a prototype", () => ({ get a() { throw Object.create(null); } })],
  ["a getter that throws a Proxy whose traps throw", () => ({ get a() { throw new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); } }); } })],
  ["a revoked Proxy inside an array of 100", () => { const p = Proxy.revocable({}, {}); p.revoke(); return [...Array(99).fill(1), p.proxy]; }],
  ["a Proxy whose ownKeys trap throws", () => ({ list: Array(100).fill(0), inner: new Proxy({}, { ownKeys() { throw new Error("keys"); } }) })],
  ["a toJSON that throws", () => ({ toJSON() { throw new Error("no"); } })],
];
// Plain runs take the binary form for big plain answers; traced and journaled runs take JSON (host-calls.ts).
const paths: Array<[string, object]> = [["plain", {}], ["traced", { onEvent: () => undefined }], ["journaled", { journal: true }]];

describe("what a host function returns", () => {
  for (const [path, options] of paths) {
    it.each(hostile)(`reaches a ${path} guest as a TypeError, and the host goes on, for %s`, async (_, make) => {
      const bystander = sandbox.run({ source: "for (let i = 0; i < 3; i++) await h.wait(); return 'bystander ok'", hostFunctions: { h: { wait: () => new Promise((resolve) => setTimeout(resolve, 20)) } } });
      const [name, message] = await valueOf<[string, string]>(sandbox, { source: caught, hostFunctions: { h: { get: async () => make() } }, ...options });
      expect(name).toBe("TypeError");
      expect(message).toMatch(/^h\.get returned a value that cannot cross to the guest: /);
      expect(await bystander).toMatchObject({ ok: true, value: "bystander ok" });
    });
  }

  it("scrubs host paths from what a value's own code threw", async () => {
    for (const [, options] of paths) {
      const [, message] = await valueOf<[string, string]>(sandbox, {
        source: caught,
        hostFunctions: { h: { get: () => ({ list: Array(100).fill(0), toJSON() { throw new Error("ENOENT: open '/srv/app/secret/config.json'\n    at load (node:internal/fs/promises:638:11)"); } }) } },
        ...options,
      });
      expect(message).toContain("ENOENT: open '<host>'");
      expect(message).not.toMatch(/\/srv|node:internal|at load/);
    }
  });

  it("refuses a Map, a Set or an object owning a \"\\u0000\" key that holds itself, as a cycle", async () => {
    const selfMap = () => { const m = new Map<number, unknown>(); m.set(1, m); return m; };
    const selfSet = () => { const s = new Set<unknown>(); s.add(s); return s; };
    const selfTagged = () => { const o: Record<string, unknown> = { "\u0000": "m" }; o.self = o; return o; };
    const through = () => { const o: Record<string, unknown> = {}; o.m = new Map([["k", o]]); return o; };
    for (const make of [selfMap, selfSet, selfTagged, through]) {
      const [name, message] = await valueOf<[string, string]>(sandbox, { source: caught, hostFunctions: { h: { get: make } } });
      expect([name, message]).toEqual(["TypeError", "h.get returned a value that cannot cross to the guest: the value contains a cycle; only tree-shaped data can cross"]);
    }
  });

  it("still sends a Map met twice, not in a cycle, as two equal copies", async () => {
    const shared = new Map([["a", 1]]);
    expect(await valueOf(sandbox, { source: "const v = await h.get(); return [v.x.get('a'), v.y.get('a'), v.x === v.y]", hostFunctions: { h: { get: () => ({ x: shared, y: shared }) } } })).toEqual([1, 1, false]);
  });
});
