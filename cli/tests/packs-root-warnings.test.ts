// Warnings about the pack roots a user names (src/packs-root-warnings.ts), on every command that reads them — not only
// `packs compile`: a --packs root that does not exist, one that holds no pack, and a pack folder given instead of its
// parent (with the parent as the hint). A root that holds packs gets no warning.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleAsync, FIXTURE_ROOT, tempDir, tempHome } from "./helpers.js";

const missing = join(tempDir(), "no-such-folder");
const empty = tempDir("capsule-empty-root-");
const packFolder = join(FIXTURE_ROOT, "good");

describe("pack root warnings", () => {
  it("are given by every command that reads the roots", async () => {
    const home = tempHome();
    const commands: Array<{ args: string[]; input?: string }> = [
      { args: ["run", "-"], input: "return 1" },
      { args: ["check", "-"], input: "return 1" },
      { args: ["replay", join(empty, "none.jsonl")] },
      { args: ["init", join(tempDir(), "programs")] },
      { args: ["packs", "list"] },
      { args: ["packs", "docs"] },
      { args: ["packs", "compile"] },
      // stdin ends at once, so the stdio server stops after starting.
      { args: ["mcp"], input: "" },
    ];
    for (const { args, input } of commands) {
      const out = await capsuleAsync([...args, "--home", home, "--packs", missing], { input });
      expect(out.stderr, args.join(" ")).toContain(`warning packs-root-missing: pack root ${missing} cannot be read (ENOENT)`);
    }
  }, 300_000);

  it("say when a root holds no pack, and hint at the parent of a pack folder", async () => {
    const home = tempHome();
    const out = await capsuleAsync(["packs", "list", "--home", home, "--packs", empty, "--packs", packFolder]);
    expect(out.stderr).toContain(`warning packs-root-empty: pack root ${empty} holds no pack`);
    expect(out.stderr).toContain(`warning packs-root-is-a-pack: pack root ${packFolder} is a pack folder`);
    expect(out.stderr).toContain(`pass its parent, --packs ${FIXTURE_ROOT}`);
  }, 120_000);

  it("cover $CAPSULE_PACK_PATH and roots given before the subcommand, and stay quiet for a root with packs", async () => {
    const home = tempHome();
    const fromEnv = await capsuleAsync(["run", "-", "--home", home], { input: "return 1", env: { CAPSULE_PACK_PATH: empty } });
    expect(fromEnv.stderr).toContain("warning packs-root-empty");
    const global = await capsuleAsync(["--packs", missing, "run", "-", "--home", home], { input: "return 1" });
    expect(global.stderr).toContain("warning packs-root-missing");
    const good = await capsuleAsync(["run", "-", "--home", home, "--packs", FIXTURE_ROOT, "--value"], { input: "return 1" });
    expect([good.status, good.stdout, good.stderr]).toEqual([0, "1\n", ""]);
  }, 120_000);
});
