// The published declarations of the guest's globals (types/guest-globals.d.ts): regenerating them gives the file
// that is checked in, the values they declare are exactly the globals a real guest has (and guest-globals.json), the
// Intl they declare is the polyfill's, the members added beyond TypeScript's libs exist in the guest, and the package
// exports the file.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { run } from "@capsule/runtime";
import { checkProgram, GUEST_GLOBALS_FILE } from "../src/index.js";

const generator = "../../scripts/guest-globals.mjs";
const text = readFileSync(GUEST_GLOBALS_FILE, "utf8");
const expectedGlobals = JSON.parse(readFileSync(new URL("../../runtime/tests/fixtures/guest-globals.json", import.meta.url), "utf8")) as string[];

/** The global values and the Intl members TypeScript sees with only the declarations as lib. */
function declaredValues(): { globals: string[]; intl: string[] } {
  const files = new Map([["/g.d.ts", text], ["/main.ts", "export {};\nconst probe = 1;\n"]]);
  const host = ts.createCompilerHost({});
  host.getSourceFile = (name, version) => (files.has(name) ? ts.createSourceFile(name, files.get(name)!, version) : undefined);
  host.fileExists = (name) => files.has(name);
  const program = ts.createProgram({ rootNames: [...files.keys()], options: { noLib: true, types: [] }, host });
  const checker = program.getTypeChecker();
  const at = program.getSourceFile("/main.ts")!.statements[1]!;
  const values = checker.getSymbolsInScope(at, ts.SymbolFlags.Value).filter((s) => s.name !== "probe" && !s.name.startsWith('"'));
  const intl = checker.getSymbolsInScope(at, ts.SymbolFlags.Namespace).find((s) => s.name === "Intl")!;
  return {
    globals: values.map((s) => s.name).sort(),
    intl: checker.getExportsOfModule(intl).filter((s) => s.flags & ts.SymbolFlags.Value).map((s) => s.name).sort(),
  };
}

describe("guest globals declarations", () => {
  test("the checked-in file is what scripts/guest-globals.mjs generates (run it with --write after a TypeScript upgrade)", async () => {
    const { renderGuestGlobals } = (await import(generator as string)) as { renderGuestGlobals: () => string };
    expect(renderGuestGlobals() === text, "compiler/types/guest-globals.d.ts is stale: node scripts/guest-globals.mjs --write").toBe(true);
  });

  test("they declare exactly the globals of a real guest and of guest-globals.json, and the guest's Intl", async () => {
    const live = await run({
      source: "return { globals: Object.getOwnPropertyNames(globalThis).sort(), intl: Object.getOwnPropertyNames(Intl).filter((k) => k !== Symbol.toStringTag).sort() };",
    });
    if (!live.ok) throw new Error(live.error.message);
    const guest = live.value as { globals: string[]; intl: string[] };
    const declared = declaredValues();
    expect(declared.globals).toEqual([...expectedGlobals].sort());
    expect(declared.globals).toEqual(guest.globals);
    expect(declared.intl).toEqual(guest.intl);
  }, 60_000);

  test("the members declared beyond TypeScript's libs type-check and run in the guest", async () => {
    const source = [
      'const m = new Map<string, number>();\nm.getOrInsert("a", 1);\nm.getOrInsertComputed("b", () => 2);',
      "const w = new WeakMap<object, number>();\nconst k = {};\nw.getOrInsert(k, 1);\nw.getOrInsertComputed({}, () => 2);",
      'return [RegExp.escape("a.b"), Math.sumPrecise([1, 2]), Iterator.concat([1], [2]).toArray(), m.get("b"), w.get(k)];',
    ].join("\n");
    expect((await checkProgram(source)).diagnostics).toEqual([]);
    const live = await run({ source });
    expect(live.ok && live.value).toEqual(["\\x61\\.b", 3, [1, 2], 2, 1]);
  }, 60_000);

  test("the package exports the file as @capsule/compiler/guest-globals.d.ts", () => {
    const require = createRequire(import.meta.url);
    expect(require.resolve("@capsule/compiler/guest-globals.d.ts")).toBe(GUEST_GLOBALS_FILE);
  });
});
