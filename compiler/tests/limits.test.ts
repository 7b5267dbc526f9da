// The limit rows (src/limits.ts, src/wasm/limits.ts): each row is sane and names a code of the compiler's table,
// everything derived from the rows agrees with them, and README.md holds exactly the tables rendered from them
// (on a mismatch, paste the expected table this test prints into the README).

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  COMPILE_CONCURRENCY, COMPILER_CODES, COMPILER_LIMIT_ROWS, DEFAULT_LIMITS, DEFAULT_WASM_LIMITS, LIMITS, manifestSchema,
  INSTALL_LIMITS, resolveInstallLimits, resolveLimits, WASM_LIMIT_CEILINGS, WASM_LIMIT_ROWS, type LimitRow,
} from "../src/index.js";
import { renderLimitsTable } from "../src/limits-table.js";
import { concurrencyProblem } from "../src/limits.js";
import { MANIFEST_MAX_MODULES } from "../src/tuning.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const tables: Array<[string, Readonly<Record<string, LimitRow>>]> = [["compiler", COMPILER_LIMIT_ROWS], ["wasm admission", WASM_LIMIT_ROWS]];

describe("limit rows", () => {
  test.each(tables)("every %s row has floor <= default <= ceiling, a doc, and a code from the compiler's table", (_, rows) => {
    for (const [name, row] of Object.entries(rows)) {
      expect(row.floor, name).toBeLessThanOrEqual(row.default);
      expect(row.default, name).toBeLessThanOrEqual(row.ceiling);
      expect(row.doc.length, name).toBeGreaterThan(10);
      expect(Object.keys(COMPILER_CODES), name).toContain(row.code);
    }
  });

  test.each(tables)("README.md shows the %s limits exactly as rendered from the rows", (_, rows) => {
    const table = renderLimitsTable(rows);
    if (!readme.includes(table)) console.error(`README.md should contain:\n${table}`);
    expect(readme.includes(table)).toBe(true);
  });

  test("the defaults and the validation come from the rows", () => {
    expect(DEFAULT_LIMITS).toEqual(Object.fromEntries(Object.entries(LIMITS).map(([k, row]) => [k, row.default])));
    expect(resolveLimits({ SKILL_MAX_BYTES: LIMITS.SKILL_MAX_BYTES.ceiling })).toMatchObject({ ok: true });
    expect(resolveLimits({ SKILL_MAX_BYTES: LIMITS.SKILL_MAX_BYTES.ceiling + 1 })).toMatchObject({ ok: false });
    expect(resolveLimits({ SKILL_MAX_BYTES: LIMITS.SKILL_MAX_BYTES.floor - 1 })).toMatchObject({ ok: false });
    expect(concurrencyProblem(COMPILE_CONCURRENCY.ceiling)).toBeUndefined();
    expect(concurrencyProblem(COMPILE_CONCURRENCY.ceiling + 1)).toBe("concurrency must be an integer from 1 to 16, got 17");
    expect(DEFAULT_WASM_LIMITS).toEqual(Object.fromEntries(Object.entries(WASM_LIMIT_ROWS).map(([k, row]) => [k, row.default])));
    expect(WASM_LIMIT_CEILINGS).toEqual(Object.fromEntries(Object.entries(WASM_LIMIT_ROWS).map(([k, row]) => [k, row.ceiling])));
  });

  test("the install caps resolve from their rows: tightened or raised within the ceiling, never past it", () => {
    expect(resolveInstallLimits()).toEqual({ ok: true, limits: { PACK_INSTALL_MAX_FILES: 10_000, PACK_INSTALL_MAX_BYTES: 64 * 1024 * 1024 } });
    expect(resolveInstallLimits({ PACK_INSTALL_MAX_FILES: 5 })).toMatchObject({ ok: true, limits: { PACK_INSTALL_MAX_FILES: 5 } });
    expect(resolveInstallLimits({ PACK_INSTALL_MAX_BYTES: INSTALL_LIMITS.PACK_INSTALL_MAX_BYTES.ceiling + 1 })).toEqual({
      ok: false,
      problems: [`limit PACK_INSTALL_MAX_BYTES = ${INSTALL_LIMITS.PACK_INSTALL_MAX_BYTES.ceiling + 1} is above its ceiling ${INSTALL_LIMITS.PACK_INSTALL_MAX_BYTES.ceiling}`],
    });
    expect(resolveInstallLimits({ PACK_INSTALL_MAX_FILES: 0 })).toMatchObject({ ok: false });
  });

  test("the manifest schema's module count is the tuning constant", () => {
    const schema = manifestSchema() as { $defs: { capsule: { properties: { modules: { maxProperties: number } } } } };
    expect(schema.$defs.capsule.properties.modules.maxProperties).toBe(MANIFEST_MAX_MODULES);
  });
});

describe("the probe's CPU budget", () => {
  test("the manifest schema's budget.cpuMs maximum is the PROBE_CPU_MS ceiling", async () => {
    const { manifestSchema, PROBE_BUDGETS } = await import("../src/index.js");
    const defs = (manifestSchema() as { $defs: Record<string, { properties: Record<string, { properties?: Record<string, { maximum?: number; minimum?: number }> }> }> }).$defs;
    const cpuMs = defs.guestModule!.properties.budget!.properties!.cpuMs!;
    expect(cpuMs.maximum).toBe(PROBE_BUDGETS.PROBE_CPU_MS.ceiling);
    expect(cpuMs.minimum).toBe(PROBE_BUDGETS.PROBE_CPU_MS.floor);
  });
});
