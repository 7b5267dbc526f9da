// Built-ins the sandbox replaces (Date, the refused Function, Date.now, Math.random, the Intl-backed methods) keep
// their standard shapes: names, lengths, constructor-ness, prototype attributes, subclassing.
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("replaced built-ins", () => {
  it("keep Date's shape", async () => {
    expect(await valueOf(sandbox, `
      const d = Object.getOwnPropertyDescriptor(Date, "prototype");
      class Sub extends Date {}
      function F() {} F.prototype = 1;
      const odd = Reflect.construct(Date, [0], F);
      return [Date.name, Date.length, d.writable, d.configurable, new Sub(5).getTime(), new Sub(0) instanceof Sub, Object.getPrototypeOf(odd) === Date.prototype, typeof Date(), new Date(2020, 0).getFullYear()]`))
      .toEqual(["Date", 7, false, false, 5, true, true, "string", 2020]);
  });

  it("keep the refused Function's name and length", async () => {
    expect(await valueOf(sandbox, "const AsyncFunction = (async () => {}).constructor; return [Function.name, Function.length, AsyncFunction.name, (function () {}) instanceof Function]")).toEqual(["Function", 1, "AsyncFunction", true]);
  });

  it("make Date.now, Math.random and the Intl-backed methods non-constructors with standard names and lengths", async () => {
    const value = await valueOf(sandbox, `
      const isCtor = (f) => { try { Reflect.construct(String, [], f); return true } catch { return false } };
      return [Date.now, Math.random, Number.prototype.toLocaleString, Date.prototype.toLocaleDateString, String.prototype.localeCompare].map((f) => [f.name, f.length, isCtor(f)])`);
    expect(value).toEqual([["now", 0, false], ["random", 0, false], ["toLocaleString", 0, false], ["toLocaleDateString", 0, false], ["localeCompare", 1, false]]);
  });

  it("throw a TypeError for localeCompare on null or undefined", async () => {
    expect(await valueOf(sandbox, "const out = []; for (const v of [null, undefined]) { try { String.prototype.localeCompare.call(v, 'a') } catch (e) { out.push(e.name) } } return out")).toEqual(["TypeError", "TypeError"]);
    expect((await errorOf(sandbox, "new Math.random()")).name).toBe("TypeError");
  });
});
