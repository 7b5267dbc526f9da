// What a person sees in the playground, in a real headless Chromium at 1280 and 390 px wide: the editor, Run, the
// controls, the result and the packs visible, inside the viewport's width and not overlapping; a run's result and
// an error shown; a host-module pack (@capsule/csv) run on the server through POST /run with the controls' seed,
// clock, inputs and limits; screenshots written to test-output/ (git-ignored) for a person to look at.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, servePlayground } from "../support/browser.js";

const OUTPUT = fileURLToPath(new URL("../../test-output/", import.meta.url));
let browser: Browser;
let origin: string;
beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true });
  [browser, origin] = await Promise.all([launchChromium(), servePlayground({ runs: true })]);
}, 60_000);

const setSource = (page: Page, text: string) => page.evaluate((t) => (window as unknown as { capsulePlayground: { setSource(t: string): void } }).capsulePlayground.setSource(t), text);

async function open(width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/playground/`);
  await page.waitForSelector('#server-status[data-state="ready"]');
  await page.waitForSelector(".cm-content");
  expect(errors).toEqual([]);
  return page;
}

async function runAndWait(page: Page) {
  await page.click("#run");
  await page.waitForSelector('#status[data-state="ok"], #status[data-state="error"]', { timeout: 30_000 });
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Each element rendered (checkVisibility: not display:none, visibility:hidden or zero-opacity) with a box inside the
 * page's width — and, when `inViewport`, inside the window without scrolling — and no two of them overlapping.
 * Boxes are in page coordinates, measured at one moment, so scrolling cannot make two of them look apart.
 */
async function expectLaidOut(page: Page, selectors: string[], width: number, inViewport: boolean) {
  const boxes = await page.evaluate((list) => list.map((selector) => {
    const element = document.querySelector(selector);
    if (!element) return { selector, missing: true };
    const r = element.getBoundingClientRect();
    return { selector, visible: element.checkVisibility({ opacityProperty: true, visibilityProperty: true }), x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
  }), selectors);
  const viewport = page.viewportSize()!;
  for (const box of boxes) {
    expect(box.missing, `${box.selector} exists`).toBeUndefined();
    expect(box.visible, `${box.selector} is visible`).toBe(true);
    expect(box.width! * box.height!, `${box.selector} has an area`).toBeGreaterThan(0);
    expect(box.x!, `${box.selector} starts inside the page`).toBeGreaterThanOrEqual(0);
    expect(box.x! + box.width!, `${box.selector} ends inside ${width} px`).toBeLessThanOrEqual(width + 0.5);
    if (inViewport) expect(box.y! + Math.min(box.height!, 20), `${box.selector} is on screen without scrolling`).toBeLessThanOrEqual(viewport.height);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i] as Box, boxes[j] as Box), `${boxes[i]!.selector} overlaps ${boxes[j]!.selector}`).toBe(false);
  }
  // Nothing makes the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const PARTS = ["header h1", "#server-status", "#token", "#run", "#where", "#share", ".cm-editor", "#controls summary", "#status", "#result", "#error", "#filter", "#packs"];

describe("the playground's layout", () => {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    it(`shows every part without overlap at ${width} px, a run's result and an error, and a screenshot`, async () => {
      const page = await open(width, height);
      await expectLaidOut(page, PARTS, width, width >= 1280);
      await page.click("#controls summary");
      await expectLaidOut(page, ["#limit-cpuMs", "#limit-wallMs", "#limit-memoryMiB", "#seed", "#now", "#inputs", ".cm-editor", "#run"], width, width >= 1280);
      await setSource(page, 'import yaml from "@capsule/yaml";\nconst doc = yaml.load("name: capsule");\nconsole.log("loaded", doc.name);\nreturn { ...doc, n: inputs.n };');
      await page.fill("#inputs", '{ "n": 21 }');
      await runAndWait(page);
      expect(await page.getAttribute("#status", "data-state")).toBe("ok");
      expect(await page.locator("#result").isVisible()).toBe(true);
      expect(await page.textContent("#result")).toContain('"name": "capsule"');
      expect(await page.textContent("#result")).toContain('"n": 21');
      expect(await page.textContent("#logs")).toBe("[log] loaded capsule");
      expect(await page.textContent("#stats")).toContain("on this page");
      await page.screenshot({ path: `${OUTPUT}playground-${width}.png`, fullPage: true });
      await setSource(page, "const x = 1;\nnull.boom(x);");
      await runAndWait(page);
      expect(await page.textContent("#status")).toBe("E_GUEST_ERROR");
      await page.locator("#error").scrollIntoViewIfNeeded();
      expect(await page.locator("#error").isVisible()).toBe(true);
      expect(await page.textContent("#error")).toMatch(/^error E_GUEST_ERROR TypeError: /m);
      expect(await page.textContent("#error")).toContain("playground.js:2");
      await page.screenshot({ path: `${OUTPUT}playground-${width}-error.png`, fullPage: true });
      await page.close();
    }, 90_000);
  }
});

describe("the playground with a host-module pack", () => {
  it("runs a program importing @capsule/csv on the server (POST /run), with the controls' seed, clock, inputs and limits", async () => {
    const page = await open(1280, 800);
    await page.click("#controls summary");
    await setSource(page, 'import { parse } from "@capsule/csv";\nconst { rows } = await parse(inputs.text, { header: true });\nreturn { rows, r: Math.random(), at: new Date().toISOString(), big: 2n ** 70n };');
    expect(await page.textContent("#where-note")).toBe("runs on the server: imports @capsule/csv");
    await page.fill("#inputs", JSON.stringify({ text: "a,b\n1,2" }));
    await page.fill("#seed", "7");
    await page.fill("#now", "2020-01-02T03:04:05.000Z");
    await page.fill("#limit-wallMs", "9000");
    await runAndWait(page);
    expect(await page.getAttribute("#status", "data-state")).toBe("ok");
    const result = (await page.textContent("#result"))!;
    expect(result).toContain('"a": "1"');
    expect(result).toContain('"at": "2020-01-02T03:04:05.000Z"');
    // The codec's JSON form keeps a bigint a bigint all the way to the page.
    expect(result).toContain('"big": 1180591620717411303424n');
    expect(await page.textContent("#stats")).toContain("on the server");
    expect(await page.textContent("#stats")).toContain("seed 7");
    // The server's refusal of a limit above its ceiling is shown with its code.
    await page.fill("#limit-wallMs", "999999999");
    await runAndWait(page);
    expect(await page.textContent("#status")).toBe("run-limit-above-ceiling");
    expect(await page.textContent("#error")).toContain("above this server's ceiling");
    await page.close();
  }, 90_000);
});
