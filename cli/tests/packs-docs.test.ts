import { describe, expect, it } from "vitest";
import { capsule, tempHome, spawnAsync } from "./helpers.js";

describe("capsule packs docs", () => {
  const home = tempHome();

  it("prints the reference for the allowed modules, as markdown or declarations", async () => {
    const md = await capsule(["packs", "docs", "--home", home, "--allow", "@capsule/yaml"]);
    expect(md.status).toBe(0);
    expect(md.stdout).toContain("## `@capsule/yaml` (runs inside the sandbox)");
    expect(md.stdout).not.toContain("@capsule/markdown");
    const dts = await capsule(["packs", "docs", "--home", home, "--allow", "@capsule/yaml", "--format", "dts"]);
    expect(dts.status).toBe(0);
    expect(dts.stdout).toContain('declare module "@capsule/yaml"');
  }, 240_000);

  it("exits 2 on a bad format or a module that is not admitted", async () => {
    expect((await capsule(["packs", "docs", "--home", home, "--format", "html"])).status).toBe(2);
    const unknown = await capsule(["packs", "docs", "--home", home, "--allow", "@capsule/nope"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("@capsule/nope");
  }, 240_000);
});
