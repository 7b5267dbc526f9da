// A loopback npm registry for the CLI's tests (not a test file): packuments and tarballs built here with `npm pack`,
// every request logged, and tarball responses that can be held back (stalled) until a test lets them go — so a test
// can kill an install while npm is waiting for bytes. Never the public network.

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { CLI, tempDir } from "./helpers.js";

interface Version {
  name: string;
  version: string;
  file: string;
  bytes: Buffer;
}

export interface FixtureRegistry {
  url: string;
  /** `npm pack` of a folder written from `files` (package.json made from name, version and `manifest`). */
  publish(name: string, version: string, manifest: Record<string, unknown>, files: Record<string, string>): void;
  /**
   * Hold tarball responses (of `name` only, when given) until release() drops them or deliver() sends them;
   * `requested` resolves when the first held request arrives.
   */
  stallTarballs(name?: string): { requested: Promise<void>; release(): void; deliver(): void };
  requests: string[];
  /** npm environment pointing at this registry, with a fresh cache and no retries. */
  env(): NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function fixtureRegistry(): Promise<FixtureRegistry> {
  const work = tempDir("capsule-fixture-registry-");
  const versions: Version[] = [];
  const requests: string[] = [];
  let stall: { name?: string; held: Array<{ res: ServerResponse; send: () => void }>; arrived: () => void; released: boolean } | undefined;
  let url = "";
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const tarball = versions.find((v) => path === `/tarballs/${v.file}`);
    if (tarball) {
      const send = () => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball.bytes);
      };
      if (stall && !stall.released && (stall.name === undefined || stall.name === tarball.name)) {
        stall.held.push({ res, send }); // answered by deliver(), or dropped by release()
        stall.arrived();
        return;
      }
      return send();
    }
    const name = path.slice(1);
    const mine = versions.filter((v) => v.name === name);
    if (!mine.length) return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    const packument = {
      name,
      "dist-tags": { latest: mine[mine.length - 1]!.version },
      versions: Object.fromEntries(
        mine.map((v) => [
          v.version,
          {
            name,
            version: v.version,
            dist: { tarball: `${url}/tarballs/${v.file}`, integrity: `sha512-${createHash("sha512").update(v.bytes).digest("base64")}`, shasum: createHash("sha1").update(v.bytes).digest("hex") },
          },
        ]),
      ),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(packument));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    publish(name, version, manifest, files) {
      const dir = join(work, `${name.replace(/[@/]/g, "_")}-${version}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, type: "module", ...manifest }));
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(join(dir, file, ".."), { recursive: true });
        writeFileSync(join(dir, file), text);
      }
      const packed = spawnSync("npm", ["pack", dir, "--pack-destination", work, "--loglevel=error"], { cwd: work, encoding: "utf8" });
      if (packed.status !== 0) throw new Error(packed.stderr);
      const file = packed.stdout.trim().split("\n").pop()!;
      versions.push({ name, version, file, bytes: readFileSync(join(work, file)) });
    },
    stallTarballs(name) {
      let arrived!: () => void;
      const requested = new Promise<void>((resolve) => (arrived = resolve));
      const s = { name, held: [] as Array<{ res: ServerResponse; send: () => void }>, arrived, released: false };
      stall = s;
      const end = (how: "drop" | "send") => {
        s.released = true;
        for (const h of s.held) (how === "drop" ? h.res.destroy() : h.send());
        if (stall === s) stall = undefined;
      };
      return { requested, release: () => end("drop"), deliver: () => end("send") };
    },
    env: () => ({ npm_config_registry: `${url}/`, npm_config_cache: tempDir("capsule-npm-cache-"), npm_config_fetch_retries: "0" }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Running {
  pid: number;
  /** Resolves on the first stderr line matching `pattern`. */
  stderrLine(pattern: RegExp): Promise<string>;
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** The CLI in a child process that does not block this one (the registry answers from here), in its own process group. */
export function capsuleAsync(args: string[], env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, CAPSULE_PACK_PATH: "", ...env }, detached: true });
  let stdout = "";
  let stderr = "";
  const watchers: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => {
    stderr += c;
    for (const w of [...watchers]) {
      const line = stderr.split("\n").find((l) => w.pattern.test(l));
      if (line !== undefined) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const done = new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  return {
    pid: child.pid!,
    stderrLine: (pattern) =>
      new Promise((resolve) => {
        const line = stderr.split("\n").find((l) => pattern.test(l));
        if (line !== undefined) resolve(line);
        else watchers.push({ pattern, resolve });
      }),
    done,
  };
}
