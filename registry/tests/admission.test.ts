import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createRegistry, defaultRegistry, isLookalike, shippedPackRoot, skeleton } from "../src/index.js";

const registry = defaultRegistry();

describe("which pack may declare a host id", () => {
  it("admits a pinned id declared by its pinned package, with a facade", () => {
    const result = registry.admit("@capsule/csv", "capsule.csv");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.facade).toContain('import bridge from "capsule:bridge"');
    expect(result.facade).toContain('export function parse(...args) { return bridge.call("capsule.csv", "parse", args); }');
    expect(result.facade).toContain("export default Object.freeze({ parse, stringify });");
  });

  it("refuses an unknown id", () => {
    expect(registry.admit("@capsule/csv", "capsule.sql")).toMatchObject({ ok: false, code: "host-id-unknown" });
  });

  it("refuses another pack's id, including from a look-alike scope", () => {
    for (const pack of ["@evil/csv", "@capsule/html", "@capsu1e/csv", "@capsule-csv/csv", "capsule-csv"]) {
      expect(registry.admit(pack, "capsule.csv")).toMatchObject({ ok: false, code: "host-id-not-pinned" });
    }
  });

  it.each([
    ["case", "Capsule.CSV"],
    ["a digit one for l", "capsu1e.csv"],
    ["separators", "capsule-csv"],
    ["a doubled letter", "capsulle.csv"],
  ])("refuses a look-alike id (%s)", (_label, id) => {
    expect(registry.admit("@capsule/csv", id)).toMatchObject({ ok: false, code: "host-id-lookalike" });
  });

  // Each id really is written in the script its label names (\u escapes, so no editor can fold them to Latin).
  it.each([
    ["Cyrillic es for c (U+0441)", "\u0441apsule.\u0441sv", [0x441, 0x441]],
    ["Cyrillic dze for s (U+0455)", "capsule.c\u0455v", [0x455]],
    ["Cyrillic a and er (U+0430, U+0440)", "c\u0430\u0440sule.csv", [0x430, 0x440]],
    ["Greek alpha for a (U+03B1)", "c\u03b1psule.csv", [0x3b1]],
    ["Greek upsilon for u (U+03C5)", "caps\u03c5le.csv", [0x3c5]],
    ["Greek rho and alpha mixed with Cyrillic es (U+03C1, U+03B1, U+0441)", "\u0441\u03b1\u03c1sule.csv", [0x441, 0x3b1, 0x3c1]],
    ["fullwidth letters (U+FF43 …)", "\uff43\uff41\uff50\uff53\uff55\uff4c\uff45.csv", [0xff43, 0xff41, 0xff50, 0xff53, 0xff55, 0xff4c, 0xff45]],
  ])("refuses a look-alike id written with non-Latin letters (%s)", (_label, id, codePoints) => {
    const nonAscii = [...id].map((c) => c.codePointAt(0)!).filter((n) => n > 0x7f);
    expect(nonAscii).toEqual(codePoints);
    expect(skeleton(id)).toBe(skeleton("capsule.csv"));
    expect(registry.admit("@capsule/csv", id)).toMatchObject({ ok: false, code: "host-id-lookalike", message: expect.stringContaining('looks like the pinned "capsule.csv"') });
  });

  it("folds names to one skeleton only when a person could confuse them", () => {
    expect(skeleton("Capsule.CSV")).toBe(skeleton("capsule.csv"));
    expect(isLookalike("capsule.csv", "capsule.csv")).toBe(false);
    expect(isLookalike("capsule.tsv", "capsule.csv")).toBe(false);
  });
});

describe("applications registering their own host modules", () => {
  it("pins a new id to the application's own pack", async () => {
    const own = createRegistry();
    own.register({ id: "acme.billing", package: "@acme/billing", exports: { charge: { params: [{ name: "cents", type: "number" }], summary: "Charge." } }, load: async () => ({ charge: (cents: number) => ({ charged: cents }) }) });
    expect(own.admit("@acme/billing", "acme.billing").ok).toBe(true);
    expect(own.admit("@evil/billing", "acme.billing")).toMatchObject({ ok: false, code: "host-id-not-pinned" });
    expect(await own.dispatch({ id: "acme.billing", exportName: "charge", args: [250], declared: new Map([["acme.billing", "@acme/billing"]]) })).toEqual({ charged: 250 });
  });

  it("refuses to pin an id that is taken or looks like one that is", () => {
    const own = createRegistry();
    const pin = (id: string) => ({ id, package: "@acme/x", exports: {}, load: async () => ({}) });
    expect(() => own.register(pin("capsule.csv"))).toThrow(/already pinned/);
    expect(() => own.register(pin("Capsule.Csv"))).toThrow(/looks like/);
  });
});

describe("a pin binds the pinned package's copy, not only its name", () => {
  const shippedCsv = fileURLToPath(new URL("../../packs/csv", import.meta.url));

  it("finds the copy Capsule ships, and admits it by its folder", () => {
    expect(shippedPackRoot("@capsule/csv")).toBe(realpathSync(shippedCsv));
    expect(registry.admit({ name: "@capsule/csv", root: shippedCsv }, "capsule.csv")).toMatchObject({ ok: true });
  });

  it("refuses another package that takes the shipped name, naming both folders", () => {
    const impostor = mkdtempSync(path.join(tmpdir(), "capsule-impostor-"));
    try {
      const result = registry.admit({ name: "@capsule/csv", root: impostor }, "capsule.csv");
      expect(result).toMatchObject({ ok: false, code: "host-id-pinned-elsewhere" });
      if (result.ok) return;
      expect(result.message).toContain(realpathSync(shippedCsv));
      expect(result.message).toContain(impostor);
    } finally {
      rmSync(impostor, { recursive: true, force: true });
    }
  });

  it("binds an application's pin to the root it gives", () => {
    const own = createRegistry({ shipped: false });
    const mine = mkdtempSync(path.join(tmpdir(), "capsule-own-"));
    try {
      own.register({ id: "acme.billing", package: "@acme/billing", root: mine, exports: {}, load: async () => ({}) });
      expect(own.admit({ name: "@acme/billing", root: mine }, "acme.billing").ok).toBe(true);
      expect(own.admit({ name: "@acme/billing", root: tmpdir() }, "acme.billing")).toMatchObject({ ok: false, code: "host-id-pinned-elsewhere" });
    } finally {
      rmSync(mine, { recursive: true, force: true });
    }
  });
});
