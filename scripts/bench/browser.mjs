// Browser runner benchmark (issue: browser runner): runs timed inside Debian's Chromium on the playground origin
// (cross-origin isolated, as `capsule serve` serves it), beside raw quickjs-emscripten in the same page (fresh
// runtime + context + eval on the page's thread) and the Node runtime in this process on the same catalog.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { compileWithSandbox } from "../../compiler/dist/index.js";
import { createCatalogServer, createCapsuleDispatcher, defaultRegistry, staticAssets } from "../../registry/dist/index.js";
import { createSandbox } from "../../runtime/dist/index.js";
import { ASSETS_DIR } from "../../browser/assets.js";
import { ms, percentile, ratio, sample, table } from "./stats.mjs";

const PACKS = fileURLToPath(new URL("../../packs/", import.meta.url));
const CHROMIUM = process.env.CAPSULE_CHROMIUM ?? "/usr/bin/chromium";
const TRIVIAL = "return 1 + 1;";
const YAML = 'import yaml from "@capsule/yaml";\nreturn yaml.load("a: 1\\nb: [x, y]");';
const CRC = 'import checksum from "@capsule/checksum";\nconst data = new Uint8Array(1 << 20).map((_, i) => i * 31);\nreturn await checksum.crc32(data);';

/** Raw quickjs-emscripten for the page, bundled here so the baseline runs in the same page as the runner. */
async function rawBundle() {
  const out = await build({
    stdin: {
      resolveDir: fileURLToPath(new URL("../../browser/", import.meta.url)),
      contents: `import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import variant from "@jitl/quickjs-wasmfile-release-sync";
window.rawQuickJS = async (engineUrl) => {
  const wasmModule = await WebAssembly.compileStreaming(fetch(engineUrl));
  const qjs = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule }));
  return (code) => { const rt = qjs.newRuntime(); const ctx = rt.newContext(); const r = ctx.evalCode(code); const v = ctx.dump(r.value ?? r.error); (r.value ?? r.error).dispose(); ctx.dispose(); rt.dispose(); return v; };
};`,
    },
    bundle: true, format: "esm", platform: "browser", write: false, minify: true,
  });
  return out.outputFiles[0].text;
}

export async function browserBench() {
  console.log("== browser runner (Chromium, playground origin) ==\n");
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM} (node scripts/setup-browser.mjs installs it)\n`);
    return;
  }
  const { catalog } = await compileWithSandbox({ roots: [PACKS], cacheDir: join(tmpdir(), "capsule-bench-cache") });
  const server = createCatalogServer({ catalog, assets: staticAssets(ASSETS_DIR) });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const page = await browser.newPage();
  await page.goto(`${origin}/playground/`);
  await page.addScriptTag({ type: "module", content: `import * as capsule from "/playground/capsule-browser.js"; window.capsule = capsule;\n${await rawBundle()}` });
  await page.waitForFunction(() => "capsule" in window && "rawQuickJS" in window);

  // Everything timed in the page: p50/p95 of n runs after a warm-up, and the first run of fresh sandboxes.
  const inPage = await page.evaluate(async ({ TRIVIAL, YAML, CRC }) => {
    const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
    const time = async (fn, n, warm = 20) => {
      for (let i = 0; i < warm; i++) await fn();
      const xs = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const r = await fn();
        xs.push(performance.now() - t);
        if (r && r.ok === false) throw new Error(`${r.error.code}: ${r.error.message}`);
      }
      xs.sort((a, b) => a - b);
      return { p50: pct(xs, 0.5), p95: pct(xs, 0.95) };
    };
    const cold = [];
    for (let i = 0; i < 5; i++) {
      const fresh = window.capsule.createBrowserSandbox();
      const t = performance.now();
      await fresh.run(TRIVIAL);
      cold.push(performance.now() - t);
      fresh.close();
    }
    cold.sort((a, b) => a - b);
    const warmed = [];
    for (let i = 0; i < 5; i++) {
      const fresh = window.capsule.createBrowserSandbox();
      fresh.warm();
      await new Promise((resolve) => setTimeout(resolve, 1000)); // a page being read
      const t = performance.now();
      await fresh.run(TRIVIAL);
      warmed.push(performance.now() - t);
      fresh.close();
    }
    warmed.sort((a, b) => a - b);
    const sandbox = window.capsule.createBrowserSandbox();
    const raw = await window.rawQuickJS("/playground/quickjs.wasm");
    const out = {
      cold: cold[2],
      warmed: warmed[2],
      trivial: await time(() => sandbox.run(TRIVIAL), 300),
      yaml: await time(() => sandbox.run(YAML), 200),
      crc: await time(() => sandbox.run(CRC), 30, 5),
      raw: await time(() => raw("1 + 1"), 300),
      isolated: crossOriginIsolated,
    };
    sandbox.close();
    return out;
  }, { TRIVIAL, YAML, CRC });
  await browser.close();
  await new Promise((resolve) => server.close(resolve));

  const dispatcher = createCapsuleDispatcher({ registry: defaultRegistry(), catalog });
  const node = createSandbox({ maxWorkers: 1, catalog, hostModules: dispatcher });
  const nodeRun = (source) => async () => {
    const r = await node.run({ source });
    if (!r.ok) throw new Error(r.error.message);
  };
  const nodeTrivial = await sample(nodeRun(TRIVIAL), 300);
  const nodeYaml = await sample(nodeRun(YAML), 200);
  const nodeCrc = await sample(nodeRun(CRC), 30, 5);
  await node.close();
  await dispatcher.close();

  table([
    [`measure (page cross-origin isolated: ${inPage.isolated})`, "browser p50", "browser p95", "Node runtime p50", "browser / Node"],
    ["trivial run", ms(inPage.trivial.p50), ms(inPage.trivial.p95), ms(percentile(nodeTrivial, 0.5)), ratio(inPage.trivial.p50, percentile(nodeTrivial, 0.5))],
    ["run importing @capsule/yaml", ms(inPage.yaml.p50), ms(inPage.yaml.p95), ms(percentile(nodeYaml, 0.5)), ratio(inPage.yaml.p50, percentile(nodeYaml, 0.5))],
    ["crc32 of 1 MiB through the WASM pack", ms(inPage.crc.p50), ms(inPage.crc.p95), ms(percentile(nodeCrc, 0.5)), ratio(inPage.crc.p50, percentile(nodeCrc, 0.5))],
  ]);
  table([
    ["baseline in the same page", "p50", "runner trivial run / baseline"],
    ["raw quickjs-emscripten: fresh runtime + context + eval (page thread)", ms(inPage.raw.p50), ratio(inPage.trivial.p50, inPage.raw.p50)],
    ["first run of a new browser sandbox (worker start, engine fetch + compile, template)", ms(inPage.cold), ""],
    ["first run of a new browser sandbox after warm() (1 s earlier)", ms(inPage.warmed), ""],
  ]);
}
