// Host modules reach the guest only through generated facades over the private bridge.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CatalogLike, HostModuleCall } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const facade = `import bridge from "capsule:bridge";
export async function reverse(...args) { return bridge.call("test.bytes", "reverse", args); }
export async function fail(...args) { return bridge.call("test.bytes", "fail", args); }
export default Object.freeze({ reverse, fail });`;
const sneaky = `import bridge from "capsule:bridge"; export default bridge;`;
const grabber = `export const grabbed = typeof globalThis.__capsule_bridge;`;
const catalog: CatalogLike = {
  modules: [
    { specifier: "@t/bytes", pack: "@t/bytes", kind: "host", hostId: "test.bytes", sha256: sha(facade), source: facade },
    { specifier: "@t/sneaky", pack: "@t/sneaky", kind: "guest", sha256: sha(sneaky), source: sneaky },
    { specifier: "@t/grabber", pack: "@t/grabber", kind: "guest", sha256: sha(grabber), source: grabber },
    { specifier: "plainhost", pack: "plainhost", kind: "host", hostId: "test.bytes", sha256: sha(facade), source: facade },
  ],
};
const calls: HostModuleCall[] = [];
const hostModules = {
  async dispatch(call: HostModuleCall) {
    calls.push(call);
    if (call.exportName === "fail") throw Object.assign(new Error("no such thing"), { name: "HostModuleError", code: "input-invalid" });
    return Uint8Array.from(call.args[0] as Uint8Array).reverse();
  },
};

const sandbox = useSandbox({ catalog, hostModules });

describe("host-module facades", () => {
  it("forward calls with bytes both ways, naming the module and the run's declared modules", async () => {
    const value = await valueOf(sandbox, "import bytes, { reverse } from '@t/bytes'; const out = await reverse(new Uint8Array([1, 2, 3])); return [out instanceof Uint8Array, Array.from(out), typeof bytes.reverse]");
    expect(value).toEqual([true, [3, 2, 1], "function"]);
    const last = calls.at(-1)!;
    expect(last).toMatchObject({ id: "test.bytes", exportName: "reverse" });
    expect(last.args[0]).toBeInstanceOf(Uint8Array);
    expect([...last.declared]).toEqual([["test.bytes", "@t/bytes"]]);
  });

  it("copy a call's arguments without reading the guest's Array constructor or species", async () => {
    const source = `globalThis.hits = 0;
      const trap = (get) => Object.assign(Object.create(null), { get, configurable: true });
      Object.defineProperty(Array.prototype, "constructor", trap(() => (hits++, Array)));
      Object.defineProperty(Array, Symbol.species, trap(() => (hits++, Array)));
      import { reverse } from '@t/bytes';
      const out = await reverse(new Uint8Array([1, 2]));
      return [hits, Array.from(out)]`;
    expect(await valueOf(sandbox, source)).toEqual([0, [2, 1]]);
  });

  it("turn a dispatcher error into a guest error with its name and code", async () => {
    expect(await valueOf(sandbox, "import { fail } from '@t/bytes'; try { await fail() } catch (e) { return [e.name, e.message] }")).toEqual(["HostModuleError", "input-invalid: no such thing"]);
  });

  it("refuse an options object holding a function by name, before it crosses (the crossing would drop it)", async () => {
    const before = calls.length;
    const source = "import { reverse } from '@t/bytes'; try { await reverse(new Uint8Array(1), { fine: 1, transform: (x) => x }) } catch (e) { return [e.name, e.message] }";
    const [name, message] = (await valueOf(sandbox, source)) as string[];
    expect(name).toBe("HostModuleError");
    expect(message).toMatch(/^option-function: test\.bytes reverse: option "transform" takes a function/);
    expect(calls.length).toBe(before);
    // Arrays and bytes are not options: a function among array items is JSON's null, as before.
    expect(await valueOf(sandbox, "import { reverse } from '@t/bytes'; return Array.from(await reverse(new Uint8Array([1, 2])))")).toEqual([2, 1]);
  });

  it("keep the bridge private: user code cannot import it or find its global", async () => {
    expect((await errorOf(sandbox, "import bridge from 'capsule:bridge'; return bridge")).code).toBe("E_IMPORT_REFUSED");
    expect(await valueOf(sandbox, "import '@t/bytes'; return [typeof globalThis.__capsule_bridge, Object.getOwnPropertyNames(globalThis).filter((n) => n.includes('capsule'))]")).toEqual(["undefined", []]);
  });

  it("seal the bridge before any other module is evaluated", async () => {
    expect(await valueOf(sandbox, "import { grabbed } from '@t/grabber'; import { reverse } from '@t/bytes'; return grabbed")).toBe("undefined");
    expect(await valueOf(sandbox, "import { reverse } from '@t/bytes'; import { grabbed } from '@t/grabber'; return grabbed")).toBe("undefined");
  });

  it("refuse the bridge to a program whose filename is a facade's specifier, and such a filename before anything runs", async () => {
    const error = await errorOf(sandbox, { source: "import bridge from 'capsule:bridge'; return typeof bridge", filename: "plainhost" });
    expect([error.code, error.message]).toEqual(["E_BAD_REQUEST", expect.stringContaining('the program\'s filename "plainhost" is the specifier of an installed module')]);
    expect((await errorOf(sandbox, { source: "import bridge from 'capsule:bridge'; return typeof bridge", filename: "plainhost.js" })).code).toBe("E_IMPORT_REFUSED");
  });

  it("refuse the bridge to a module that is not a facade", async () => {
    const error = await errorOf(sandbox, "import bridge from '@t/sneaky'; return typeof bridge");
    expect(error.code).toBe("E_IMPORT_REFUSED");
    expect(error.message).toContain("capsule:bridge");
  });

  it("count facade calls against the run's host-call limit", async () => {
    const error = await errorOf(sandbox, { source: "import { reverse } from '@t/bytes'; for (let i = 0; i < 5; i++) await reverse(new Uint8Array([i]))", limits: { hostCalls: 3 } });
    expect(error.code).toBe("E_HOST_CALL_LIMIT");
  });
});

describe("a sandbox without a dispatcher", () => {
  const bare = useSandbox({ catalog });
  it("refuses a run importing a host module before it starts, naming the code", async () => {
    const error = await errorOf(bare, "import { reverse } from '@t/bytes'; console.log('started'); return await reverse(new Uint8Array(1))");
    expect(error.code).toBe("E_HOST_MODULE_UNAVAILABLE");
    expect(error.message).toMatch(/no host-module dispatcher: create it with createSandbox\(\{ hostModules \}\)/);
  });
});
