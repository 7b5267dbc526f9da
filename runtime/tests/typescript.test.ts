import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();

describe("TypeScript is stripped, never type-checked", () => {
  it("runs annotations, interfaces, generics, enums and type-only imports", async () => {
    const value = await valueOf(sandbox, {
      filename: "main.ts",
      source: `
        import type { Nothing } from "types-only";
        interface Point { x: number; y: number }
        type Pair<T> = [T, T];
        enum Color { Red = "red", Blue = "blue" }
        function add<T extends number>(a: T, b: T): number { return a + b; }
        const p: Point = { x: 1, y: 2 };
        const pair: Pair<string> = ["a", "b"];
        const n = (p as any).x satisfies number;
        return { sum: add(p.x, p.y), pair, color: Color.Blue, n };
      `,
    });
    expect(value).toEqual({ sum: 3, pair: ["a", "b"], color: "blue", n: 1 });
  });

  it("does not type-check: a type error still runs", async () => {
    expect(await valueOf(sandbox, "const n: number = 'not a number' as any as number; return n")).toBe("not a number");
  });

  it("reports a TypeScript syntax error at the user's line and column", async () => {
    const error = await errorOf(sandbox, { filename: "main.ts", source: "const a: number = 1;\nconst b: = 2;\nreturn a" });
    expect(error.code).toBe("E_SYNTAX");
    expect(error.message).toContain("main.ts:2:10");
  });

  it("maps a runtime error in TypeScript back to the user's line", async () => {
    const error = await errorOf(sandbox, {
      filename: "main.ts",
      source: "interface A { a: number }\nconst x: A = { a: 1 };\n\nfunction boom(v: A): never {\n  throw new Error('at line five ' + v.a);\n}\nboom(x);",
    });
    expect(error.message).toBe("at line five 1");
    expect(error.guestStack).toMatch(/boom \(main\.ts:5:\d+\)/);
  });
});
