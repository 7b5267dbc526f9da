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
