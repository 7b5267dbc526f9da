// A warm home's catalog is used as saved when nothing it was compiled from changed (catalog-fresh.ts), and compiled
// again the moment anything did. Which one happened is observed by the catalog file itself: every compile replaces
// <home>/catalog.json by a rename (a new inode), the fast path only reads it. A change to a pack's source, a new pack
// in a root, the operator's policy and an edited catalog each force the compile, and the run sees the change.

import { cpSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { capsuleAsync, FIXTURE_ROOT, tempDir, tempHome } from "./helpers.js";

const inode = (file: string) => statSync(file).ino;

function setup() {
  const home = tempHome();
  const root = join(tempDir(), "packs");
  mkdirSync(root);
  cpSync(join(FIXTURE_ROOT, "good"), join(root, "good"), { recursive: true });
  const dir = tempDir();
  const program = join(dir, "count.js");
  writeFileSync(program, 'import { countWords } from "@cli-fixture/good";\nreturn countWords("a b c");\n');
  const run = () => capsuleAsync(["run", program, "--value", "--packs", root], { env: { CAPSULE_HOME: home } });
  return { home, root, run, catalog: join(home, "catalog.json") };
}

describe("capsule run on a warm home", () => {
  test("uses the saved catalog without compiling while nothing changed, and compiles again when a pack's source changes", async () => {
    const { root, run, catalog } = setup();
    const first = await run();
    expect(first.stdout.trim()).toBe("3");
    const compiled = inode(catalog);

    const warm = await run();
    expect(warm.status).toBe(0);
    expect(warm.stdout.trim()).toBe("3");
    expect(inode(catalog)).toBe(compiled);

    writeFileSync(join(root, "good", "src", "words.js"), "export const words = (text) => [...text.split(/\\s+/), 'extra'];\n");
    const changed = await run();
    expect(changed.stdout.trim()).toBe("4");
    expect(inode(catalog)).not.toBe(compiled);
  }, 240_000);

  test("compiles again for a new pack in a root, the operator's policy, and a catalog edited by hand", async () => {
    const { home, root, run, catalog } = setup();
    expect((await run()).status).toBe(0);

    // A new pack folder in the root: the run can import it at once.
    cpSync(join(root, "good"), join(root, "other"), { recursive: true });
    writeFileSync(join(root, "other", "package.json"), JSON.stringify({ name: "@cli-fixture/other", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
    let before = inode(catalog);
    expect((await run()).status).toBe(0);
    expect(inode(catalog)).not.toBe(before);
    expect(JSON.parse((await import("node:fs")).readFileSync(catalog, "utf8")).modules.map((m: { specifier: string }) => m.specifier)).toContain("@cli-fixture/other");

    // The operator's policy now leaves the pack out: the very next run is refused the import.
    writeFileSync(join(home, "policy.json"), JSON.stringify({ packs: ["@capsule/*"] }));
    const refused = await run();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("E_IMPORT_UNRESOLVED");

    // A catalog edited by hand is never taken as fresh: the compile rewrites it.
    writeFileSync(join(home, "policy.json"), JSON.stringify({ packs: ["@capsule/*", "@cli-fixture/*"] }));
    expect((await run()).status).toBe(0);
    const text = (await import("node:fs")).readFileSync(catalog, "utf8");
    writeFileSync(catalog, text.replace('"@cli-fixture/good"', '"@cli-fixture/good "'));
    before = inode(catalog);
    const afterEdit = await run();
    expect(afterEdit.stdout.trim()).toBe("3");
    expect(inode(catalog)).not.toBe(before);
  }, 300_000);
});
