// Limits while a run's imported modules are evaluated (load time), on every path a module is evaluated on: the run's
// module set preloaded into a template (the usual path, in a worker), and the run evaluating them itself (a template
// without them: runWithoutPreload, on this thread). A limit met at load is reported as that limit, with the option to
// raise — never as the engine's "interrupted" rethrown as the module's own error, never forgotten because the module
// caught it, never kept in a template for later runs. And a module that declares a load budget (the catalog's
// loadCpuMs, what the compiler's probe gave it) loads within it, on top of the run's cpuMs.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { errorOf, useSandbox, valueOf } from "./helpers.js";
import { runWithoutPreload } from "./helpers/without-preload.js";
import { declaredLoadCpuMs, LIMIT_ROWS, MODULE_LOAD_CPU_CEILING_MS, moduleLoadCpuMs, runWallMs } from "../src/limits.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/load-limits/${name}.js`, import.meta.url), "utf8");
const slowEntry = { specifier: "@t/slow", pack: "@t/pack", sha256: createHash("sha256").update(fixture("slow")).digest("hex"), source: fixture("slow") };
const withoutBudget = useSandbox({ maxWorkers: 1, catalog: { modules: [slowEntry] } });
const withBudget = useSandbox({ maxWorkers: 1, catalog: { modules: [{ ...slowEntry, loadCpuMs: 20_000 }] } });
/** Serves every fixture as @t/<name>, each declaring `loadCpuMs` when given. */
const fixtures = (loadCpuMs?: number) => ({
  resolve: (specifier: string) => (specifier.startsWith("@t/") ? { specifier, source: fixture(specifier.slice(3)), ...(loadCpuMs ? { loadCpuMs } : {}) } : undefined),
});
const importing = (name: string) => `import value from "@t/${name}";\nreturn value;`;
const MiB = 1024 * 1024;
// Wall clocks far away: a missing protection shows as E_WALL_TIME (or a hang), not as a pass.
const CPU = { cpuMs: 300, wallMs: 30_000 };
const MEMORY = { cpuMs: 20_000, wallMs: 30_000, memoryBytes: 16 * MiB };

/** What each fixture must end with, and what its message must name. */
const CASES: Array<[string, Record<string, number>, string, RegExp]> = [
  ["spins", CPU, "E_CPU_TIME", /imported modules exceeded their CPU budget for loading.*raise limits\.cpuMs.*budget\.cpuMs/],
  ["catches-then-spins", CPU, "E_CPU_TIME", /imported modules exceeded their CPU budget for loading.*raise limits\.cpuMs/],
  ["awaits-then-spins", CPU, "E_CPU_TIME", /imported modules exceeded their CPU budget for loading.*raise limits\.cpuMs/],
  ["memory-bomb", MEMORY, "E_MEMORY", /raise limits\.memoryBytes/],
  ["memory-bomb-caught", MEMORY, "E_MEMORY", /raise limits\.memoryBytes/],
  ["awaits-then-bomb", MEMORY, "E_MEMORY", /raise limits\.memoryBytes/],
  // The floor's stack: this thread's own (a test runner's, for runWithoutPreload) is not a worker's 16 MiB.
  ["deep", { ...CPU, stackBytes: 64 * 1024 }, "E_STACK_OVERFLOW", /raise limits\.stackBytes/],
];

describe("a limit met while the run's modules are preloaded into a template", () => {
  it.each(CASES)("ends a run importing @t/%s with the limit's code, every time", async (name, limits, code, message) => {
    for (let i = 0; i < 2; i++) {
      const error = await errorOf(sandbox, { source: importing(name), resolver: fixtures(), limits });
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
    expect(await valueOf(sandbox, "return 'next'")).toBe("next");
  });

  it("ends a module that catches its interrupt and finishes loading with E_CPU_TIME, and keeps no template of it", async () => {
    const error = await errorOf(sandbox, { source: importing("catches-then-finishes"), resolver: fixtures(), limits: { cpuMs: 10, wallMs: 30_000 } });
    expect(error.code).toBe("E_CPU_TIME");
    // The same module set with time to load: it loads whole, not from a template holding its half-loaded state.
    expect(await valueOf(sandbox, { source: importing("catches-then-finishes"), resolver: fixtures(), limits: { cpuMs: 20_000, wallMs: 30_000 } })).toBe("loaded true");
  });

  it("ends a module stuck in one long native operation at load with E_CPU_TIME (the host's watchdog), not at the wall clock", async () => {
    const error = await errorOf(sandbox, { source: importing("native-long"), resolver: fixtures(), limits: CPU });
    expect(error.code).toBe("E_CPU_TIME");
    expect(error.message).toMatch(/imported modules exceeded their CPU budget for loading.*raise limits\.cpuMs/);
    expect(await valueOf(sandbox, "return 'next'")).toBe("next");
  });

  it("ends a module that loops at load past the wall clock with E_WALL_TIME, naming limits.wallMs", async () => {
    const error = await errorOf(sandbox, { source: importing("spins"), resolver: fixtures(), limits: { cpuMs: 20_000, wallMs: 1_500 } });
    expect(error.code).toBe("E_WALL_TIME");
    expect(error.message).toMatch(/limits\.wallMs/);
  });
});

describe("a limit met while the run evaluates its modules itself (no template holds them)", () => {
  const main = (name: string) => `import value from "@t/${name}";\nexport default async function () { return value; }\n`;
  it.each(CASES)("ends a run importing @t/%s with the limit's code", async (name, limits, code, message) => {
    const outcome = await runWithoutPreload(main(name), { [`@t/${name}`]: fixture(name) }, limits);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe(code);
    expect(outcome.error.message).toMatch(message);
  });

  it("ends a module that catches its interrupt and finishes loading with E_CPU_TIME", async () => {
    const outcome = await runWithoutPreload(main("catches-then-finishes"), { "@t/catches-then-finishes": fixture("catches-then-finishes") }, { cpuMs: 10, wallMs: 30_000 });
    expect(outcome.ok ? outcome.value : outcome.error.code).toBe("E_CPU_TIME");
  });

  it("loads a module within its declared load budget, and then gives the program its own cpuMs", async () => {
    const modules = { "@t/slow": fixture("slow") };
    const loaded = await runWithoutPreload(main("slow"), modules, { cpuMs: 10, wallMs: 60_000 }, 20_000);
    expect(loaded.ok ? loaded.value.json : loaded.error).toContain("loaded true");
    const spinning = `import value from "@t/slow";\nexport default async function () { for (;;) {} }\n`;
    const spun = await runWithoutPreload(spinning, modules, { cpuMs: 10, wallMs: 60_000 }, 20_000);
    expect(spun.ok ? spun.value : spun.error.message).toMatch(/^the guest exceeded its CPU limit of 10 ms/);
  });
});

describe("a module's declared load budget", () => {
  it("lets a module that needs more CPU to load than the run's cpuMs load, from the template too", async () => {
    const request = { source: importing("slow"), limits: { cpuMs: 10, wallMs: 60_000 } };
    const refused = await errorOf(sandbox, { ...request, resolver: fixtures() });
    expect(refused.code).toBe("E_CPU_TIME");
    expect(refused.message).toMatch(/budget for loading, 10 ms \(limits\.cpuMs; none of them declares a load budget\)/);
    expect(await valueOf(sandbox, { ...request, resolver: fixtures(20_000) })).toBe("loaded true");
    expect(await valueOf(sandbox, { ...request, resolver: fixtures(20_000) })).toBe("loaded true");
  });

  it("is the program's own cpuMs once its modules have loaded: a program that spins ends at its cpuMs, named as such", async () => {
    const error = await errorOf(sandbox, { source: 'import value from "@t/slow";\nfor (;;) {}', resolver: fixtures(20_000), limits: { cpuMs: 10, wallMs: 60_000 } });
    expect(error.code).toBe("E_CPU_TIME");
    expect(error.message).toMatch(/^the guest exceeded its CPU limit of 10 ms; raise limits\.cpuMs/);
  });

  it("still ends a module that spins at load, at the run's cpuMs plus its budget, naming both", async () => {
    const error = await errorOf(sandbox, { source: importing("spins"), resolver: fixtures(200), limits: CPU });
    expect(error.code).toBe("E_CPU_TIME");
    expect(error.message).toMatch(/budget for loading, 500 ms \(limits\.cpuMs 300 ms plus 200 ms their packs declare as budget\.cpuMs\)/);
  });

  it("adds to the run's wall clock as well: loading may take as long as it may spend", async () => {
    // A wall clock the module's load alone outlasts: without the allowance the run ends with E_WALL_TIME. The module
    // set is one no earlier test loaded (a comment added to it), so no template already holds it evaluated.
    const request = { source: importing("slow"), limits: { cpuMs: 20_000, wallMs: 5 } };
    const unseen = (loadCpuMs?: number) => ({
      resolve: (specifier: string) => {
        const found = fixtures(loadCpuMs).resolve(specifier);
        return found && { ...found, source: `${found.source}\n// the wall-clock test's own copy\n` };
      },
    });
    const refused = await errorOf(sandbox, { ...request, resolver: unseen() });
    expect(refused.code).toBe("E_WALL_TIME");
    expect(refused.message).toMatch(/limits\.wallMs/);
    expect(await valueOf(sandbox, { ...request, resolver: unseen(20_000) })).toBe("loaded true");
  });

  it("names what it added when the wall clock fires anyway", async () => {
    const error = await errorOf(sandbox, { source: importing("spins"), resolver: fixtures(300), limits: { cpuMs: 30_000, wallMs: 1_000 } });
    expect(error.code).toBe("E_WALL_TIME");
    expect(error.message).toMatch(/wall-clock limit of 1,300 ms \(limits\.wallMs 1,000 ms plus 300 ms its modules declare to load\)/);
  });

  it("comes from a catalog's loadCpuMs (createSandbox with a catalog)", async () => {
    const request = { source: importing("slow"), limits: { cpuMs: 10, wallMs: 60_000 } };
    expect((await errorOf(withoutBudget, request)).code).toBe("E_CPU_TIME");
    expect(await valueOf(withBudget, request)).toBe("loaded true");
  });

  it("counts each module up to the probe's ceiling, and the whole load never past the cpuMs ceiling row", () => {
    expect(declaredLoadCpuMs(2_500)).toBe(2_500);
    expect(declaredLoadCpuMs(1e9)).toBe(MODULE_LOAD_CPU_CEILING_MS);
    for (const bad of [undefined, -5, 0, Number.NaN, Number.POSITIVE_INFINITY, "5000"]) expect(declaredLoadCpuMs(bad)).toBe(0);
    expect(moduleLoadCpuMs(1_000, 2_500)).toBe(3_500);
    expect(moduleLoadCpuMs(LIMIT_ROWS.cpuMs.ceiling, MODULE_LOAD_CPU_CEILING_MS)).toBe(LIMIT_ROWS.cpuMs.ceiling);
    expect(runWallMs(5_000, 0)).toBe(5_000);
    expect(runWallMs(5_000, 2_500)).toBe(7_500);
    expect(runWallMs(LIMIT_ROWS.wallMs.ceiling, MODULE_LOAD_CPU_CEILING_MS)).toBe(LIMIT_ROWS.wallMs.ceiling);
  });
});
