import { describe, expect, it } from "vitest";
import { capsule, tempHome } from "./helpers.js";

describe("capsule packs docs", () => {
  const home = tempHome();

  it("prints the reference for the allowed modules, as markdown or declarations", () => {
    const md = capsule(["packs", "docs", "--home", home, "--allow", "@capsule/yaml"]);
    expect(md.status).toBe(0);
    expect(md.stdout).toContain("## `@capsule/yaml` (runs inside the sandbox)");
    expect(md.stdout).not.toContain("@capsule/markdown");
    const dts = capsule(["packs", "docs", "--home", home, "--allow", "@capsule/yaml", "--format", "dts"]);
    expect(dts.status).toBe(0);
    expect(dts.stdout).toContain('declare module "@capsule/yaml"');
  }, 120_000);

  it("exits 2 on a bad format or a module that is not admitted", () => {
    expect(capsule(["packs", "docs", "--home", home, "--format", "html"]).status).toBe(2);
    const unknown = capsule(["packs", "docs", "--home", home, "--allow", "@capsule/nope"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("@capsule/nope");
  }, 120_000);
});
