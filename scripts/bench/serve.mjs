// Catalog server and install benchmark (issue: installs, catalog server): module fetches by digest on loopback,
// driven by autocannon (requests per second, p50/p99 latency), and the time to install a small pack with
// `capsule packs install` (the real npm client, a local folder, offline).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { compileWithSandbox } from "../../compiler/dist/index.js";
import { createCatalogServer } from "../../registry/dist/index.js";
import { table } from "./stats.mjs";

const PACKS = fileURLToPath(new URL("../../packs/", import.meta.url));
const CLI = fileURLToPath(new URL("../../cli/dist/main.js", import.meta.url));

export async function serveBench() {
  console.log("== catalog server and installs ==\n");
  const work = mkdtempSync(join(tmpdir(), "capsule-bench-serve-"));
  const { catalog } = await compileWithSandbox({ roots: [PACKS], cacheDir: join(work, "cache") });
  const server = createCatalogServer({ catalog, tokens: { bench: ["*"] } });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const yaml = catalog.modules.find((m) => m.specifier === "@capsule/yaml");
  const run = (path, headers = {}) =>
    autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 16, duration: 5, headers: { authorization: "Bearer bench", ...headers } });
  const full = await run(`/digest/${yaml.sha256}`);
  const conditional = await run(`/digest/${yaml.sha256}`, { "if-none-match": `"sha256-${yaml.sha256}"` });
  await new Promise((resolve) => server.close(resolve));

  const pack = join(work, "greet");
  mkdirSync(join(pack, "src"), { recursive: true });
  writeFileSync(join(pack, "package.json"), JSON.stringify({ name: "@bench/greet", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
  writeFileSync(join(pack, "src", "index.js"), 'export const greet = (n) => "hello " + n;');
  const installs = [];
  for (let i = 0; i < 3; i++) {
    const home = join(work, `home-${i}`);
    const started = performance.now();
    const out = spawnSync(process.execPath, [CLI, "packs", "install", pack, "--home", home], { encoding: "utf8", env: { ...process.env, npm_config_offline: "true" } });
    if (out.status !== 0) throw new Error(out.stderr);
    installs.push(performance.now() - started);
  }
  rmSync(work, { recursive: true, force: true });
  installs.sort((a, b) => a - b);
  table([
    ["measure (loopback, 16 connections, 5 s each)", "requests/s", "p50 latency", "p99 latency"],
    [`GET /digest/<sha256> (@capsule/yaml, ${yaml.size} bytes)`, full.requests.average.toFixed(0), `${full.latency.p50} ms`, `${full.latency.p99} ms`],
    ["the same with If-None-Match (304)", conditional.requests.average.toFixed(0), `${conditional.latency.p50} ms`, `${conditional.latency.p99} ms`],
  ]);
  table([
    ["capsule packs install of a small pack (folder, cold home, median of 3)", "time"],
    ["npm install --ignore-scripts + compile + probe + ledger", `${installs[1].toFixed(0)} ms`],
  ]);
}
