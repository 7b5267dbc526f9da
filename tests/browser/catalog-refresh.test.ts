// A page keeps the catalog index it fetched; a pack installed later must not stay invisible to it. A run whose
// import is missing from the index looks again (at most once per INDEX_REFRESH_MIN_MS) before calling it unresolved.
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { INDEX_REFRESH_MIN_MS } from "../../browser/src/limits.js";
import { launchChromium, loadLibrary, openPage, proxy, servePlayground } from "../support/browser.js";

let browser: Browser;
let page: Page;
let hideDecimal = true;
let indexFetches = 0;

beforeAll(async () => {
  // The proxy hides @capsule/decimal from the index until the test "installs" it.
  const origin = await proxy(await servePlayground(), (req, body) => {
    if (req.url !== "/catalog") return body;
    indexFetches++;
    if (!hideDecimal) return body;
    const index = JSON.parse(body.toString()) as { modules: Array<{ pack: string }> };
    return Buffer.from(JSON.stringify({ ...index, modules: index.modules.filter((m) => m.pack !== "@capsule/decimal") }));
  });
  browser = await launchChromium();
  page = await openPage(browser, `${origin}/playground/`);
  await loadLibrary(page, "/playground/capsule-browser.js");
  await page.evaluate(() => {
    const w = window as unknown as { capsule: { createBrowserSandbox(): unknown }; sandbox: unknown };
    w.sandbox = w.capsule.createBrowserSandbox();
  });
}, 60_000);

const run = (source: string) =>
  page.evaluate(async (source) => {
    const r = await (window as unknown as { sandbox: { run(s: string): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> } }).sandbox.run(source);
    return r.ok ? { value: r.value } : { code: r.error!.code };
  }, source);

describe("the browser runner's catalog index", () => {
  it("is fetched once, then refetched when a run imports something it does not list", async () => {
    expect(await run('import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1");')).toEqual({ value: { a: 1 } });
    expect(await run('import Decimal from "@capsule/decimal";\nreturn 1;')).toEqual({ code: "E_IMPORT_UNRESOLVED" });
    const afterMiss = indexFetches;
    // A second miss right away does not refetch: the index is fresh.
    expect(await run('import Decimal from "@capsule/decimal";\nreturn 1;')).toEqual({ code: "E_IMPORT_UNRESOLVED" });
    expect(indexFetches).toBe(afterMiss);

    hideDecimal = false; // the pack is installed
    await new Promise((resolve) => setTimeout(resolve, INDEX_REFRESH_MIN_MS + 100));
    expect(await run('import Decimal from "@capsule/decimal";\nreturn new Decimal("1.5").times(2).toString();')).toEqual({ value: "3" });
    expect(indexFetches).toBe(afterMiss + 1);
  });
});
