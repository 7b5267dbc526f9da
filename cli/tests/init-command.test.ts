// `capsule init`: the tsconfig.json and capsule-env.d.ts it writes make `tsc --noEmit` (the repo's typescript, the
// proxy for an editor) accept a guest program's top-level await, pack imports and the guest's own globals, and flag
// setTimeout, require, process and WeakRef as unknown — while top-level return stays TypeScript's error TS1108 (the
// decision in the README: `capsule check` is the checker of record). It never overwrites files it did not write.

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { capsuleAsync as capsule, FIXTURE_ROOT, FIXTURES, tempDir, tempHome, withoutCompileNotice, spawnAsync } from "./helpers.js";

const TSC = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));

/** tsc's errors by file, as line:code, from its "file(line,col): error TSxxxx: message" lines. */
async function tscErrors(dir: string): Promise<Record<string, string[]>> {
  // tsc exits 2 when it reports errors; its report is what the tests read.
  const stdout = await promisify(execFile)(process.execPath, [TSC, "--noEmit", "-p", "."], { cwd: dir, encoding: "utf8" }).then(
    (r) => r.stdout,
    (error: { stdout: string }) => error.stdout,
  );
  const errors: Record<string, string[]> = {};
  for (const m of stdout.matchAll(/^(\S+?)\((\d+),\d+\): error (TS\d+): /gm)) (errors[m[1]!] ??= []).push(`${m[2]}:${m[3]}`);
  return errors;
}

describe("capsule init", () => {
  const home = tempHome();

  it("makes tsc accept top-level await, pack imports and the guest's globals, and flag what the sandbox lacks", async () => {
    const dir = tempDir("capsule-init-");
    const out = await capsule(["init", dir, "--home", home, "--packs", FIXTURE_ROOT]);
    expect(withoutCompileNotice(out.stderr)).toBe("");
    expect(out.status).toBe(0);
    expect(out.stdout).toContain("capsule check <file>` is the checker of record");
    const env = readFileSync(join(dir, "capsule-env.d.ts"), "utf8");
    expect(env).toContain('declare module "@cli-fixture/good"');
    expect(env).toContain('declare module "@capsule/yaml"');
    for (const name of ["editor-ok.ts", "editor-globals.ts", "editor-return.js"]) copyFileSync(join(FIXTURES, "programs", name), join(dir, name));
    expect(await tscErrors(dir)).toEqual({
      "editor-globals.ts": ["2:TS2304", "3:TS2591", "4:TS2591", "4:TS2693"],
      "editor-return.js": ["3:TS1108"],
    });
  }, 240_000);

  it("--allow declares only the named modules", async () => {
    const dir = tempDir("capsule-init-");
    expect((await capsule(["init", dir, "--home", home, "--packs", FIXTURE_ROOT, "--allow", "@cli-fixture/good"])).status).toBe(0);
    const env = readFileSync(join(dir, "capsule-env.d.ts"), "utf8");
    expect(env).toContain('declare module "@cli-fixture/good"');
    expect(env).not.toContain('declare module "@capsule/yaml"');
    copyFileSync(join(FIXTURES, "programs", "editor-ok.ts"), join(dir, "editor-ok.ts"));
    expect(await tscErrors(dir)).toEqual({ "editor-ok.ts": ["3:TS2307"] });
    expect((await capsule(["init", dir, "--home", home, "--allow", "@capsule/nope"])).status).toBe(2);
  }, 240_000);

  it("rewrites its own files, and refuses (exit 2, nothing written) a tsconfig.json or a folder it did not make", async () => {
    const dir = tempDir("capsule-init-");
    expect((await capsule(["init", dir, "--home", home])).status).toBe(0);
    expect((await capsule(["init", dir, "--home", home])).status).toBe(0);
    const foreign = tempDir("capsule-init-");
    writeFileSync(join(foreign, "tsconfig.json"), '{ "compilerOptions": {} }\n');
    const refused = await capsule(["init", foreign, "--home", home]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("was not written by capsule init");
    expect(readFileSync(join(foreign, "tsconfig.json"), "utf8")).toBe('{ "compilerOptions": {} }\n');
    const file = join(foreign, "tsconfig.json");
    expect((await capsule(["init", file, "--home", home])).status).toBe(2);
  }, 240_000);
});
