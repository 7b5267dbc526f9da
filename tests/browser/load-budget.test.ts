// The browser runner honours a module's declared load budget as the Node runtime does: the catalog server's index
// carries each module's loadCpuMs, the shared run path gives loading that much CPU on top of the run's cpuMs, and a
// module that declares none ends the run with E_CPU_TIME named as its modules' load budget — in a page that is not
// cross-origin isolated (no watchdog, no shared control block) and on the isolated playground origin alike.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, loadLibrary, openPage, serveEmbedder, servePlayground } from "../support/browser.js";

// Three times the shared fixture's work (~2-3 s of QuickJS CPU in a page here), so that the program can be given 150 ms: a
// page has no thread clock, its slices are wall time, and a run given 10 ms met its limit on a loaded machine after
// its module had loaded. Loading still needs well over 150 ms, so the undeclared module still meets its budget.
const SLOW = readFileSync(new URL("../../runtime/tests/fixtures/load-limits/slow.js", import.meta.url), "utf8").replace("3e6", "1e7");
const CPU_MS = 150;
const entry = (specifier: string, source: string, loadCpuMs?: number) => ({
  specifier, pack: "@t/load", version: "1.0.0", kind: "guest", exports: ["default"], summary: "slow to load", source,
  sha256: createHash("sha256").update(source).digest("hex"), ...(loadCpuMs ? { loadCpuMs } : {}),
});

let browser: Browser;
let catalogOrigin: string;
let pages: Array<[string, Page]>;

beforeAll(async () => {
  const catalog = { modules: [entry("@t/declared", SLOW, 20_000), entry("@t/undeclared", `${SLOW}// undeclared\n`)] };
  const [b, served, embedderAt] = await Promise.all([launchChromium(), servePlayground({ catalog }), serveEmbedder()]);
  browser = b;
  catalogOrigin = served;
  const embedder = await openPage(browser, `${embedderAt}/`);
  const playground = await openPage(browser, `${catalogOrigin}/playground/`);
  await Promise.all([loadLibrary(embedder, "/lib/capsule-browser.js"), loadLibrary(playground, "/playground/capsule-browser.js")]);
  pages = [["embedded (not isolated)", embedder], ["on the playground origin (isolated)", playground]];
}, 60_000);

function runIn(page: Page, specifier: string) {
  return page.evaluate(
    async ({ catalogUrl, specifier, cpuMs }) => {
      type Library = { createBrowserSandbox(options: object): { run(request: object): Promise<unknown>; close(): void } };
      const sandbox = (window as unknown as { capsule: Library }).capsule.createBrowserSandbox({ catalogUrl });
      const result = await sandbox.run({ source: `import value from "${specifier}";\nreturn value;`, limits: { cpuMs, wallMs: 60_000 } });
      sandbox.close();
      return JSON.parse(JSON.stringify(result)) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
    },
    { catalogUrl: catalogOrigin, specifier, cpuMs: CPU_MS },
  );
}

describe("the browser runner and a module's load budget", () => {
  it("loads a module within the loadCpuMs its catalog entry declares, on top of cpuMs", async () => {
    for (const [, page] of pages) expect(await runIn(page, "@t/declared")).toMatchObject({ ok: true, value: "loaded true" });
  }, 120_000);

  it("ends the run with E_CPU_TIME, named as the modules' load budget, when the module declares none", async () => {
    for (const [, page] of pages) {
      const out = await runIn(page, "@t/undeclared");
      expect(out.error?.code).toBe("E_CPU_TIME");
      expect(out.error?.message).toMatch(/imported modules exceeded their CPU budget for loading, 150 ms/);
    }
  }, 120_000);
});
