// Names that cannot be taken: a pack of a later root named like a pack of a protected root (the shipped packs) is
// refused and the protected one kept unless the operator allowed the shadowing; a caller's own verdict (refusePack)
// refuses a pack before anything of it is compiled; and a host pin binds the pinned package's copy, so a third-party
// `@capsule/csv` is not admitted as the owner of `capsule.csv`.

import { cpSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { compile, compileWithSandbox, discoverPacks } from "../src/index.js";
import { metafileProbe, tmp, writeTree } from "./helpers.js";

const SHIPPED = fileURLToPath(new URL("../../packs", import.meta.url));

function pack(root: string, dir: string, name: string, version = "9.0.0"): string {
  writeTree(path.join(root, dir), {
    "package.json": JSON.stringify({ name, version, capsule: { modules: { ".": { kind: "guest", source: "index.js" } } } }),
    "index.js": `export const who = ${JSON.stringify(`${name}@${version} from ${dir}`)};\n`,
  });
  return root;
}

describe("protected roots", () => {
  test("a later pack named like a protected one is refused, naming both folders, and the protected one is kept", async () => {
    const shipped = pack(tmp(), "yaml", "@capsule/yaml", "0.1.0");
    const installed = pack(tmp(), "yaml", "@capsule/yaml", "9.0.0");
    const r = await discoverPacks({ roots: [shipped, installed], protectedRoots: [shipped] });
    expect(r.packs.map((p) => [p.name, p.version])).toEqual([["@capsule/yaml", "0.1.0"]]);
    expect(r.refused).toEqual([expect.objectContaining({ name: "@capsule/yaml", code: "pack-shadow-refused" })]);
    const d = r.diagnostics.find((x) => x.code === "pack-shadow-refused")!;
    expect(d.message).toContain(path.join(shipped, "yaml"));
    expect(d.message).toContain(path.join(installed, "yaml"));
    expect(r.diagnostics.some((x) => x.code === "pack-shadowed")).toBe(false);
  });

  test("allowShadow names a pack the operator lets shadow a protected one (pack-shadowed, as without protection)", async () => {
    const shipped = pack(tmp(), "yaml", "@capsule/yaml", "0.1.0");
    const installed = pack(tmp(), "yaml", "@capsule/yaml", "9.0.0");
    const r = await discoverPacks({ roots: [shipped, installed], protectedRoots: [shipped], allowShadow: ["@capsule/yaml"] });
    expect(r.packs.map((p) => p.version)).toEqual(["9.0.0"]);
    expect(r.diagnostics.map((x) => x.code)).toEqual(["pack-shadowed"]);
  });

  test("refusePack refuses a pack before it is bundled, with the caller's code", async () => {
    const root = pack(tmp(), "a", "@t/a");
    pack(root, "b", "@t/b");
    let builds = 0;
    const r = await compile({
      roots: [root],
      cacheDir: tmp(),
      probe: metafileProbe,
      bundler: { version: "spy", build: async (o) => (builds++, (await import("esbuild")).build(o)) },
      refusePack: (p) => (p.name === "@t/a" ? { code: "pack-drifted", message: `${p.name} changed at ${p.root}` } : undefined),
    });
    expect(r.catalog.modules.map((m) => m.specifier)).toEqual(["@t/b"]);
    expect(r.catalog.refused).toEqual([expect.objectContaining({ specifier: "@t/a", code: "pack-drifted" })]);
    expect(builds).toBe(1);
  });
});

describe("a host pin binds the shipped copy of its package", () => {
  test("the shipped @capsule/csv is admitted; a copy of it elsewhere is refused with host-id-pinned-elsewhere", async () => {
    const elsewhere = tmp();
    cpSync(path.join(SHIPPED, "csv"), path.join(elsewhere, "csv"), { recursive: true });
    const linked = tmp(); // a root holding only the shipped csv pack (discovery follows the link to its real folder)
    symlinkSync(path.join(SHIPPED, "csv"), path.join(linked, "csv"));
    const shippedOnly = await compileWithSandbox({ roots: [linked], cacheDir: tmp() });
    expect(shippedOnly.catalog.modules.find((m) => m.specifier === "@capsule/csv")).toMatchObject({ kind: "host", hostId: "capsule.csv" });
    const r = await compileWithSandbox({ roots: [elsewhere], cacheDir: tmp() });
    expect(r.catalog.modules.find((m) => m.specifier === "@capsule/csv")).toBeUndefined();
    const refused = r.catalog.refused.find((m) => m.specifier === "@capsule/csv")!;
    expect(refused.code).toBe("host-id-pinned-elsewhere");
    expect(refused.message).toContain(path.join(elsewhere, "csv"));
  });
});
