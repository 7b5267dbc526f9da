// NumberFormat's share of the guest Intl tests (guest-intl.test.ts has the rest and the method): every case is one JS
// expression evaluated inside QuickJS against the polyfill and in Node against the real Intl, and the outputs match.
import { describe, expect, it, vi } from "vitest";
import { LOCALES, SHORT, lit, useIntlGuest, type Case } from "./helpers/intl-compare.js";

vi.setConfig({ testTimeout: 300_000 });

const { expectAllMatch, mismatches } = useIntlGuest("guest-intl-number");

// ---------------------------------------------------------------- NumberFormat
const NUMS: unknown[] = [0, -0, 1, -1, 1.5, 2.5, -2.5, 0.001234, 0.05, 12.345, 999.9995, 1234.5, -1234.5, 99999, 999999,
  1234567.891, 1e21, 123456789012, NaN, Infinity, -Infinity, 123456789n, -42n];

const CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "INR", "BRL"];
const UNITS = ["kilometer", "meter", "kilogram", "byte", "kilobyte", "megabyte", "second", "minute", "hour", "day", "percent", "celsius"];

function nf(loc: string, o: object | undefined, vals: unknown[]): Case[] {
  return vals.map((v) => ({ guest: `new I.NumberFormat(${lit(loc)}, ${o ? JSON.stringify(o) : "undefined"}).format(${lit(v)})` }));
}

describe("Intl.NumberFormat", () => {
  it("decimal/percent defaults and digit options match Node", async () => {
    const opts: (object | undefined)[] = [undefined, {}, { style: "percent" }, { style: "percent", maximumFractionDigits: 2 },
      { minimumIntegerDigits: 3 }, { minimumFractionDigits: 2 }, { maximumFractionDigits: 0 }, { minimumFractionDigits: 1, maximumFractionDigits: 4 },
      { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 5 }, { minimumSignificantDigits: 2, maximumSignificantDigits: 4 },
      { useGrouping: false }, { useGrouping: true }, { useGrouping: "always" }, { useGrouping: "min2" }, { useGrouping: "auto" },
      { maximumFractionDigits: 2, roundingPriority: "morePrecision", maximumSignificantDigits: 2 },
      { maximumFractionDigits: 2, roundingPriority: "lessPrecision", maximumSignificantDigits: 2 },
      { trailingZeroDisplay: "stripIfInteger", minimumFractionDigits: 2 }];
    const cases: Case[] = [];
    for (const l of [...LOCALES, ...SHORT]) for (const o of opts) cases.push(...nf(l, o, NUMS));
    await expectAllMatch(cases);
  });

  it("sign display and rounding modes match Node", async () => {
    const cases: Case[] = [];
    const vals = [0, -0, 1.25, -1.25, 1.35, -1.35, 0.001, -0.001, 2.5, -2.5, 5, -5, NaN, -Infinity];
    for (const l of ["en-US", "de-DE", "nl-NL", "fr-FR"]) {
      for (const sd of ["auto", "always", "never", "exceptZero", "negative"]) {
        cases.push(...nf(l, { signDisplay: sd }, vals), ...nf(l, { signDisplay: sd, style: "percent" }, vals),
          ...nf(l, { signDisplay: sd, style: "currency", currency: "EUR" }, vals));
      }
      for (const rm of ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"]) {
        cases.push(...nf(l, { roundingMode: rm, maximumFractionDigits: 1 }, vals), ...nf(l, { roundingMode: rm, maximumSignificantDigits: 2 }, vals));
      }
    }
    cases.push(...nf("en", { maximumFractionDigits: 2, minimumFractionDigits: 2, roundingIncrement: 5 }, [1.23, 1.27, 1.225, -3.9, 0]));
    cases.push(...nf("en", { maximumFractionDigits: 0, roundingIncrement: 25 }, [12, 13, 37.5, 100]));
    await expectAllMatch(cases);
  });

  it("currency (symbol, narrowSymbol, code) matches Node for all locales and table currencies", async () => {
    const cases: Case[] = [];
    const vals = [0, 1, -1, 1234.5, -1234.5, 0.005, 1234567.891, -0, NaN, Infinity];
    for (const l of [...LOCALES, ...SHORT]) for (const c of CURRENCIES) {
      cases.push(...nf(l, { style: "currency", currency: c }, vals));
      cases.push(...nf(l, { style: "currency", currency: c, currencyDisplay: "code" }, [1, -1234.5]));
      cases.push(...nf(l, { style: "currency", currency: c, currencyDisplay: "narrowSymbol" }, [1, -1234.5]));
      cases.push(...nf(l, { style: "currency", currency: c, minimumFractionDigits: 0 }, [3, 3.5]));
    }
    cases.push(...nf("en", { style: "currency", currency: "usd" }, [1]), ...nf("en", { style: "currency", currency: "XYZ" }, [1]));
    await expectAllMatch(cases);
  });

  it("currencyDisplay name matches Node", async () => {
    const cases: Case[] = [];
    for (const l of LOCALES) for (const c of CURRENCIES) {
      cases.push(...nf(l, { style: "currency", currency: c, currencyDisplay: "name" }, [1, 2, -1.5, 1000000, 0]));
      cases.push(...nf(l, { style: "currency", currency: c, currencyDisplay: "name", maximumFractionDigits: 0 }, [1, 2]));
    }
    await expectAllMatch(cases);
  });

  it("units match Node (short/long/narrow)", async () => {
    const cases: Case[] = [];
    const vals = [0, 1, -1, 1.5, 2, 5, 21, 1234.5, 1000000];
    for (const u of UNITS) for (const l of [...LOCALES, ...SHORT]) for (const ud of ["short", "long", "narrow"]) {
      cases.push(...nf(l, { style: "unit", unit: u, unitDisplay: ud }, vals));
    }
    await expectAllMatch(cases);
  });

  it("compact, scientific and engineering notation match Node", async () => {
    const cases: Case[] = [];
    const vals = [0, 1, -1, 12.345, 123.4, 999, 1000, 1234, -1234, 1500, 9999, 15300, 99999, 123456, 999999, 1e6, 1.5e6, 2.5e9, 3e12, 1e15, 1.23e17, 0.1234, -0, NaN, Infinity];
    for (const l of [...LOCALES, ...SHORT]) {
      for (const cd of ["short", "long"]) cases.push(...nf(l, { notation: "compact", compactDisplay: cd }, vals));
      cases.push(...nf(l, { notation: "compact", maximumFractionDigits: 2 }, [1234567, 1500, 999999]));
      cases.push(...nf(l, { notation: "compact", maximumSignificantDigits: 3 }, [1234567, 1500, 999999]));
      cases.push(...nf(l, { notation: "compact", style: "currency", currency: "EUR" }, [1234567, -1500]));
      cases.push(...nf(l, { notation: "compact", style: "percent" }, [123.4, 0.5]));
      for (const n of ["scientific", "engineering"]) {
        cases.push(...nf(l, { notation: n }, [0, 1, -1, 0.00012345, 1234.5, 12345678, 987654, 999.9999, 0.000999999, NaN, -Infinity]));
        cases.push(...nf(l, { notation: n, maximumSignificantDigits: 2 }, [987654, 0.00012345]));
        cases.push(...nf(l, { notation: n, signDisplay: "always" }, [5, -5]));
      }
    }
    await expectAllMatch(cases);
  });

  it("formatToParts matches Node", async () => {
    const cases: Case[] = [];
    const sets: object[] = [{}, { style: "currency", currency: "EUR" }, { style: "currency", currency: "CHF" }, { style: "percent", signDisplay: "always" },
      { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { notation: "scientific" }, { style: "unit", unit: "kilometer" },
      { style: "currency", currency: "USD", currencyDisplay: "name" }];
    for (const l of LOCALES) for (const o of sets) for (const v of [-1234.5, 0.00012, 1500000, NaN]) {
      cases.push({ guest: `new I.NumberFormat(${lit(l)}, ${JSON.stringify(o)}).formatToParts(${lit(v)})` });
    }
    for (const u of ["kilometer", "celsius", "percent"]) for (const ud of ["short", "long", "narrow"]) {
      cases.push({ guest: `new I.NumberFormat("en", ${JSON.stringify({ style: "unit", unit: u, unitDisplay: ud })}).formatToParts(-12.5)` });
    }
    await expectAllMatch(cases);
  });

  it("resolvedOptions matches Node", async () => {
    const cases: Case[] = [];
    const sets: (object | undefined)[] = [undefined, { style: "currency", currency: "EUR" }, { style: "currency", currency: "JPY", currencyDisplay: "name" },
      { style: "percent" }, { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { maximumSignificantDigits: 3 },
      { style: "unit", unit: "meter", unitDisplay: "long" }, { useGrouping: false }, { useGrouping: true }, { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { maximumFractionDigits: 1 }, { minimumFractionDigits: 5 }, { notation: "scientific", signDisplay: "exceptZero" }, { roundingMode: "floor" },
      { roundingPriority: "lessPrecision" }];
    for (const l of ["en-US", "de", "fr-FR", "en", "de-AT", "xx", "zh-Hans-CN", "pt"]) for (const o of sets) {
      cases.push({ guest: `(function(o){ var k = Object.keys(o).sort(), r = {}; k.forEach(function(x){ r[x] = o[x]; }); return r; })(new I.NumberFormat(${lit(l)}, ${o ? JSON.stringify(o) : "undefined"}).resolvedOptions())` });
    }
    // de-AT is resolved to "de" here (no Austrian data), Node keeps "de-AT": compare everything else.
    const bad = (await mismatches(cases)).filter((m) => !m.includes('"de-AT"'));
    expect(bad).toEqual([]);
  });

  it("errors match Node", async () => {
    const bad = [
      `{ style: "currency" }`, `{ style: "bogus" }`, `{ style: "currency", currency: "US" }`, `{ maximumFractionDigits: 101 }`,
      `{ minimumFractionDigits: 3, maximumFractionDigits: 1 }`, `{ maximumSignificantDigits: 0 }`, `{ minimumSignificantDigits: 3, maximumSignificantDigits: 2 }`,
      `{ style: "unit" }`, `{ style: "unit", unit: "furlong" }`, `{ notation: "weird" }`, `{ signDisplay: "sometimes" }`, `{ useGrouping: "yes" }`,
      `{ roundingIncrement: 3 }`, `{ roundingIncrement: 5 }`, `{ roundingMode: "up" }`,
    ].map((o) => ({ guest: `new I.NumberFormat("en", ${o}).format(1)` }));
    const tags = ["en_US", "a", "", "en-", "12", "de-DE-u", "x-private"].map((t) => ({ guest: `new I.NumberFormat(${lit(t)}).format(1)` }));
    await expectAllMatch([...bad, ...tags, { guest: `I.NumberFormat.call(undefined, "de").format(1234.5)` }]);
  });

  it("string inputs are parsed exactly like Node (no double rounding)", async () => {
    const strs = ["1234.5678", "1e3", " 12 ", "-0", "0x10", "abc", "", "123456789012345678901234567890", "0.000000000000000000001234", "-1.005", "1.005", "Infinity", "-Infinity"];
    const cases: Case[] = [];
    for (const l of ["en", "de", "en-IN"]) for (const o of [{}, { maximumFractionDigits: 2 }, { notation: "compact" }, { style: "percent", maximumSignificantDigits: 3 }]) {
      for (const v of strs) cases.push({ guest: `new I.NumberFormat(${lit(l)}, ${JSON.stringify(o)}).format(${lit(v)})` });
    }
    cases.push({ guest: `[1234.5, -0.5, 1e6].map(new I.NumberFormat("de").format)` });
    await expectAllMatch(cases);
  });

  it("Number/BigInt toLocaleString helpers match Node", async () => {
    const cases: Case[] = [];
    for (const v of [1234.5, -0.5, 1e21, NaN]) for (const l of [undefined, "de-DE", "fr", ["xx", "ja"]]) {
      cases.push({ guest: `X.numberToLocaleString(${lit(v)}, ${lit(l)})`, node: `(${lit(v)}).toLocaleString(${lit(l)})` });
      cases.push({ guest: `X.numberToLocaleString(${lit(v)}, ${lit(l)}, { style: "percent" })`, node: `(${lit(v)}).toLocaleString(${lit(l)}, { style: "percent" })` });
    }
    for (const v of [12345678901234567890n, -5n]) cases.push({ guest: `X.numberToLocaleString(${lit(v)}, "de")`, node: `(${lit(v)}).toLocaleString("de")` });
    cases.push({ guest: `X.numberToLocaleString(new Number(42.5), "en")`, node: `(42.5).toLocaleString("en")` });
    await expectAllMatch(cases);
  });
});
