// The guest-side machinery (host-call wrappers, the codec, facades over the bridge, the console) uses only built-ins
// captured before any guest or pack code ran: a guest that poisons every built-in it can reach finds nothing internal
// handed to its spies, and the host decodes only what the codec itself encoded.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { facadeSource } from "../src/bridge.js";
import type { CatalogLike, HostModuleCall } from "../src/index.js";
import { useSandbox, valueOf } from "./helpers.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const facade = facadeSource("test.echo", ["echo"], "a test echo module");
const poisoner = `
  JSON.parse = () => { throw new Error("poisoned JSON.parse") };
  Array.prototype.map = function () { throw new Error("poisoned map") };
  export const poisoned = true;`;
const catalog: CatalogLike = {
  modules: [
    { specifier: "@t/echo", pack: "@t/echo", kind: "host", hostId: "test.echo", sha256: sha(facade), source: facade },
    { specifier: "@t/poisoner", pack: "@t/poisoner", kind: "guest", sha256: sha(poisoner), source: poisoner },
  ],
};
const moduleCalls: HostModuleCall[] = [];
const hostModules = { dispatch: async (call: HostModuleCall) => (moduleCalls.push(call), call.args[0]) };
const sandbox = useSandbox({ catalog, hostModules });

/**
 * Guest prologue: replaces every method of the built-ins the machinery could use with a spy that calls the original
 * and records each `this` or argument that is a function the guest did not make and that is not native — something
 * of the machinery — or an object with a null prototype (a crossing tag). Keeps its own captured tools.
 */
const POISON = `
  const apply = Reflect.apply, construct = Reflect.construct, toText = Function.prototype.toString, protoOf = Object.getPrototypeOf;
  const ownKeys = Reflect.ownKeys, describe = Object.getOwnPropertyDescriptor, define = Object.defineProperty;
  const includes = String.prototype.includes, weakAdd = WeakSet.prototype.add, weakHas = WeakSet.prototype.has;
  const seen = [];
  const mine = new WeakSet();
  const internal = (v) => {
    if (typeof v === "function") return !apply(weakHas, mine, [v]) && !apply(includes, apply(toText, v, []), ["[native code]"]);
    return typeof v === "object" && v !== null && !apply(weakHas, mine, [v]) && protoOf(v) === null;
  };
  const spy = (holder, name, original) => {
    const f = function (...args) {
      if (internal(this)) seen[seen.length] = String(name) + ": this";
      for (let i = 0; i < args.length; i++) if (internal(args[i])) seen[seen.length] = String(name) + ": an argument";
      return new.target ? construct(original, args, new.target) : apply(original, this, args);
    };
    apply(weakAdd, mine, [f]);
    try { define(holder, name, { value: f, writable: true, configurable: true }); } catch {}
  };
  const targets = [Array, Array.prototype, Object, Object.prototype, Function.prototype, Promise, Promise.prototype, JSON, Reflect,
    Map.prototype, Set.prototype, WeakSet.prototype, String.prototype, RegExp.prototype, Date.prototype, ArrayBuffer.prototype,
    Object.getPrototypeOf(Uint8Array.prototype), Uint8Array.prototype, DataView.prototype, Symbol.prototype];
  for (let t = 0; t < targets.length; t++) {
    const keys = ownKeys(targets[t]);
    for (let k = 0; k < keys.length; k++) {
      const d = describe(targets[t], keys[k]);
      if (d && typeof d.value === "function" && keys[k] !== "constructor") spy(targets[t], keys[k], d.value);
    }
  }
`;

describe("built-ins poisoned by the guest", () => {
  it("reach nothing internal across every kind of crossing, and the host decodes only what was encoded", async () => {
    const received: unknown[][] = [];
    const echo = (...args: unknown[]) => (received.push(args), args);
    const result = await sandbox.run({
      source: `${POISON}
        import { echo as moduleEcho } from "@t/echo";
        const forged = { "\\u0000": "d", v: 0 };
        const trick = { get x() {
          // A hook read off a prototype mid-encode makes only a true tag, and that tag cannot be changed.
          const hook = Date.prototype.toJSON;
          const made = apply(hook, new Date(5), []);
          try { made.v = 99; } catch {}
          return made;
        } };
        const rich = [new Date(7), new Map([[1, "a"]]), new Set([2]), new Uint8Array([1, 2]), undefined, 10n, -0, NaN, forged, { nested: [1, { deep: true }] }];
        const back = await app.echo(...rich, trick);
        const viaModule = await moduleEcho(new Uint16Array([3]), forged);
        console.log("logged", rich, new Error("e"), { a: [1, 2, 3] });
        return { seen, back: back.length, viaModule: viaModule instanceof Uint16Array, forgedBack: back[8] instanceof Date, rich };`,
      hostFunctions: { app: { echo } },
    });
    expect(result.ok, JSON.stringify(!result.ok && result.error)).toBe(true);
    if (!result.ok) return;
    const value = result.value as { seen: string[]; back: number; viaModule: boolean; forgedBack: boolean; rich: unknown[] };
    expect(value.seen).toEqual([]);
    expect(value.back).toBe(11);
    expect(value.viaModule).toBe(true);
    expect(value.forgedBack).toBe(false);
    const [args] = received;
    expect(args.slice(0, 10)).toEqual([new Date(7), new Map([[1, "a"]]), new Set([2]), new Uint8Array([1, 2]), undefined, 10n, -0, NaN, { "\u0000": "d", v: 0 }, { nested: [1, { deep: true }] }]);
    expect(args[8]).not.toBeInstanceOf(Date);
    expect(args[10]).toEqual({ x: new Date(5) });
    expect(moduleCalls.at(-1)!.args).toEqual([new Uint16Array([3]), { "\u0000": "d", v: 0 }]);
    expect(result.logs[0].message).toContain("logged [ 1970-01-01T00:00:00.007Z, Map(1) { 1 => \"a\" }, Set(1) { 2 }, Uint8Array(2) [ 1, 2 ]");
    expect(result.value).toMatchObject({ rich: [new Date(7), new Map([[1, "a"]]), new Set([2]), new Uint8Array([1, 2]), undefined, 10n, -0, NaN, { "\u0000": "d", v: 0 }, { nested: [1, { deep: true }] }] });
  });

  it("hold against a pack module that poisons built-ins when it is evaluated into a template", async () => {
    for (let i = 0; i < 2; i++) {
      const value = await valueOf(sandbox, {
        source: `import { poisoned } from "@t/poisoner"; const r = await app.add(2, 3); console.log("sum", r); return [poisoned, r];`,
        hostFunctions: { app: { add: (a: number, b: number) => a + b } },
        now: "2026-01-01T00:00:00Z",
      });
      expect(value).toEqual([true, 5]);
    }
  });
});
