import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();
const NOW = "2024-03-10T12:00:00Z";

const PLUGINS = [
  "advancedFormat", "customParseFormat", "dayOfYear", "duration", "isBetween", "isLeapYear", "isoWeek",
  "isSameOrAfter", "isSameOrBefore", "minMax", "quarterOfYear", "relativeTime", "utc", "weekOfYear",
];

describe("@capsule/dates through discovery, compile, catalog and run", () => {
  it("admits dayjs and every declared plugin, each with its own summary", async () => {
    const { catalog } = await shippedCatalog();
    expect(catalog.refused.filter((r) => r.pack === "@capsule/dates")).toEqual([]);
    const mods = catalog.modules.filter((m) => m.pack === "@capsule/dates");
    expect(mods.map((m) => m.specifier).sort()).toEqual(["@capsule/dates", ...PLUGINS.map((p) => `@capsule/dates/plugin/${p}`)].sort());
    for (const m of mods) {
      expect(m.exports).toEqual(["default"]);
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(m.summary).toMatch(/dayjs/);
    }
    const root = mods.find((m) => m.specifier === "@capsule/dates")!;
    expect(root.summary).toMatch(/^Parse, format, compare and do arithmetic on dates with dayjs/);
    expect(mods.find((m) => m.specifier === "@capsule/dates/plugin/utc")!.summary).toMatch(/^UTC mode and fixed offsets/);
    expect(new Set(mods.map((m) => m.summary)).size).toBe(mods.length);
  });

  it("parses, formats and does arithmetic in UTC, on the run's clock", async () => {
    const result = await sandbox.run({
      now: NOW,
      source: `import dayjs from "@capsule/dates";
        const d = dayjs("2024-02-29T13:45:00");
        return {
          now: dayjs().format(),
          tick: dayjs().valueOf() - dayjs().valueOf(),
          formatted: d.format("ddd D MMM YYYY, HH:mm Z"),
          iso: d.toISOString(),
          offsetIn: dayjs("2024-06-01T12:00:00+02:00").format(),
          clamp: dayjs("2024-01-31").add(1, "month").format("YYYY-MM-DD"),
          days: dayjs("2024-03-01").diff("2024-02-01", "day"),
          months: dayjs("2024-03-16").diff("2024-01-01", "month"),
          week: dayjs("2024-05-15T10:11:12Z").startOf("week").toISOString(),
          parts: [d.year(), d.month(), d.date(), d.day(), d.hour()],
          unix: dayjs.unix(1700000000).toISOString(),
          rollover: dayjs("2024-02-31").format("YYYY-MM-DD"),
          invalid: [dayjs("not a date").isValid(), dayjs("not a date").format()],
          returned: dayjs("2024-01-02"),
        };`,
    });
    expect(result.ok && result.value).toEqual({
      now: "2024-03-10T12:00:00+00:00",
      tick: -1,
      formatted: "Thu 29 Feb 2024, 13:45 +00:00",
      iso: "2024-02-29T13:45:00.000Z",
      offsetIn: "2024-06-01T10:00:00+00:00",
      clamp: "2024-02-29",
      days: 29,
      months: 2,
      week: "2024-05-12T00:00:00.000Z",
      parts: [2024, 1, 29, 4, 13],
      unix: "2023-11-14T22:13:20.000Z",
      rollover: "2024-03-02",
      invalid: [false, "Invalid Date"],
      returned: "2024-01-02T00:00:00.000Z",
    });
  });

  it("extends dayjs with the plugin modules", async () => {
    const result = await sandbox.run({
      now: NOW,
      source: `import dayjs from "@capsule/dates";
        import utc from "@capsule/dates/plugin/utc";
        import customParseFormat from "@capsule/dates/plugin/customParseFormat";
        import relativeTime from "@capsule/dates/plugin/relativeTime";
        import duration from "@capsule/dates/plugin/duration";
        import isoWeek from "@capsule/dates/plugin/isoWeek";
        import weekOfYear from "@capsule/dates/plugin/weekOfYear";
        import dayOfYear from "@capsule/dates/plugin/dayOfYear";
        import quarterOfYear from "@capsule/dates/plugin/quarterOfYear";
        import advancedFormat from "@capsule/dates/plugin/advancedFormat";
        import isBetween from "@capsule/dates/plugin/isBetween";
        import isSameOrAfter from "@capsule/dates/plugin/isSameOrAfter";
        import isSameOrBefore from "@capsule/dates/plugin/isSameOrBefore";
        import minMax from "@capsule/dates/plugin/minMax";
        import isLeapYear from "@capsule/dates/plugin/isLeapYear";
        for (const p of [utc, customParseFormat, relativeTime, duration, isoWeek, weekOfYear, dayOfYear, quarterOfYear,
          advancedFormat, isBetween, isSameOrAfter, isSameOrBefore, minMax, isLeapYear]) dayjs.extend(p);
        return {
          offset: dayjs.utc("2024-01-01T00:00:00Z").utcOffset("+05:30").format("YYYY-MM-DD HH:mm Z"),
          isUTC: [dayjs.utc().isUTC(), dayjs().isUTC()],
          parsed: dayjs("05/03/2024 14:30", "DD/MM/YYYY HH:mm").toISOString(),
          strict: [dayjs("2024-02-30", "YYYY-MM-DD", true).isValid(), dayjs("2024-02-29", "YYYY-MM-DD", true).isValid()],
          relative: [dayjs("2024-03-08T12:00:00Z").fromNow(), dayjs("2024-01-01").from("2024-03-01"), dayjs(${JSON.stringify(NOW)}).to("2024-03-10T15:00:00Z")],
          duration: [dayjs.duration(3661000).format("HH:mm:ss"), dayjs.duration({ hours: 1, minutes: 30 }).asMinutes(), dayjs.duration("P1DT2H").asHours(), dayjs.duration(90, "minutes").humanize()],
          plusDuration: dayjs("2024-01-01").add(dayjs.duration({ days: 2, hours: 3 })).toISOString(),
          weeks: [dayjs("2024-12-30").isoWeek(), dayjs("2024-12-30").isoWeekYear(), dayjs("2024-03-10").isoWeekday(), dayjs("2024-12-30").week()],
          dayOfYear: dayjs("2024-03-01").dayOfYear(),
          quarter: [dayjs("2024-05-01").quarter(), dayjs("2024-05-20").startOf("quarter").format("YYYY-MM-DD")],
          advanced: dayjs("2024-03-01T09:05:00Z").format("Q Do k X"),
          between: [dayjs("2024-03-10").isBetween("2024-03-01", "2024-03-10"), dayjs("2024-03-10").isBetween("2024-03-01", "2024-03-10", "day", "[]")],
          sameOr: [dayjs("2024-03-05").isSameOrAfter("2024-03-05", "day"), dayjs("2024-03-05").isSameOrBefore("2024-03-04")],
          minMax: [dayjs.max(dayjs("2024-01-01"), dayjs("2025-06-01")).format("YYYY-MM-DD"), dayjs.min([dayjs("2024-01-01"), dayjs("2023-01-01")]).format("YYYY-MM-DD"), dayjs.max([])],
          leap: [dayjs("2024-01-01").isLeapYear(), dayjs("2100-01-01").isLeapYear()],
        };`,
    });
    expect(result.ok && result.value).toEqual({
      offset: "2024-01-01 05:30 +05:30",
      isUTC: [true, false],
      parsed: "2024-03-05T14:30:00.000Z",
      strict: [false, true],
      relative: ["2 days ago", "2 months ago", "in 3 hours"],
      duration: ["01:01:01", 90, 26, "an hour"],
      plusDuration: "2024-01-03T03:00:00.000Z",
      weeks: [1, 2025, 7, 1],
      dayOfYear: 61,
      quarter: [2, "2024-04-01"],
      advanced: "1 1st 9 1709283900",
      between: [false, true],
      sameOr: [true, false],
      minMax: ["2025-06-01", "2023-01-01", null],
      leap: [true, false],
    });
  });

  it("starts every run without plugins: a plugin method not extended in this run throws", async () => {
    const extended = await sandbox.run({
      source: `import dayjs from "@capsule/dates"; import utc from "@capsule/dates/plugin/utc"; dayjs.extend(utc); return dayjs.utc("2024-01-01").isUTC();`,
    });
    expect(extended.ok && extended.value).toBe(true);
    const fresh = await sandbox.run({ source: `import dayjs from "@capsule/dates"; return dayjs.utc("2024-01-01");` });
    expect(fresh.ok).toBe(false);
    expect(!fresh.ok && fresh.error).toMatchObject({ code: "E_GUEST_ERROR", name: "TypeError", message: expect.stringContaining("not a function") });
  });

  it("throws RangeError from toISOString of an invalid date", async () => {
    const result = await sandbox.run({ source: `import dayjs from "@capsule/dates"; return dayjs("not a date").toISOString();` });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code: "E_GUEST_ERROR", name: "RangeError" });
  });
});
