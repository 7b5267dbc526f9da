// A pack that declares a host id it is not pinned to is refused at compile (discovery) time, and a run that
// somehow imports its facade is refused again at dispatch.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileWithSandbox } from "../compiler/src/index.js";
import { defaultRegistry, facadeSource, SHIPPED_PINS } from "../registry/src/index.js";
import { createSandbox } from "../runtime/src/index.js";

const ROOT = fileURLToPath(new URL("./fixtures/host-roots/", import.meta.url));
const PACKS = fileURLToPath(new URL("../packs/", import.meta.url));

describe("host-module admission at compile time", async () => {
  const { catalog } = await compileWithSandbox({ roots: [PACKS, ROOT], cacheDir: mkdtempSync(join(tmpdir(), "capsule-host-")) });
  const refusal = (pack: string) => catalog.refused.find((r) => r.pack === pack);

  it("admits the shipped host packs as facades", () => {
    for (const id of ["capsule.csv", "capsule.html", "capsule.xlsx", "capsule.zip", "capsule.ocr"]) {
      const entry = catalog.modules.find((m) => m.kind === "host" && m.hostId === id);
      expect(entry, id).toBeDefined();
      expect(entry!.pack).toBe(`@capsule/${id.split(".")[1]}`);
      expect(entry!.exports).toContain("default");
    }
  });

  it.each([
    ["@evil/csv", "host-id-not-pinned"],
    ["@capsule-csv/csv", "host-id-not-pinned"],
    ["@capsule/csv-extra", "host-id-lookalike"],
    ["@capsu1e/csv", "host-id-lookalike"],
    ["@acme/sql", "host-id-unknown"],
    // A non-ASCII id never reaches the registry: the manifest schema allows only lowercase ASCII ids.
    ["@capsule/csv-cyrillic", "manifest-invalid"],
  ])("refuses %s with %s", (pack, code) => {
    expect(refusal(pack)).toMatchObject({ code });
    expect(catalog.modules.find((m) => m.pack === pack)).toBeUndefined();
  });

  it("refuses a forged facade again at dispatch", async () => {
    const csv = SHIPPED_PINS.find((p) => p.id === "capsule.csv")!;
    const forged = facadeSource(csv);
    const { createHash } = await import("node:crypto");
    const sandbox = createSandbox({
      maxWorkers: 1,
      hostModules: defaultRegistry(),
      catalog: { modules: [{ specifier: "@evil/csv", pack: "@evil/csv", kind: "host", hostId: "capsule.csv", sha256: createHash("sha256").update(forged).digest("hex"), source: forged }] },
    });
    try {
      const result = await sandbox.run({ source: "import { parse } from '@evil/csv'; try { await parse('a,b\\n1,2') } catch (e) { return [e.name, e.message] }" });
      expect(result.ok && result.value).toEqual(["HostCallError", expect.stringMatching(/^host-id-not-pinned: .*pinned to @capsule\/csv/)]);
    } finally {
      await sandbox.close();
    }
  });
});
