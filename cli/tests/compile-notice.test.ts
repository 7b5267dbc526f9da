// The first command on a fresh home says it is compiling the packs (src/compile-notice.ts): one line on stderr when
// it is not a terminal, that line and a progress bar on a terminal; warm commands after it say nothing.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { capsuleAsync, CLI, tempHome } from "./helpers.js";

const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;
const program = 'import yaml from "@capsule/yaml"; return yaml.load("a: 1").a';
const noticeLines = (stderr: string, home: string) => stderr.split("\n").filter((l) => l.includes(`capsule: compiling the packs into ${home}`));

describe("the first compile of a home", () => {
  it("says so in one line on a non-terminal, and the next command says nothing", async () => {
    const home = tempHome();
    const first = await capsuleAsync(["run", "-", "--home", home, "--value"], { input: program });
    expect([first.status, first.stdout]).toEqual([0, "1\n"]);
    expect(noticeLines(first.stderr, home)).toHaveLength(1);
    expect(first.stderr.trim().split("\n")).toHaveLength(1); // no bar drawn into a pipe
    const second = await capsuleAsync(["run", "-", "--home", home, "--value"], { input: program });
    expect([second.status, second.stderr]).toEqual([0, ""]);
  }, 120_000);

  it("is said by other commands that compile too (check), not by packs compile, which draws its own", async () => {
    const home = tempHome();
    const check = await capsuleAsync(["check", "-", "--home", home], { input: program });
    expect(noticeLines(check.stderr, home)).toHaveLength(1);
    const compile = await capsuleAsync(["packs", "compile", "--home", tempHome()]);
    expect(compile.stderr).not.toContain("capsule: compiling the packs");
  }, 120_000);

  it.skipIf(!hasScript)("draws the progress bar after the line on a terminal", () => {
    const home = tempHome();
    const command = `'${process.execPath}' '${CLI}' run - --home '${home}' < /dev/null 2>&1 >/dev/null; echo; '${process.execPath}' '${CLI}' packs docs --home '${tempHome()}' 2>&1 >/dev/null`;
    const out = spawnSync("script", ["-qc", command, "/dev/null"], { encoding: "utf8", env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    expect(out.stdout).toContain("capsule: compiling the packs into");
    expect(out.stdout).toMatch(/compiling .* \d+\/\d+/);
  }, 120_000);
});
