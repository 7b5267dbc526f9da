import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

describe("@capsule/decimal through discovery, compile, catalog and run", () => {
  it("is admitted with Decimal as default and named export, and a summary", async () => {
    const { catalog, diagnostics } = await shippedCatalog();
    expect(catalog.refused.filter((r) => r.pack === "@capsule/decimal")).toEqual([]);
    const dec = catalog.modules.find((m) => m.specifier === "@capsule/decimal");
    expect(dec).toBeDefined();
    expect(dec!.exports).toEqual(["Decimal", "default"]);
    expect(dec!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(dec!.summary).toMatch(/^Exact decimal arithmetic with decimal\.js/);
    // decimal.js touches crypto only behind feature tests or inside functions that never run at load: warnings only.
    const findings = diagnostics.filter((d) => d.pack === "@capsule/decimal");
    expect(findings.every((d) => d.severity === "warning" && ["forbidden-global-guarded", "forbidden-global-deferred"].includes(d.code))).toBe(true);
  });


  it("computes exactly where floats do not, by default and named import", async () => {
    const result = await sandbox.run({
      seed: 42,
      source: `import Decimal, { Decimal as Named } from "@capsule/decimal";
        const price = new Decimal("19.99"), qty = 3, rate = new Decimal("0.0825");
        const subtotal = price.times(qty);
        const tax = subtotal.times(rate).toDP(2);
        return {
          same: Decimal === Named,
          float: 0.1 + 0.2,
          exact: new Decimal("0.1").plus("0.2").toString(),
          invoice: [subtotal.toFixed(2), tax.toFixed(2), subtotal.plus(tax).toFixed(2)],
          third: new Decimal(1).div(3).toString(),
          fixed: new Decimal("1.005").toFixed(2),
          halfEven: ["2.5", "3.5"].map((v) => new Decimal(v).toDP(0, Decimal.ROUND_HALF_EVEN).toString()),
          big: new Decimal(10n).pow(30).toFixed(),
          lost: new Decimal(2).pow(100).toFixed(),
          precise: Decimal.clone({ precision: 50 }).pow(2, 100).toFixed(),
          notation: [new Decimal("1e21").toString(), new Decimal("1e21").toFixed(), new Decimal("12.50").toString()],
          compare: [new Decimal("1.10").eq("1.1"), new Decimal(3).cmp(2), Decimal.max("1", "5", "3").toString()],
          fraction: new Decimal("0.75").toFraction().map(String),
          divByZero: [new Decimal(1).div(0).toString(), new Decimal(0).div(0).toString()],
          random: Decimal.random(5).toString(),
          returned: new Decimal("12.50"),
        };`,
    });
    expect(result.ok && result.value).toEqual({
      same: true,
      float: 0.30000000000000004,
      exact: "0.3",
      invoice: ["59.97", "4.95", "64.92"],
      third: "0.33333333333333333333",
      fixed: "1.01",
      halfEven: ["2", "4"],
      big: "1000000000000000000000000000000",
      lost: "1267650600228229401500000000000",
      precise: "1267650600228229401496703205376",
      notation: ["1e+21", "1000000000000000000000", "12.5"],
      compare: [true, 1, "5"],
      fraction: ["3", "4"],
      divByZero: ["Infinity", "NaN"],
      random: "0.91059",
      returned: "12.5",
    });
  });

  it("keeps Decimal.set to the run that called it", async () => {
    const configured = await sandbox.run({
      source: `import Decimal from "@capsule/decimal"; Decimal.set({ precision: 5, rounding: Decimal.ROUND_DOWN }); return new Decimal(2).div(3).toString();`,
    });
    const fresh = await sandbox.run({ source: `import Decimal from "@capsule/decimal"; return [Decimal.precision, Decimal.rounding, new Decimal(2).div(3).toString()];` });
    expect(configured.ok && configured.value).toBe("0.66666");
    expect(fresh.ok && fresh.value).toEqual([20, 4, "0.66666666666666666667"]);
  });

  it("throws DecimalError for invalid input, and refuses crypto", async () => {
    const bad = await sandbox.run({ source: `import Decimal from "@capsule/decimal"; return new Decimal("1,000");` });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatchObject({ code: "E_GUEST_ERROR", name: "Error", message: "[DecimalError] Invalid argument: 1,000" });
    const crypto = await sandbox.run({ source: `import Decimal from "@capsule/decimal"; try { Decimal.set({ crypto: true }); } catch (e) { return e.message; }` });
    expect(crypto.ok && crypto.value).toBe("[DecimalError] crypto unavailable");
  });
});
