// Admission benchmark: how many popular pure-computation npm libraries the compiler admits, and why the others
// are refused. Installs every library of admission-list.json with the real npm client (one install), makes one
// pack per library, runs compileWithSandbox (bundle → scan → probe in a real QuickJS guest) and prints one row
// per library, the admission rate and the refusals per code, then runs each admitted library's `check` in a guest
// and natively (admission-native.mjs) and counts the ones that return the same JSON. Needs the npm registry and a built repo
// (`npx tsc -b runtime compiler cli`). Run alone with `node scripts/bench/admission.mjs`, or import
// admissionBench(). Like every bench it prints and never asserts.
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { compileWithSandbox, createSandboxProbe, discoverPacks, esbuildBundler } from "../../compiler/dist/index.js";
import { COMPILE_CONCURRENCY } from "../../compiler/dist/limits.js";
import { compareWithNative } from "./admission-native.mjs";
import { table } from "./stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

/** A folder name (and pack name part) for one list entry: `@iarna/toml` → `iarna-toml`, `csv-parse` + `sync` → `csv-parse-sync`. */
export function safeName(lib) {
  const full = lib.subpath ? `${lib.name}/${lib.subpath}` : lib.name;
  return full.toLowerCase().replace(/^@/, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

const importOf = (lib) => (lib.subpath ? `${lib.name}/${lib.subpath}` : lib.name);
const kb = (bytes) => (bytes === undefined ? "-" : `${(bytes / 1024).toFixed(1)} KB`);
const shortMs = (v) => (v === undefined ? "-" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
const oneLine = (s, n) => {
  const t = String(s ?? "").replace(/\s+/g, " ").trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

export async function loadAdmissionList(file = path.join(here, "admission-list.json")) {
  const { libraries } = JSON.parse(await readFile(file, "utf8"));
  const seen = new Set();
  for (const lib of libraries) {
    const s = safeName(lib);
    if (seen.has(s)) throw new Error(`admission-list.json: two entries map to the pack folder ${s}`);
    seen.add(s);
  }
  return libraries;
}

/** One npm install of every library (deduplicated by name; one list entry may name a subpath of another's package). */
async function installAll(dir, libraries) {
  const dependencies = {};
  for (const lib of libraries) {
    if (dependencies[lib.name] && dependencies[lib.name] !== lib.version) {
      throw new Error(`admission-list.json: ${lib.name} is pinned to both ${dependencies[lib.name]} and ${lib.version}`);
    }
    dependencies[lib.name] = lib.version;
  }
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "admission-install", private: true, version: "0.0.0", dependencies }, null, 2));
  const t0 = performance.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  try {
    await run(npm, ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    throw new Error(`npm install failed (the admission bench needs the npm registry): ${String(e.stderr || e.message).trim().slice(0, 2000)}`);
  }
  return performance.now() - t0;
}

/** The pack root: one pack per library, its node_modules a symlink to the shared install. */
async function writePacks(root, nodeModules, libraries) {
  for (const lib of libraries) {
    const safe = safeName(lib);
    const dir = path.join(root, safe);
    await mkdir(dir, { recursive: true });
    const pkg = {
      name: `@admission/${safe}`,
      version: "0.0.0",
      dependencies: { [lib.name]: lib.version },
      capsule: { modules: { ".": { kind: "guest", npm: importOf(lib), ...(lib.cpuMs ? { budget: { cpuMs: lib.cpuMs } } : {}), ...(lib.codeGeneration ? { codeGeneration: lib.codeGeneration } : {}) } } },
    };
    await writeFile(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2));
    await symlink(nodeModules, path.join(dir, "node_modules"), "dir");
  }
}

export async function admissionBench({ listFile, keep = false } = {}) {
  console.log("== admission (popular npm libraries through bundle → scan → sandbox probe) ==\n");
  const libraries = await loadAdmissionList(listFile);
  // ADMISSION_REUSE=<folder kept by ADMISSION_KEEP=1>: reuse its install (when it has one) and its compile cache, so
  // a rerun on a loaded machine pays only for what changed (its per-module times then show cache hits).
  const reuse = process.env.ADMISSION_REUSE;
  const temp = reuse ? realpathSync(reuse) : realpathSync(await mkdtemp(path.join(tmpdir(), "capsule-admission-")));
  if (reuse) keep = true;
  const installDir = path.join(temp, "install");
  const root = path.join(temp, "packs");
  const cacheDir = path.join(temp, "cache");
  try {
    await mkdir(installDir, { recursive: true });
    await rm(root, { recursive: true, force: true });
    await mkdir(root);
    const installed = reuse && (await readFile(path.join(installDir, "package.json"), "utf8").then((t) => t, () => undefined));
    const wanted = Object.fromEntries(libraries.map((l) => [l.name, l.version]));
    const sameInstall = installed && JSON.stringify(JSON.parse(installed).dependencies) === JSON.stringify(wanted);
    const installMs = sameInstall ? 0 : await installAll(installDir, libraries);
    console.log(sameInstall ? "npm install reused (ADMISSION_REUSE)\n" : `npm install of ${new Set(libraries.map((l) => l.name)).size} packages (--ignore-scripts): ${shortMs(installMs)}\n`);
    await writePacks(root, path.join(installDir, "node_modules"), libraries);

    // Per-module timing. compile() emits only completions; its pool of `concurrency` workers takes tasks in
    // discovery order, so task k starts at the start event (k < concurrency) or at the (k - concurrency + 1)th
    // completion. The wrapped bundler adds esbuild time and output size per pack (every build, incl. refused ones).
    const concurrency = COMPILE_CONCURRENCY.default;
    const discovered = await discoverPacks({ roots: [root] });
    const order = discovered.packs.flatMap((p) => p.modules.filter((m) => m.declaration.kind === "guest").map((m) => m.specifier));
    const completions = [];
    const finished = new Map();
    let startAt = 0;
    const onProgress = (e) => {
      const now = performance.now();
      if (e.type === "start") startAt = now;
      if (e.type === "module") {
        completions.push(now);
        finished.set(e.specifier, now);
      }
    };
    const builds = new Map(); // pack real root → { ms, size }
    const bundler = {
      version: esbuildBundler.version,
      build: async (options) => {
        const t = performance.now();
        try {
          const result = await esbuildBundler.build(options);
          const js = result.outputFiles?.find((o) => o.path.endsWith(".js"));
          const b = builds.get(options.absWorkingDir) ?? { ms: 0, size: undefined };
          b.ms += performance.now() - t;
          if (js) {
            b.size = js.contents.byteLength;
            b.code = js.text;
          }
          builds.set(options.absWorkingDir, b);
          return result;
        } catch (e) {
          const b = builds.get(options.absWorkingDir) ?? { ms: 0, size: undefined };
          b.ms += performance.now() - t;
          builds.set(options.absWorkingDir, b);
          throw e;
        }
      },
    };

    const t0 = performance.now();
    const result = await compileWithSandbox({ roots: [root], cacheDir, onProgress, bundler });
    const compileMs = performance.now() - t0;
    const began = new Map(order.map((spec, k) => [spec, k < concurrency ? startAt : completions[k - concurrency]]));

    const admitted = new Map(result.catalog.modules.map((m) => [m.specifier, m]));
    const refused = new Map(result.catalog.refused.map((m) => [m.specifier, m]));

    // "Probe anyway": a refused module whose build produced a bundle (a scan finding, a kept-external builtin)
    // is loaded in a fresh guest all the same, to tell refusals the guest would confirm (top-level use of a
    // missing API, an unresolvable builtin import) from ones only the static checks make.
    const anyway = new Map();
    const { probe, close } = createSandboxProbe();
    try {
      for (const lib of libraries) {
        const spec = `@admission/${safeName(lib)}`;
        const code = builds.get(path.join(root, safeName(lib)))?.code;
        if (admitted.has(spec) || code === undefined) continue;
        const r = await probe(code, spec).catch((e) => ({ ok: false, message: String(e?.message ?? e) }));
        anyway.set(spec, r.ok ? `loads (${r.exports.length} exports)` : `fails: ${oneLine(r.message, 60)}`);
      }
    } finally {
      await close();
    }

    const native = await compareWithNative({
      libraries,
      admitted,
      installDir,
      specOf: (lib) => `@admission/${safeName(lib)}`,
      importOf,
    });

    const rows = [["library", "version", "status", "code", "reason", "bundle", "exports", "esbuild", "time", "probe anyway", "vs native"]];
    const perCode = new Map();
    const details = [];
    for (const lib of libraries) {
      const safe = safeName(lib);
      const spec = `@admission/${safe}`;
      const packRoot = path.join(root, safe);
      const build = builds.get(packRoot);
      const ok = admitted.get(spec);
      const no = refused.get(spec);
      const time = finished.has(spec) && began.get(spec) !== undefined ? finished.get(spec) - began.get(spec) : undefined;
      if (ok) {
        const v = native.get(spec);
        rows.push([importOf(lib), lib.version, "admitted", "", "", kb(ok.size), String(ok.exports.length), shortMs(build?.ms), shortMs(time), "", v ? v.verdict : "-"]);
      } else {
        const code = no?.code ?? "(missing from catalog)";
        perCode.set(code, (perCode.get(code) ?? 0) + 1);
        rows.push([importOf(lib), lib.version, "skipped", code, oneLine(no?.message, 100), kb(build?.size), "-", shortMs(build?.ms), shortMs(time), anyway.get(spec) ?? "-", ""]);
        const diags = result.diagnostics.filter((d) => d.specifier === spec && d.severity === "error");
        details.push({ lib: importOf(lib), expect: lib.expect, code, message: no?.message, diagnostics: diags });
      }
    }
    table(rows);
    const total = libraries.length;
    const matching = [...native.values()].filter((v) => v.verdict === "matches").length;
    console.log(`admitted ${admitted.size} / ${total} (${((100 * admitted.size) / total).toFixed(1)}%), skipped ${total - admitted.size}; admitted and returning what the library returns natively: ${matching} / ${total}`);
    for (const [spec, v] of native) {
      if (v.verdict !== "matches") console.log(`  ${spec}: ${v.verdict} — guest ${v.guest ?? "-"} | native ${v.native ?? "-"}`);
    }
    for (const [code, n] of [...perCode].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) console.log(`  ${code}: ${n}`);
    const warnings = new Map();
    for (const d of result.diagnostics) if (d.severity === "warning") warnings.set(d.code, (warnings.get(d.code) ?? 0) + 1);
    if (warnings.size) console.log(`warnings: ${[...warnings].map(([c, n]) => `${c} ${n}`).join(", ")}`);
    const loads = [...anyway].filter(([, v]) => v.startsWith("loads"));
    console.log(
      `refused modules that load in a guest all the same (static-check refusals the probe would not confirm): ${loads.length} / ${anyway.size}` +
        (loads.length ? ` — ${loads.map(([spec]) => importOf(libraries.find((l) => `@admission/${safeName(l)}` === spec))).join(", ")}` : ""),
    );
    const s = result.stats;
    console.log(
      `\ncompile: ${shortMs(compileMs)} wall (concurrency ${concurrency}), ${s.bundlerCalls} esbuild builds, ${shortMs(s.bundleMs)} in esbuild (summed)`,
    );
    const surprises = libraries.filter((l) => l.expect && l.expect !== (admitted.has(`@admission/${safeName(l)}`) ? "admitted" : "refused"));
    if (surprises.length) console.log(`differs from the list's expectation: ${surprises.map((l) => `${importOf(l)} (expected ${l.expect})`).join(", ")}`);
    if (process.env.ADMISSION_DETAILS) {
      console.log("\nrefusal details:");
      for (const d of details) {
        console.log(`- ${d.lib} [${d.code}] ${oneLine(d.message, 400)}`);
        for (const g of d.diagnostics.slice(0, 6)) {
          console.log(`    ${g.code}: ${oneLine(g.message, 300)}${g.origin ? ` @ ${JSON.stringify(g.origin)}` : ""}`);
        }
      }
    }
    console.log();
    return { libraries: total, admitted: admitted.size, matching, perCode: Object.fromEntries(perCode), installMs, compileMs, result };
  } finally {
    if (!keep) await rm(temp, { recursive: true, force: true });
    else console.log(`kept ${temp}`);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await admissionBench({ keep: process.env.ADMISSION_KEEP === "1" });
}
