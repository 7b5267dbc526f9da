import { describe, expect, it } from "vitest";
import { createRegistry, defaultRegistry, isLookalike, skeleton } from "../src/index.js";

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
    ["Cyrillic letters", "сapsule.сsv"],
    ["Greek omicron and digit one", "capsu1e.csv"],
    ["separators", "capsule-csv"],
    ["fullwidth letters", "ｃａｐｓｕｌｅ.csv"],
    ["a doubled letter", "capsulle.csv"],
  ])("refuses a look-alike id (%s)", (_label, id) => {
    expect(registry.admit("@capsule/csv", id)).toMatchObject({ ok: false, code: "host-id-lookalike" });
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
