// A pack root is a folder anyone may have written: a package.json that is a symlink to /dev/zero, or a FIFO, is read
// as what it is — not a regular file — by every command, never read until the host runs out of memory or forever.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsule, tempDir, tempHome } from "./helpers.js";

describe.skipIf(process.platform === "win32")("a pack root holding a package.json that is no file", () => {
  const root = tempDir("capsule-hostile-root-");
  mkdirSync(join(root, "zero"));
  symlinkSync("/dev/zero", join(root, "zero", "package.json"));
  mkdirSync(join(root, "fifo"));
  execFileSync("mkfifo", [join(root, "fifo", "package.json")]);
  const program = join(tempDir(), "one.js");
  writeFileSync(program, "return 1 + 1");

  it("does not stop a run from it: the folders are not packs", async () => {
    const ran = await capsule(["run", program, "--value", "--home", tempHome(), "--packs", root]);
    expect([ran.status, ran.stdout]).toEqual([0, "2\n"]);
  }, 120_000);

  it("is refused by pack check when it links out of the pack, without reading the file it links to", async () => {
    const outside = join(tempDir(), "secret.txt");
    writeFileSync(outside, "root:x:0:0:secret");
    mkdirSync(join(root, "linked"));
    symlinkSync(outside, join(root, "linked", "package.json"));
    const checked = await capsule(["pack", "check", join(root, "linked"), "--home", tempHome()]);
    expect([checked.status, checked.stdout + checked.stderr]).toEqual([1, expect.stringContaining("manifest-path-escape")]);
    expect(checked.stdout + checked.stderr).not.toContain("root:x");
  }, 120_000);

  it("is refused by pack check as not a regular file (or, linked out of the pack, as an escape)", async () => {
    for (const folder of ["zero", "fifo"]) {
      const checked = await capsule(["pack", "check", join(root, folder), "--home", tempHome()]);
      expect([folder, checked.status, checked.stdout + checked.stderr]).toEqual([folder, 1, expect.stringMatching(folder === "zero" ? /manifest-path-escape/ : /manifest-unreadable.*package\.json cannot be read \(is not a regular file\)/s)]);
    }
  }, 120_000);
});
