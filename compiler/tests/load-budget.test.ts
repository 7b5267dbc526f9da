// The catalog's loadCpuMs is what a run gives a module to load on top of its cpuMs (the runtime's moduleLoadCpuMs):
// the runtime counts each module's budget up to the same ceiling the compiler's probe allows, so what was probed runs.
import { describe, expect, test } from "vitest";
import { PROBE_BUDGETS } from "../src/index.js";
import { LIMIT_ROWS, MODULE_LOAD_CPU_CEILING_MS, moduleLoadCpuMs } from "../../runtime/src/limits.js";

describe("a module's load budget", () => {
  test("is counted by the runtime up to the probe's ceiling, and a run can always be given the probe's budget", () => {
    expect(MODULE_LOAD_CPU_CEILING_MS).toBe(PROBE_BUDGETS.PROBE_CPU_MS.ceiling);
    expect(PROBE_BUDGETS.PROBE_CPU_MS.ceiling).toBeLessThan(LIMIT_ROWS.cpuMs.ceiling);
    expect(moduleLoadCpuMs(LIMIT_ROWS.cpuMs.default, PROBE_BUDGETS.PROBE_CPU_MS.ceiling)).toBeGreaterThanOrEqual(PROBE_BUDGETS.PROBE_CPU_MS.ceiling);
  });
});
