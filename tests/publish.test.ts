// Owns the check that Capsule is publishable: every package packed with `pnpm pack`, the tarballs served by a loopback
// registry (with the third-party packages from the repository's pnpm install: tests/support/store-registry.mjs),
// `npm install -g @capsule/cli` into an empty prefix outside the repository, then the user's first commands from
// there (`capsule run` of a program importing shipped packs, `capsule packs compile`, `capsule serve`), the OCR data
// as an optional install, and the browser runner's types. Also `pnpm exec capsule` and `npx capsule` in the
// repository. Refuses nothing; nothing reaches the network (the registry is on 127.0.0.1, npm's cache is a temp dir).
import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStoreRegistry, type OwnTarball, type StoreRegistry } from "./support/store-registry.mjs";

const REPO = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
const PACKAGES = ["runtime", "host-modules", "registry", "compiler", "mcp", "queue", "cli", "browser", ...readdirSync(join(REPO, "packs")).map((p) => `packs/${p}`)];
const BUILT = ["cli/dist/main.js", "runtime/dist/index.js", "browser/dist/capsule-browser.js", "browser/types/index.d.ts"];
const MINUTE = 60_000;

interface Done {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A child process that does not block the test worker (the registry answers from this process). */
function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Done> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO, env: options.env ?? process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** pnpm 9's CLI file: the one running this test, else the copy `npx -y pnpm@9` (README, .ci/run) left in npm's cache. */
function pnpmCli(): string[] {
  const own = process.env.npm_execpath;
  if (own && /pnpm/.test(own) && existsSync(own)) return [process.execPath, own];
  const npx = join(homedir(), ".npm", "_npx");
  for (const dir of existsSync(npx) ? readdirSync(npx) : []) {
    const pkg = join(npx, dir, "node_modules", "pnpm");
    try {
      if (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).version.startsWith("9.")) return [process.execPath, join(pkg, "bin", "pnpm.cjs")];
    } catch {
      // not this one
    }
  }
  return ["npx", "--offline", "-y", "pnpm@9"];
}

/** The package.json inside a tarball (tar's header: name at 0, size in octal at 124; 512-byte blocks). */
function manifestOf(tgz: Buffer): OwnTarball["manifest"] {
  const bytes = gunzipSync(tgz);
  for (let at = 0; at + 512 <= bytes.length; ) {
    const name = bytes.subarray(at, at + 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(bytes.subarray(at + 124, at + 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
    if (name === "package/package.json") return JSON.parse(bytes.subarray(at + 512, at + 512 + size).toString("utf8"));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error("no package/package.json in the tarball");
}

/** Runs `jobs` at most `width` at a time. */
async function limited<T>(width: number, jobs: Array<() => Promise<T>>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  }));
  return out;
}

const work = mkdtempSync(join(tmpdir(), "capsule-publish-"));
const prefix = join(work, "prefix");
const home = join(work, "home");
const installed = join(prefix, "lib", "node_modules", "@capsule", "cli");
const capsuleBin = join(prefix, "bin", "capsule");
const own = new Map<string, OwnTarball>();
let registry: StoreRegistry;

/**
 * A user's environment, not the repository's: no npm_config_* and no NODE_PATH (a pnpm bin shim exports one naming
 * the repository's node_modules, which let the installed CLI resolve the repository's OCR data), and PATH without
 * the repository's folders.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith("npm_config_") && k !== "NODE_PATH"));
  env.PATH = (env.PATH ?? "").split(":").filter((p) => !p.startsWith(REPO)).join(":");
  return { ...env, CAPSULE_PACK_PATH: "" };
}

/** npm pointed at the loopback registry only: a fresh cache, an empty user config. */
function npmEnv(): NodeJS.ProcessEnv {
  writeFileSync(join(work, "npmrc"), "");
  return { ...userEnv(), npm_config_registry: `${registry.url}/`, npm_config_cache: join(work, "npm-cache"), npm_config_userconfig: join(work, "npmrc"), npm_config_fetch_retries: "2", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
}

const capsule = (args: string[], cwd = work) => run(capsuleBin, [...args, "--home", home], { cwd, env: userEnv() });

describe("the published packages, installed with npm outside the repository", () => {
  beforeAll(async () => {
    const missing = BUILT.filter((f) => !existsSync(join(REPO, f)));
    if (missing.length) throw new Error(`build first (npx -y pnpm@9 build): missing ${missing.join(", ")}`);
    const pnpm = pnpmCli();
    const packed = join(work, "tarballs");
    const results = await limited(3, PACKAGES.map((dir) => () => run(pnpm[0]!, [...pnpm.slice(1), "pack", "--pack-destination", packed], { cwd: join(REPO, dir) })));
    results.forEach((r, i) => expect(r.status, `pnpm pack in ${PACKAGES[i]}: ${r.stderr}`).toBe(0));
    for (const file of readdirSync(packed)) {
      const bytes = readFileSync(join(packed, file));
      const manifest = manifestOf(bytes);
      own.set(manifest.name, { manifest, bytes });
    }
    registry = await startStoreRegistry({ repo: REPO, own });
    const install = await run("npm", ["install", "--global", "--prefix", prefix, "@capsule/cli@0.1.0", "--loglevel=error"], { cwd: work, env: npmEnv() });
    expect(install.status, install.stderr).toBe(0);
  }, 20 * MINUTE);

  afterAll(async () => {
    await registry?.close();
    // ~210 MB installed: removed without blocking the worker (a long sync call times out vitest's RPC).
    await rm(work, { recursive: true, force: true });
  }, 5 * MINUTE);

  it("packs every package with a license, its files and no workspace or private markers", () => {
    expect([...own.keys()].sort()).toEqual(PACKAGES.map((dir) => JSON.parse(readFileSync(join(REPO, dir, "package.json"), "utf8")).name).sort());
    for (const { manifest } of own.values()) {
      const text = JSON.stringify(manifest);
      expect(text, manifest.name).not.toContain("workspace:");
      expect(manifest.private, manifest.name).toBeUndefined();
      expect(manifest.license, manifest.name).toBe("MIT");
      expect(Array.isArray(manifest.files), manifest.name).toBe(true);
      expect(manifest.exports, manifest.name).toBeTypeOf("object");
    }
    // A library's entries carry their types (the browser runner's come from tsc -p browser: browser/types).
    for (const name of ["@capsule/runtime", "@capsule/registry", "@capsule/compiler", "@capsule/mcp", "@capsule/queue", "@capsule/browser"]) {
      const root = (own.get(name)!.manifest.exports as Record<string, { types?: string }>)["."];
      expect(root?.types, name).toMatch(/\.d\.ts$/);
    }
    // The OCR language data is an optional peer: installing Capsule does not pull it.
    const hostModules = own.get("@capsule/host-modules")!.manifest as Record<string, Record<string, unknown>>;
    expect(hostModules.dependencies!["@tesseract.js-data/eng"]).toBeUndefined();
    expect(hostModules.peerDependenciesMeta!["@tesseract.js-data/eng"]).toEqual({ optional: true });
  });

  it("installs a capsule bin with a shebang, the shipped packs beside it, no OCR data and no path into the repository", () => {
    expect(statSync(capsuleBin).mode & 0o111).not.toBe(0);
    expect(readFileSync(realpathSync(capsuleBin), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const scope = join(installed, "node_modules", "@capsule");
    for (const pack of readdirSync(join(REPO, "packs"))) expect(existsSync(join(scope, pack, "SKILL.md")), pack).toBe(true);
    expect(existsSync(join(installed, "node_modules", "@tesseract.js-data", "eng"))).toBe(false);
    // Nothing installed of ours names the repository (a path that would only exist in the workspace).
    const ours = [installed, ...readdirSync(scope).map((p) => join(scope, p))];
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => (n === "node_modules" ? [] : lstatSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
    for (const file of ours.flatMap(files)) expect(readFileSync(file, "latin1").includes(REPO), file).toBe(false);
  });

  it("runs a program importing a guest, a host and a WASM pack (compiling the shipped packs on first use)", async () => {
    writeFileSync(
      join(work, "prog.ts"),
      [
        'import yaml from "@capsule/yaml";',
        'import { stringify } from "@capsule/csv";',
        'import { crc32 } from "@capsule/checksum";',
        'const doc = yaml.load("a: 1\\nb: [x, y]") as { a: number; b: string[] };',
        "return { doc, csv: await stringify([{ k: \"a\", v: doc.a }]), crc: await crc32(new TextEncoder().encode(\"abc\")) };",
      ].join("\n"),
    );
    const out = await capsule(["run", "prog.ts", "--seed", "1", "--now", "2026-01-01T00:00:00Z", "--timeout", "120000"]);
    expect(out.status, out.stderr + out.stdout).toBe(0);
    const value = JSON.parse(out.stdout.slice(out.stdout.indexOf("value:\n") + "value:\n".length));
    expect(value).toEqual({ doc: { a: 1, b: ["x", "y"] }, csv: "k,v\r\na,1", crc: 891568578 });
  }, 10 * MINUTE);

  it("type-checks that program with capsule check (the compiler's TypeScript and the packs' declarations, installed)", async () => {
    const out = await capsule(["check", "prog.ts"]);
    expect(out.status, out.stderr + out.stdout).toBe(0);
    writeFileSync(join(work, "wrong.ts"), 'import yaml from "@capsule/yaml";\nconst n: number = yaml.dump({ a: 1 });\nreturn n;\n');
    const wrong = await capsule(["check", "wrong.ts"]);
    expect(wrong.status, wrong.stderr + wrong.stdout).toBe(1);
    expect(wrong.stdout).toContain("error check-type");
  }, 10 * MINUTE);

  it("compiles the shipped packs with capsule packs compile", async () => {
    const out = await capsule(["packs", "compile"]);
    expect(out.status, out.stderr + out.stdout).toBe(0);
    for (const name of ["@capsule/yaml", "@capsule/dates", "@capsule/csv", "@capsule/checksum"]) expect(out.stdout, name).toContain(name);
  }, 10 * MINUTE);

  it("serves the catalog with capsule serve", async () => {
    const child = spawn(capsuleBin, ["serve", "--port", "0", "--home", home], { cwd: work, env: userEnv() });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let stdout = "";
        child.stdout.on("data", (c) => {
          stdout += c;
          const found = /at (http:\/\/127\.0\.0\.1:\d+)\/catalog/.exec(stdout);
          if (found) resolve(found[1]!);
        });
        child.on("close", (status) => reject(new Error(`capsule serve ended (${status}) before serving: ${stdout}`)));
      });
      const index = (await (await fetch(`${origin}/catalog`)).json()) as { modules: Array<{ specifier: string }> };
      const specifiers = index.modules.map((m) => m.specifier);
      expect(specifiers).toContain("@capsule/yaml");
      expect(specifiers).toContain("@capsule/csv");
      expect((await fetch(`${origin}/playground/`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  }, 10 * MINUTE);

  it("names the missing OCR data and its package, and works once that package is installed beside the CLI", async () => {
    writeFileSync(
      join(work, "ocr.ts"),
      'import { recognize } from "@capsule/ocr";\ntry { await recognize(new Uint8Array([1, 2, 3])); return "read"; } catch (e) { return (e as Error).message; }\n',
    );
    const ocr = async () => {
      const out = await capsule(["run", "ocr.ts", "--timeout", "120000"]);
      expect(out.status, out.stderr + out.stdout).toBe(0);
      return JSON.parse(out.stdout.slice(out.stdout.indexOf("value:\n") + "value:\n".length)) as string;
    };
    const missing = await ocr();
    expect(missing).toMatch(/^ocr-language-data-missing: /);
    expect(missing).toContain("npm install -g @tesseract.js-data/eng");
    // The hint, followed: the data package installed globally is found from the global CLI's host modules.
    const add = await run("npm", ["install", "--global", "--prefix", prefix, "@tesseract.js-data/eng@1.0.0", "--loglevel=error"], { cwd: work, env: npmEnv() });
    expect(add.status, add.stderr).toBe(0);
    expect(await ocr()).toMatch(/^image-format-unsupported: /);
  }, 10 * MINUTE);

  it("types the browser runner for a project that installs @capsule/browser", async () => {
    const project = join(work, "project");
    const install = await run("npm", ["install", "--prefix", project, "@capsule/browser@0.1.0", "--loglevel=error"], { cwd: work, env: npmEnv() });
    expect(install.status, install.stderr).toBe(0);
    writeFileSync(join(project, "page.ts"), 'import { createBrowserSandbox, ERROR_CODES } from "@capsule/browser";\nconst sandbox = createBrowserSandbox({ catalogUrl: "http://127.0.0.1:7300" });\nexport const codes: string[] = Object.keys(ERROR_CODES);\nexport const run: (source: string) => Promise<unknown> = (source) => sandbox.run({ source });\n');
    const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
    const out = await run(process.execPath, [tsc, "--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2024,dom", "page.ts"], { cwd: project });
    expect(out.status, out.stdout + out.stderr).toBe(0);
  }, 10 * MINUTE);

  it("reached nothing but the loopback registry for its packages", () => {
    expect(registry.requests.length).toBeGreaterThan(0);
    expect(registry.url.startsWith("http://127.0.0.1:")).toBe(true);
  });
});

describe("capsule in the repository", () => {
  const help = (out: Done) => {
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain("Usage: capsule");
  };

  it("runs as pnpm exec capsule and npx capsule from the root (the root's devDependency on the workspace CLI)", async () => {
    const bin = join(REPO, "node_modules", ".bin", "capsule");
    expect(existsSync(bin), "node_modules/.bin/capsule: run npx -y pnpm@9 install").toBe(true);
    const pnpm = pnpmCli();
    help(await run(pnpm[0]!, [...pnpm.slice(1), "exec", "capsule", "--help"]));
    // --no: npx must find the local bin, never download a package.
    help(await run("npx", ["--no", "--", "capsule", "--help"]));
  }, 5 * MINUTE);
});
