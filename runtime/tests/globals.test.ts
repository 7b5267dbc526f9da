import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";
import { STANDARD_GLOBALS } from "../src/index.js";

const sandbox = useSandbox();
const golden: string[] = JSON.parse(readFileSync(new URL("./fixtures/guest-globals.json", import.meta.url), "utf8"));

const REFUSED = [
  "eval", "process", "require", "module", "exports", "Buffer", "fetch", "WebSocket", "XMLHttpRequest", "WebAssembly",
  "SharedArrayBuffer", "Atomics", "crypto", "setTimeout", "setInterval", "setImmediate", "clearTimeout", "queueMicrotask",
  "global", "window", "self", "document", "navigator", "performance", "InternalError", "WeakRef", "FinalizationRegistry",
  "std", "os", "scriptArgs", "print",
];

describe("the guest's global object", () => {
  it("matches the golden allowlist exactly", async () => {
    const names = await valueOf<string[]>(sandbox, "return Object.getOwnPropertyNames(globalThis).sort()");
    expect(names).toEqual([...golden].sort());
    expect([...STANDARD_GLOBALS].sort()).toEqual([...golden].sort());
  });

  it("adds exactly the host namespaces it was given", async () => {
    const names = await valueOf<string[]>(sandbox, {
      source: "return Object.getOwnPropertyNames(globalThis).filter((n) => !STANDARD.includes(n))".replace("STANDARD", JSON.stringify(golden)),
      hostFunctions: { users: { find: () => 1 }, billing: { charge: () => 2 } },
    });
    expect(names.sort()).toEqual(["billing", "users"]);
  });

  it("stays the same after every lazy file loads, and no guest power (guestFile, hostLog) reaches the guest", async () => {
    // Every built-in method becomes a spy that keeps each `this` and argument it is handed; then the guest touches
    // every lazy global, so the guest files load (url.js takes its parts through the prelude's guestFile power) while
    // the spies watch. The powers object, or guestFile itself, handed to any built-in would be caught here.
    const found = await valueOf<{ names: string[]; leaked: string[]; spied: number }>(sandbox, `
      const apply = Reflect.apply, ownKeys = Reflect.ownKeys, describe = Object.getOwnPropertyDescriptor;
      const define = Object.defineProperty, hasOwn = Object.prototype.hasOwnProperty;
      const kept = [];
      let busy = false; // the spies' own work (and the check below) calls spied built-ins too
      const keep = (v) => { if ((typeof v === "object" && v !== null) || typeof v === "function") kept[kept.length] = v; };
      const spy = (original) => function (...args) {
        if (!busy) { busy = true; keep(this); for (let i = 0; i < args.length; i++) keep(args[i]); busy = false; }
        return apply(original, this, args);
      };
      for (const target of [Array.prototype, Object, Object.prototype, Function.prototype, String.prototype, RegExp.prototype,
        Map.prototype, Set.prototype, WeakMap.prototype, Promise.prototype, JSON, Reflect, Array, String, Math]) {
        for (const key of ownKeys(target)) {
          const d = describe(target, key);
          if (!d || typeof d.value !== "function" || key === "constructor") continue;
          try { define(target, key, { value: spy(d.value), writable: true, configurable: true }); } catch {}
        }
      }
      void [URL, URLSearchParams, Intl, console, TextEncoder, atob];
      const u = new URL("http://user:pw@xn--nxasmq6b.example:81/a/../b?c=d#e", "https://base/");
      void [u.href, u.origin, u.searchParams.get("c"), new URLSearchParams({ a: "1" }).toString(), (1234.5).toLocaleString("de")];
      busy = true;
      const leaked = [];
      for (let i = 0; i < kept.length; i++) {
        const v = kept[i];
        if (typeof v === "function" && (v.name === "guestFile" || v.name === "hostLog" || v.name === "lazyLoad")) leaked.push("function " + v.name);
        for (const name of ["guestFile", "hostLog", "bigString"]) if (apply(hasOwn, v, [name])) leaked.push("an object holding " + name);
      }
      return { names: Object.getOwnPropertyNames(globalThis).sort(), leaked, spied: kept.length };`);
    expect(found.names).toEqual([...golden].sort());
    expect(found.leaked).toEqual([]);
    expect(found.spied).toBeGreaterThan(0);
  });

  it.each(REFUSED)("has no %s", async (name) => {
    expect(await valueOf(sandbox, `return typeof globalThis[${JSON.stringify(name)}] + "/" + typeof ${name}`)).toBe("undefined/undefined");
  });
});

describe("code generation is refused", () => {
  const attempts: Array<[string, string]> = [
    ["the Function constructor", "Function('return 1')()"],
    ["new Function", "new Function('return 1')()"],
    ["a function's constructor", "(function () {}).constructor('return 1')()"],
    ["an arrow's constructor", "(() => 1).constructor('return 1')()"],
    ["the async function constructor", "(async function () {}).constructor('return 1')()"],
    ["the generator function constructor", "(function* () {}).constructor('yield 1')().next()"],
    ["the async generator function constructor", "(async function* () {}).constructor('yield 1')()"],
    ["Reflect.construct on Function", "Reflect.construct(Function, ['return 1'])()"],
    ["a constructor's constructor", "({}).constructor.constructor('return 1')()"],
  ];
  it.each(attempts)("through %s", async (_label, code) => {
    const error = await errorOf(sandbox, code);
    expect(error).toMatchObject({ code: "E_GUEST_ERROR", name: "EvalError" });
    expect(error.message).toMatch(/code generation from strings is disabled/);
  });

  it("keeps instanceof Function and function prototypes working", async () => {
    expect(await valueOf(sandbox, "return [(() => 1) instanceof Function, async function () {} instanceof Function, typeof Function.prototype.call]")).toEqual([true, true, "function"]);
  });
});
