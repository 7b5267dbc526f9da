// `capsule check`: a clean program exits 0, one with problems exits 1 and names each at the user's line with a code
// frame and a hint, --json gives the diagnostics as data, --allow narrows the imports, and bad usage exits 2.

import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleAsync as capsule, FIXTURE_ROOT, FIXTURES, tempDir, tempHome, withoutCompileNotice, spawnAsync } from "./helpers.js";

const program = (name: string) => join(FIXTURES, "programs", name);

describe("capsule check", () => {
  const home = tempHome();
  const roots = ["--home", home, "--packs", FIXTURE_ROOT];

  it("exits 0 for a clean program with pack imports, top-level await and return", async () => {
    const out = await capsule(["check", program("clean.js"), ...roots]);
    expect(withoutCompileNotice(out.stderr)).toBe("");
    expect(out.stdout).toBe("ok: no problems (checked as JavaScript)\n");
    expect(out.status).toBe(0);
  }, 240_000);

  it("exits 1 and prints each problem at the user's line, with a code frame and a hint", async () => {
    const file = program("problems.ts");
    const out = await capsule(["check", file, ...roots]);
    expect(out.status).toBe(1);
    expect(out.stdout).toContain(`${file}:1:22 error check-export-missing: "@cli-fixture/good" has no export "countLines" (it exports countWords, debug)\n`);
    expect(out.stdout).toContain(`${file}:2:22 error check-import-unresolved: "@capsule/yml" is not a module this run can import`);
    expect(out.stdout).toContain(`  hint: did you mean "@capsule/yaml"?`);
    expect(out.stdout).toContain(`${file}:3:7 error check-type: Type 'number' is not assignable to type 'string'.\n    1 | import`);
    expect(out.stdout).toContain(`  > 4 | setTimeout(() => n, 10);\n      | ^^^^^^^^^^\n`);
    expect(out.stdout).toMatch(/4 problems\n$/);
  }, 240_000);

  it("--json prints { ok, file, language, diagnostics } with each diagnostic's code, position, frame and hint", async () => {
    const out = await capsule(["check", program("problems.ts"), ...roots, "--json"]);
    expect(out.status).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report).toMatchObject({ ok: false, file: program("problems.ts"), language: "typescript" });
    expect(report.diagnostics.map((d: { code: string; line: number; column: number }) => [d.code, d.line, d.column])).toEqual([
      ["check-export-missing", 1, 22], ["check-import-unresolved", 2, 22], ["check-type", 3, 7], ["check-global-missing", 4, 1],
    ]);
    for (const d of report.diagnostics) expect(Object.keys(d)).toEqual(expect.arrayContaining(["code", "message", "line", "column", "frame", "hint"]));
    const clean = JSON.parse((await capsule(["check", program("clean.js"), ...roots, "--json"])).stdout);
    expect(clean).toEqual({ ok: true, file: program("clean.js"), language: "javascript", diagnostics: [] });
  }, 240_000);

  it("--allow narrows what the program may import, as in a run", async () => {
    const out = await capsule(["check", program("clean.js"), ...roots, "--allow", "@capsule/yaml", "--json"]);
    expect(out.status).toBe(1);
    expect(JSON.parse(out.stdout).diagnostics.map((d: { code: string }) => d.code)).toEqual(["check-import-not-allowed"]);
  }, 240_000);

  it("checks standard input, and a program without imports compiles nothing (the home stays empty)", async () => {
    const emptyHome = tempDir("capsule-home-");
    const out = await capsule(["check", "-", "--home", emptyHome], { input: "const t = await Promise.resolve(1);\nreturn process.env[t];\n" });
    expect(out.status).toBe(1);
    expect(out.stdout).toContain("-:2:8 error check-global-missing: `process` does not exist in the sandbox");
    expect(readdirSync(emptyHome)).toEqual([]);
  });

  it("exits 2 on bad usage: a missing or unreadable file, an unknown option", async () => {
    expect((await capsule(["check", join(tempDir(), "nope.js")])).status).toBe(2);
    const folder = tempDir();
    mkdirSync(join(folder, "sub"));
    expect((await capsule(["check", join(folder, "sub")])).status).toBe(2);
    expect((await capsule(["check", program("clean.js"), "--nope"])).status).toBe(2);
    expect((await capsule(["check"])).status).toBe(2);
  });
});
