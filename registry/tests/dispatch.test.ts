import { describe, expect, it } from "vitest";
import { createRegistry, HostCallError, type HostPin } from "../src/index.js";

let loads = 0;
const calls: unknown[][] = [];
const pin: HostPin = {
  id: "test.echo",
  package: "@test/echo",
  exports: {
    echo: { params: [{ name: "text", type: "string" }, { name: "options", type: "object", optional: true }], summary: "Echo." },
    bytes: { params: [{ name: "data", type: "bytes" }], summary: "Bytes." },
    table: { params: [{ name: "data", type: "table" }], summary: "A table (csv.stringify's input)." },
  },
  load: async () => {
    loads++;
    return { echo: (...args: unknown[]) => { calls.push(args); return args[0]; }, bytes: (b: Uint8Array) => b.length, table: (t: unknown) => (Array.isArray(t) ? "array" : typeof t), constructor: () => "should never run" };
  },
};
const registry = createRegistry({ shipped: false, pins: [pin] });
const declared = new Map([["test.echo", "@test/echo"]]);
const call = (exportName: string, args: unknown[], decl = declared) => registry.dispatch({ id: "test.echo", exportName, args, declared: decl });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as HostCallError;
  }
  throw new Error("expected a refusal");
}

describe("dispatch checks everything before the implementation loads", () => {
  it("refuses a module the run did not declare", async () => {
    expect((await refusal(call("echo", ["x"], new Map()))).code).toBe("host-module-not-declared");
    expect(loads).toBe(0);
  });

  it("refuses a module declared by a pack it is not pinned to (again, at dispatch)", async () => {
    expect((await refusal(call("echo", ["x"], new Map([["test.echo", "@evil/echo"]])))).code).toBe("host-id-not-pinned");
    expect(loads).toBe(0);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "missing"])("refuses the unpinned export %s", async (name) => {
    expect((await refusal(call(name, []))).code).toBe("host-export-unknown");
    expect(loads).toBe(0);
  });

  it.each([
    ["no arguments", "echo", []],
    ["a wrong type", "echo", [42]],
    ["too many arguments", "echo", ["a", {}, "extra"]],
    ["options that are not a plain object", "echo", ["a", [1]]],
    ["a string where bytes are pinned", "bytes", ["not bytes"]],
    ["a number where a table is pinned", "table", [42]],
    ["an array of primitives where a table is pinned", "table", [[1, 2]]],
    ["bytes where a table is pinned", "table", [new Uint8Array(2)]],
  ])("refuses %s", async (_label, name, args) => {
    const error = await refusal(call(name as string, args as unknown[]));
    expect(error.code).toBe("host-arguments-invalid");
    expect(error.name).toBe("HostCallError");
    expect(loads).toBe(0);
  });

  it("then loads the implementation once per process and calls it", async () => {
    expect(await call("echo", ["hello"])).toBe("hello");
    expect(await call("echo", ["again", { a: 1 }])).toBe("again");
    expect(await call("bytes", [new Uint8Array(4)])).toBe(4);
    // A table is rows or records, { fields, data }, or JSON text (papaparse's unparse input).
    expect([await call("table", [[["a"], { b: 1 }]]), await call("table", [{ fields: ["a"], data: [] }]), await call("table", ['[["a"]]'])]).toEqual(["array", "object", "string"]);
    expect(loads).toBe(1);
    expect(calls).toEqual([["hello"], ["again", { a: 1 }]]);
  });
});
