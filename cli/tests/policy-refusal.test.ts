// An import the operator's policy (<home>/policy.json) refuses is explained as the policy's refusal — in the run's
// error and in a note with the policy file and the code's hint — never as "no installed pack provides it".
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleAsync, tempHome } from "./helpers.js";

describe("an import refused by the operator's policy", () => {
  it("says the policy refused it, naming the file, the code and the fix", async () => {
    const home = tempHome();
    const policy = join(home, "policy.json");
    writeFileSync(policy, JSON.stringify({ packs: ["@capsule/yaml"] }));
    const program = 'import { marked } from "@capsule/markdown"; return 1';
    const json = await capsuleAsync(["run", "-", "--home", home, "--json"], { input: program });
    expect(json.status).toBe(1);
    const { error } = JSON.parse(json.stdout);
    expect(error.code).toBe("E_IMPORT_UNRESOLVED");
    expect(error.message).not.toContain("no installed pack provides it");
    expect(error.message).toContain(`the operator's policy (${policy}) does not allow pack @capsule/markdown (pack-not-allowed)`);
    expect(json.stderr).toContain("note: @capsule/markdown is refused by the operator's policy, not missing (pack-not-allowed)");
    expect(json.stderr).toContain(`hint: ask the operator to add the pack (or its @scope/*) to "packs" in ${policy}`);
    const shownRun = await capsuleAsync(["run", "-", "--home", home], { input: program });
    expect(shownRun.stdout).toContain("does not allow pack @capsule/markdown");
    expect(shownRun.stdout).not.toContain("no installed pack provides it");
  }, 120_000);

  it("still says 'no installed pack provides it' for a module nobody installed", async () => {
    const home = tempHome();
    writeFileSync(join(home, "policy.json"), JSON.stringify({ packs: ["@capsule/yaml"] }));
    const out = await capsuleAsync(["run", "-", "--home", home, "--json"], { input: 'import x from "@nobody/nothing"; return 1' });
    expect(JSON.parse(out.stdout).error.message).toContain("no installed pack provides it");
    expect(out.stderr).not.toContain("policy");
  }, 120_000);
});
