// The playground page served by the catalog server, in a real headless Chromium: pack picker, Run, result, logs
// and errors, all in the page's own Web Worker.
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, openPage, servePlayground } from "../support/browser.js";

let browser: Browser;
let origin: string;
beforeAll(async () => {
  [browser, origin] = await Promise.all([launchChromium(), servePlayground()]);
}, 60_000);

async function runInPlayground(page: Page, source: string) {
  await page.fill("#source", source);
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
    // Host packs are shown but cannot be picked: they run on a server.
    expect(await page.isDisabled('#packs button[data-specifier="@capsule/csv"]')).toBe(true);
    expect(await page.isEnabled('#packs button[data-specifier="@capsule/checksum"]')).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it("runs a guest that imports a guest pack picked from the catalog, and shows its result and logs", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.fill("#source", 'const doc = yaml.load("name: capsule\\ntags: [a, b]");\nconsole.log("keys", Object.keys(doc).join(","));\nreturn { ...doc, count: doc.tags.length };');
    await page.click('#packs button[data-specifier="@capsule/yaml"]');
    const source = await page.inputValue("#source");
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
    expect(out.error).toContain("E_GUEST_ERROR: boom 1");
    expect(out.error).toContain("playground.js:2");
  });

  it("refuses a host pack with a named error, since this page supplies no host modules", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
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
  it("indents with Tab, runs with Ctrl+Enter, and keeps the source across a reload", async () => {
    const page = await openPage(browser, `${origin}/playground/`);
    await page.fill("#source", "");
    await page.focus("#source");
    await page.keyboard.type("return [");
    await page.keyboard.press("Tab");
    await page.keyboard.type("1];");
    expect(await page.inputValue("#source")).toBe("return [  1];");
    await page.keyboard.press("Control+Enter");
    await page.waitForSelector('#status[data-state="ok"]');
    expect(JSON.parse((await page.textContent("#result"))!)).toEqual([1]);
    await page.reload();
    expect(await page.inputValue("#source")).toBe("return [  1];");
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
    await page.fill("#source", source);
    await page.click("#share");
    const url = page.url();
    expect(url).toMatch(/#code=[A-Za-z0-9_-]+$/);
    const opened = await openPage(browser, url);
    expect(await opened.inputValue("#source")).toBe(source);
    // A damaged fragment falls back to the example instead of failing.
    const damaged = await openPage(browser, `${origin}/playground/#code=%%%`);
    expect(await damaged.inputValue("#source")).toContain('import yaml from "@capsule/yaml"');
  });
});

describe("the playground behind tokens", () => {
  it("says a token is needed, then lists what the token grants", async () => {
    const guarded = await servePlayground({ tokens: { "yaml-token": ["@capsule/yaml"] } });
    const page = await openPage(browser, `${guarded}/playground/`);
    await page.waitForSelector("#catalog-status:not(:has-text('loading'))");
    expect(await page.textContent("#catalog-status")).toContain("E_IMPORT_NOT_ALLOWED");
    await page.fill("#token", "yaml-token");
    await page.dispatchEvent("#token", "change");
    await page.waitForSelector('#packs button[data-specifier="@capsule/yaml"]');
    expect(await page.$$eval("#packs button.pack", (buttons) => buttons.map((b) => (b as HTMLElement).dataset.specifier))).toEqual(["@capsule/yaml"]);
    const out = await runInPlayground(page, 'import yaml from "@capsule/yaml";\nreturn yaml.load("n: 1");');
    expect(JSON.parse(out.result!)).toEqual({ n: 1 });
  });
});
