// What checkProgram types a program against besides its imports: the host-function namespaces with their
// describeHostFunction() signatures (every call resolves to a promise; an undescribed function takes and gives
// anything), extra declarations texts, and a declarations text that does not parse (reported in its own file).

import { describe, expect, test } from "vitest";
import { describeHostFunction } from "@capsule/runtime";
import { checkProgram } from "../src/index.js";
import { SHOP } from "./check-helpers.js";

const summary = (r: { diagnostics: Array<{ code: string; line: number; column: number }> }) => r.diagnostics.map((d) => [d.code, d.line, d.column]);

describe("checkProgram declarations", () => {
  test("host-function signatures type the arguments and the awaited result", async () => {
    const result = await checkProgram(
      'const orders = await shop.listOrders({ status: "pending" });\nconst first = orders[0];\nreturn first?.custmer;\n',
      { hostFunctions: SHOP },
    );
    expect(summary(result)).toEqual([["check-type", 1, 40], ["check-type", 3, 15]]);
    expect(result.diagnostics[0]!.message).toContain(`Type '"pending"' is not assignable to type '"open" | "closed"'`);
    expect(result.diagnostics[1]!.message).toContain("Property 'custmer' does not exist");
  });

  test("a signature that returns a plain value is still a promise to the guest", async () => {
    const hostFunctions = { calc: { double: describeHostFunction(async (n: number) => n * 2, { signature: "(n: number) => number" }) } };
    expect((await checkProgram("const d: number = await calc.double(2);\nreturn d;\n", { hostFunctions })).diagnostics).toEqual([]);
    const unawaited = await checkProgram("const d: number = calc.double(2);\nreturn d;\n", { hostFunctions });
    expect(unawaited.diagnostics[0]).toMatchObject({ code: "check-type", line: 1, tsCode: 2322 });
    expect(unawaited.diagnostics[0]!.message).toContain("Promise<number>");
  });

  test("an undescribed host function takes anything and resolves to any; an unknown namespace is an unknown name", async () => {
    const hostFunctions = { users: { find: async (id: number) => ({ id }) } };
    expect((await checkProgram("const u = await users.find(7, 'extra');\nreturn u.name.first;\n", { hostFunctions })).diagnostics).toEqual([]);
    const result = await checkProgram("return users.remove(7);\n", { hostFunctions });
    expect(result.diagnostics[0]).toMatchObject({ code: "check-type", tsCode: 2339 });
    expect((await checkProgram("return billing.charge(1);\n")).diagnostics[0]).toMatchObject({ code: "check-type", tsCode: 2304 });
  });

  test("a signature that does not parse is reported in host-functions.d.ts, not in the program", async () => {
    const hostFunctions = { bad: { fn: describeHostFunction(async () => 1, { signature: "(a: number => Promise<number>" }) } };
    const result = await checkProgram("return 1;\n", { hostFunctions });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.every((d) => d.code === "check-declarations-invalid" && d.file === "host-functions.d.ts")).toBe(true);
    expect(result.diagnostics[0]!.frame).toContain("readonly fn: (a: number => Promise<number>");
  });

  test("extra declarations add globals; one that does not parse is reported at its own line, under its name", async () => {
    const globals = "declare const config: { readonly region: string };";
    expect((await checkProgram("return config.region.toUpperCase();\n", { declarations: [globals] })).diagnostics).toEqual([]);
    const result = await checkProgram("return 1;\n", { declarations: [{ name: "tools.d.ts", text: "declare module \"tools:x\" {\n  export function f(: string;\n}\n" }] });
    expect(result.diagnostics[0]).toMatchObject({ code: "check-declarations-invalid", file: "tools.d.ts", line: 2 });
    expect(result.diagnostics[0]!.message).toMatch(/^tools\.d\.ts: /);
  });
});
