// The playground page served by the catalog server, in a real headless Chromium: pack picker, Run, result, logs
// and errors, all in the page's own Web Worker (server runs and the layout: playground-layout.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, loadLibrary, openPage, servePlayground } from "../support/browser.js";

let browser: Browser;
let origin: string;
beforeAll(async () => {
  [browser, origin] = await Promise.all([launchChromium(), servePlayground()]);
}, 60_000);

/** The editor's text (CodeMirror's document, through the page's automation hook). */
const sourceOf = (page: Page) => page.evaluate(() => (window as unknown as { capsulePlayground: { source(): string } }).capsulePlayground.source());
const setSource = (page: Page, text: string) => page.evaluate((t) => (window as unknown as { capsulePlayground: { setSource(t: string): void } }).capsulePlayground.setSource(t), text);

async function runInPlayground(page: Page, source: string) {
  await page.waitForSelector(".cm-content");
  await setSource(page, source);
  await page.click("#run");
  await page.waitForSelector('#status[data-state="ok"], #status[data-state="error"]', { timeout: 20_000 });
  return {
    state: await page.getAttribute("#status", "data-state"),
    status: await page.textContent("#status"),
    result: await page.textContent("#result"),
    logs: await page.textContent("#logs"),
    error: await page.textContent("#error"),
  };
}

describe("the playground", () => {
  it("is cross-origin isolated and lists the catalog's packs", async () => {
    const page = await openPage(browser, `${origin}/`);
    await page.waitForSelector('#packs button[data-specifier="@capsule/yaml"]');
    expect(page.url()).toBe(`${origin}/playground/`);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    // Host packs can be picked too: a program importing one runs on the server.
    expect(await page.getAttribute('#packs button[data-specifier="@capsule/csv"]', "data-kind")).toBe("host");
    expect(await page.isEnabled('#packs button[data-specifier="@capsule/checksum"]')).toBe(true);
    // A server without tokens is ready, and says how many modules it grants.
    expect(await page.getAttribute("#server-status", "data-state")).toBe("ready");
    expect(await page.textContent("#server-status")).toMatch(/^ready · \d+ modules$/);
    expect(page.errors).toEqual([]);
  });

  it("runs a guest that imports a guest pack picked from the catalog, and shows its result and logs", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.waitForSelector('#packs button[data-specifier="@capsule/yaml"]');
    await setSource(page, 'const doc = yaml.load("name: capsule\\ntags: [a, b]");\nconsole.log("keys", Object.keys(doc).join(","));\nreturn { ...doc, count: doc.tags.length };');
    await page.click('#packs button[data-specifier="@capsule/yaml"]');
    const source = await sourceOf(page);
    expect(source.startsWith('import yaml from "@capsule/yaml";\n')).toBe(true);
    const out = await runInPlayground(page, source);
    expect(out.state).toBe("ok");
    expect(JSON.parse(out.result!)).toEqual({ name: "capsule", tags: ["a", "b"], count: 2 });
    expect(out.logs).toBe("[log] keys name,tags");
    expect(out.error).toBe("");
    expect(page.errors).toEqual([]);
  });

  it("shows a guest error with its code, name and the user's own line", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    const out = await runInPlayground(page, 'const x = 1;\nthrow new TypeError("boom " + x);');
    expect(out.state).toBe("error");
    expect(out.status).toBe("E_GUEST_ERROR");
    // The observation formatter's words, as `capsule run` prints them.
    expect(out.error).toContain("error E_GUEST_ERROR TypeError: boom 1");
    expect(out.error).toContain("playground.js:2");
  });

  it("refuses a host pack with a named error when told to run in this page, which supplies no host modules", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.selectOption("#where", "browser");
    const out = await runInPlayground(page, 'import { parse } from "@capsule/csv";\nreturn await parse("a,b\\n1,2");');
    expect(out.status).toBe("E_HOST_MODULE_UNAVAILABLE");
    expect(out.error).toContain('hostModules: { "capsule.csv"');
  });

  it("runs a WASM pack in the page", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    const out = await runInPlayground(page, 'import checksum from "@capsule/checksum";\nreturn await checksum.add(40, 2);');
    expect(out.state).toBe("ok");
    expect(out.result).toBe("42");
  });

  it("keeps the sandbox's refusals: no eval, no dynamic import, CPU limit", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    expect((await runInPlayground(page, 'return eval("1 + 1");')).error).toMatch(/eval/);
    expect((await runInPlayground(page, 'return await import("@capsule/yaml");')).status).toBe("E_DYNAMIC_IMPORT");
    expect((await runInPlayground(page, "for (;;) {}")).status).toBe("E_CPU_TIME");
    // The page's sandbox is still usable after a run hit a limit.
    expect((await runInPlayground(page, "return 6 * 7;")).result).toBe("42");
  });
});

describe("the playground's editor", () => {
  it("is CodeMirror with TypeScript highlighting; indents with Tab, runs with Ctrl+Enter, and keeps the source across a reload", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.waitForSelector(".cm-content");
    await setSource(page, "");
    await page.click(".cm-content");
    await page.keyboard.press("Tab");
    await page.keyboard.type("return 6 * 7;");
    expect(await sourceOf(page)).toBe("  return 6 * 7;");
    await page.keyboard.press("Control+Enter");
    await page.waitForSelector('#status[data-state="ok"]');
    expect(await page.textContent("#result")).toBe("42");
    // TypeScript syntax is highlighted: the keyword and the type annotation get token classes.
    await setSource(page, "const n: number = 1;\nreturn n;");
    expect(await page.locator(".cm-line span").count()).toBeGreaterThan(2);
    await page.reload();
    await page.waitForSelector(".cm-content");
    expect(await sourceOf(page)).toBe("const n: number = 1;\nreturn n;");
  });

  it("completes the guest's globals, their members, granted specifiers and a pack's declared exports", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.waitForSelector('#packs button[data-specifier="@capsule/yaml"]');
    const complete = async (text: string) => {
      await setSource(page, text);
      await page.click(".cm-content");
      await page.keyboard.press("Control+End");
      await page.keyboard.press("Control+Space");
      await page.waitForSelector(".cm-tooltip-autocomplete");
      const labels = await page.$$eval(".cm-tooltip-autocomplete .cm-completionLabel", (els) => els.map((e) => e.textContent));
      await page.keyboard.press("Escape");
      return labels;
    };
    expect(await complete("Math.ma")).toContain("max");
    expect(await complete("JSON.")).toEqual(expect.arrayContaining(["parse", "stringify"]));
    expect(await complete('import x from "@capsule/ya')).toContain("@capsule/yaml");
    // The pack's members come from the server's declarations (GET /docs?format=dts), loaded after the catalog.
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.includes("/docs?format=dts")));
    expect(await complete('import yaml from "@capsule/yaml";\nyaml.')).toEqual(expect.arrayContaining(["load", "dump"]));
  });
});

describe("the playground's controls", () => {
  it("passes limits, seed, clock and inputs to the run, and says which control is not valid instead of running", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.click("#controls summary");
    await page.fill("#seed", "7");
    await page.fill("#now", "2020-01-02T03:04:05.000Z");
    await page.fill("#inputs", '{ "n": 21 }');
    const out = await runInPlayground(page, "return [inputs.n * 2, new Date().toISOString()];");
    expect(JSON.parse(out.result!)).toEqual([42, "2020-01-02T03:04:05.000Z"]);
    expect(await page.textContent("#stats")).toContain("seed 7");
    await page.fill("#limit-cpuMs", "50");
    expect((await runInPlayground(page, "for (;;) {}")).status).toBe("E_CPU_TIME");
    await page.fill("#limit-cpuMs", "");
    await page.fill("#inputs", "{ nope");
    const bad = await runInPlayground(page, "return 1;");
    expect(bad.status).toBe("check the controls");
    expect(bad.error).toContain("Inputs must be JSON");
    await page.fill("#inputs", "");
    await page.fill("#seed", "1.5");
    expect((await runInPlayground(page, "return 1;")).error).toContain("Seed must be a whole number");
  });
});

describe("the playground's reference", () => {
  it("shows a pack's exports and declarations from the server's /docs, for that pack only", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.click('#packs button[data-docs="@capsule/yaml"]');
    await page.waitForSelector("#docs:has-text('@capsule/yaml')");
    const text = (await page.textContent("#docs"))!;
    expect(text).toContain("export function load(");
    expect(text).not.toContain("@capsule/decimal");
  });
});

describe("sharing from the playground", () => {
  it("puts the source in the address, and a page opened at that address starts with it", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    const source = 'const greeting = "héllo ✓";\nreturn greeting.length;';
    await page.waitForSelector(".cm-content");
    await setSource(page, source);
    await page.click("#share");
    const url = page.url();
    expect(url).toMatch(/#code=[A-Za-z0-9_-]+$/);
    const opened = await openPage(browser, url);
    await opened.waitForSelector(".cm-content");
    expect(await sourceOf(opened)).toBe(source);
    // A damaged fragment falls back to the example instead of failing.
    const damaged = await openPage(browser, `${origin}/playground/#code=%%%`);
    await damaged.waitForSelector(".cm-content");
    expect(await sourceOf(damaged)).toContain('import yaml from "@capsule/yaml"');
  });
});

describe("the playground behind tokens", () => {
  it("says a token is needed, then that a wrong one is not recognised, then lists what the token grants", async () => {
    const guarded = await servePlayground({ tokens: { "yaml-token": ["@capsule/yaml"] } });
    const page = await openPage(browser, `${guarded}/playground/`);
    // A server that wants a token is not "ready": the status says what the server said.
    await page.waitForSelector('#server-status[data-state="token-required"]');
    expect(await page.textContent("#server-status")).toBe("token needed");
    expect(await page.textContent("#catalog-status")).toContain("wants a bearer token");
    await page.fill("#token", "not-a-token");
    await page.dispatchEvent("#token", "change");
    await page.waitForSelector('#server-status[data-state="token-unknown"]');
    expect(await page.textContent("#server-status")).toBe("token not recognised");
    await page.fill("#token", "yaml-token");
    await page.dispatchEvent("#token", "change");
    await page.waitForSelector('#packs button[data-specifier="@capsule/yaml"]');
    expect(await page.getAttribute("#server-status", "data-state")).toBe("ready");
    expect(await page.textContent("#server-status")).toBe("ready · 1 modules");
    expect(await page.$$eval("#packs button.pack", (buttons) => buttons.map((b) => (b as HTMLElement).dataset.specifier))).toEqual(["@capsule/yaml"]);
    const out = await runInPlayground(page, 'import yaml from "@capsule/yaml";\nreturn yaml.load("n: 1");');
    expect(JSON.parse(out.result!)).toEqual({ n: 1 });
  });

  it("the runner library says a missing token apart from an unknown one, as the server does", async () => {
    const guarded = await servePlayground({ tokens: { "yaml-token": ["@capsule/yaml"] } });
    const page = await openPage(browser, `${guarded}/playground/`);
    await loadLibrary(page, "/playground/capsule-browser.js");
    const messages = await page.evaluate(async () => {
      const capsule = (window as unknown as { capsule: { createBrowserSandbox(o: object): { modules(): Promise<{ message?: string }>; close(): void } } }).capsule;
      const ask = async (token?: string) => {
        const sandbox = capsule.createBrowserSandbox({ catalogUrl: location.origin, token });
        const listed = await sandbox.modules();
        sandbox.close();
        return listed.message;
      };
      return { missing: await ask(), unknown: await ask("nope") };
    });
    expect(messages.missing).toContain("wants a token");
    expect(messages.unknown).toContain("does not know this token");
  });
});
