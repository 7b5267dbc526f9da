// Installing a pack by npm name and version range, through the real npm client, from a fixture registry the test
// serves on loopback (packuments and tarballs it builds with `npm pack`): the highest version in range is chosen,
// and the ledger records npm's resolved tarball URL and integrity. Never the public network.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capsule, CLI, tempDir, tempHome, spawnAsync } from "./helpers.js";

const NAME = "@acme/greet";
const work = tempDir("capsule-registry-");
const tarballs = new Map<string, Buffer>();
let registry: string;
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  if (path === `/${NAME}`) {
    res.writeHead(200, { "content-type": "application/json" });
    return res.end(JSON.stringify(packument()));
  }
  const tarball = tarballs.get(path.replace(/^\/tarballs\//, ""));
  if (tarball) {
    res.writeHead(200, { "content-type": "application/octet-stream" });
    return res.end(tarball);
  }
  res.writeHead(404, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: "not found" }));
});

function packument() {
  const versions: Record<string, unknown> = {};
  for (const [file, bytes] of tarballs) {
    const version = /-(\d+\.\d+\.\d+)\.tgz$/.exec(file)![1];
    versions[version] = {
      name: NAME,
      version,
      dist: {
        tarball: `${registry}/tarballs/${file}`,
        integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
        shasum: createHash("sha1").update(bytes).digest("hex"),
      },
    };
  }
  return { name: NAME, "dist-tags": { latest: "2.0.0" }, versions };
}

/** `npm pack` of a pack whose greeting names its version. */
async function publish(version: string): Promise<void> {
  const dir = join(work, `greet-${version}`);
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: NAME, version, type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
  writeFileSync(join(dir, "src", "index.js"), `export const greet = (n) => "hello " + n + " from ${version}";`);
  const packed = await spawnAsync("npm", ["pack", dir, "--pack-destination", work, "--loglevel=error"], { cwd: work });
  if (packed.status !== 0) throw new Error(packed.stderr);
  const file = packed.stdout.trim().split("\n").pop()!;
  tarballs.set(file, readFileSync(join(work, file)));
}

/** The CLI in a child process that does not block this one (the registry answers from here). */
function capsuleAsync(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CAPSULE_PACK_PATH: "", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const version of ["1.0.0", "1.1.0", "2.0.0"]) await publish(version);
}, 240_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("capsule packs install from a registry", () => {
  it("installs the highest version in range and records npm's resolved URL and integrity", async () => {
    const home = tempHome();
    const env = { npm_config_registry: `${registry}/`, npm_config_cache: tempDir("capsule-npm-cache-") };
    const out = await capsuleAsync(["packs", "install", `${NAME}@^1.0.0`, "--home", home], env);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain(`installed ${NAME}@1.1.0`);
    const entry = JSON.parse(readFileSync(join(home, "ledger.json"), "utf8")).packs[NAME];
    const tarball = tarballs.get("acme-greet-1.1.0.tgz")!;
    expect(entry).toMatchObject({
      version: "1.1.0",
      resolved: `${registry}/tarballs/acme-greet-1.1.0.tgz`,
      integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
    });
    const run = await capsule(["run", "-", "--home", home], { input: `import { greet } from "${NAME}"; return greet("you")` });
    expect(run.stdout).toContain("hello you from 1.1.0");
  }, 240_000);

  it("refuses a tarball whose bytes do not match the registry's integrity, and installs nothing", async () => {
    const home = tempHome();
    const file = "acme-greet-1.0.0.tgz";
    const original = tarballs.get(file)!;
    // The packument still advertises the original's integrity; the bytes served are another version's.
    const advertised = packument();
    tarballs.set(file, tarballs.get("acme-greet-2.0.0.tgz")!);
    const pinned = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
      if (path === `/${NAME}`) {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify(advertised).replaceAll(registry, `http://127.0.0.1:${(pinned.address() as AddressInfo).port}`));
      }
      res.writeHead(200);
      res.end(tarballs.get(path.replace(/^\/tarballs\//, "")));
    });
    await new Promise<void>((resolve) => pinned.listen(0, "127.0.0.1", resolve));
    try {
      // No retries: npm would otherwise back off and try again for a minute before giving up.
      const env = { npm_config_registry: `http://127.0.0.1:${(pinned.address() as AddressInfo).port}/`, npm_config_cache: tempDir("capsule-npm-cache-"), npm_config_fetch_retries: "0" };
      const out = await capsuleAsync(["packs", "install", `${NAME}@1.0.0`, "--home", home], env);
      expect(out.status).not.toBe(0);
      expect(out.stderr).toMatch(/integrity|EINTEGRITY/i);
      expect((await capsule(["packs", "list", "--home", home])).stdout).not.toContain(NAME);
    } finally {
      tarballs.set(file, original);
      await new Promise<void>((resolve) => pinned.close(() => resolve()));
    }
  }, 240_000);
});
