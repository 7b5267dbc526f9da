// What a host function throws is read defensively (src/host-calls.ts thrownInfo): reading it runs the thrower's code —
// a Proxy's traps, a getter, a toString — and a throw there escaped a port listener and took the whole host process
// down. Its text reaches the guest scrubbed and bounded like every error message.
import { describe, expect, it } from "vitest";
import { ERROR_TEXT_MAX } from "../src/errors.js";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const caught = (fn: string) => `try { await h.${fn}() } catch (e) { return [e.name, e.message] } return "no throw"`;

describe("what a host function throws", () => {
  it.each([
    ["a Proxy whose traps throw", () => new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); } })],
    ["an Error whose message getter throws", () => Object.defineProperty(new Error("m"), "message", { get() { throw new Error("getter"); } })],
    ["an object whose toString throws", () => ({ toString() { throw new Error("toString"); } })],
    ["an Error whose code getter throws", () => Object.defineProperty(new Error("m"), "code", { get() { throw new Error("code"); } })],
  ])("reaches the guest as an error, and the host goes on, for %s", async (_, make) => {
    const [name, message] = await valueOf<[string, string]>(sandbox, { source: caught("bad"), hostFunctions: { h: { bad: () => { throw make(); } } } });
    expect(name).toBe("Error");
    expect(message).toBe("the host function threw a value that cannot be read (its getter, trap or toString threw)");
    expect(await valueOf(sandbox, "return 1 + 1")).toBe(2);
  });

  it("denies a call whose policy throws or answers with what cannot be read", async () => {
    const trap = () => new Proxy({}, { get() { throw new Error("trap"); } });
    for (const policy of [() => { throw trap(); }, () => trap()]) {
      const [name, message] = await valueOf<[string, string]>(sandbox, { source: caught("ok"), hostFunctions: { h: { ok: () => 1 } }, policy });
      expect(name).toBe("PolicyDenied");
      expect(message).toMatch(/^E_POLICY_DENIED: /);
    }
  });

  it("bounds a huge message", async () => {
    const [, message] = await valueOf<[string, string]>(sandbox, { source: caught("big"), hostFunctions: { h: { big: () => Promise.reject(new Error("x".repeat(1e6))) } } });
    expect(message.length).toBeLessThan(ERROR_TEXT_MAX + 100);
    expect(message).toMatch(/… \(\d+ more characters\)$/);
  });
});
