// Deep recursion in the browser runner ends as in Node: a catchable RangeError in the guest, E_STACK_OVERFLOW when
// uncaught — never a faulted engine — though a Web Worker's own stack cannot be sized (the guest's is capped under it).
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, loadLibrary, openPage, servePlayground } from "../support/browser.js";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser, `${await servePlayground()}/playground/`);
  await loadLibrary(page, "/playground/capsule-browser.js");
}, 60_000);

describe("deep recursion in the browser runner", () => {
  it("is a catchable RangeError, E_STACK_OVERFLOW uncaught, for guest and native recursion, at any stackBytes", async () => {
    const out = await page.evaluate(async () => {
      const { createBrowserSandbox } = (window as unknown as { capsule: { createBrowserSandbox(o: object): { run(r: object): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }>; close(): void } } }).capsule;
      const sandbox = createBrowserSandbox({});
      const outcome = async (source: string, stackBytes: number) => {
        const r = await sandbox.run({ source, limits: { stackBytes } });
        return r.ok ? r.value : r.error!.code;
      };
      const results: unknown[] = [];
      for (const stackBytes of [64 * 1024, 512 * 1024, 1024 * 1024]) {
        results.push([
          await outcome("function f(n) { return f(n + 1) + 1 } try { f(0) } catch (e) { return e.name }", stackBytes),
          await outcome("function f(n) { return f(n + 1) + 1 } return f(0)", stackBytes),
          await outcome("try { JSON.parse('['.repeat(1e5)); return 'parsed' } catch (e) { return e.name }", stackBytes),
          await outcome("let a = []; for (let i = 0; i < 1e5; i++) a = [a]; try { JSON.stringify(a); return 'done' } catch (e) { return e.name }", stackBytes),
          await outcome("return 'next run fine'", stackBytes),
        ]);
      }
      sandbox.close();
      return results;
    });
    for (const [caught, uncaught, parse, stringify, next] of out as unknown[][]) {
      expect(caught).toBe("RangeError");
      expect(uncaught).toBe("E_STACK_OVERFLOW");
      expect(["SyntaxError", "RangeError"]).toContain(parse);
      // JSON.stringify recurses natively with deeper host frames than QuickJS counts: where the worker's own stack runs
      // out first, the run ends with E_STACK_OVERFLOW and the engine is replaced (never E_WORKER_CRASHED).
      expect(["RangeError", "done", "E_STACK_OVERFLOW"]).toContain(stringify);
      expect(next).toBe("next run fine");
    }
  }, 120_000);
});
