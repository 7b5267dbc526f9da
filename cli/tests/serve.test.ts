// `capsule serve` as a process: the catalog over HTTP with token grants, the playground, SIGTERM; and following
// its files — a rotated tokens file, and packs installed by another command — without a restart.
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleAsync, serve, tempDir, tempHome } from "./helpers.js";

/** Polls `check` (every 200 ms, up to 10 s) until it holds. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 200));
}

describe("capsule serve", () => {
  it("serves the compiled catalog over HTTP with token grants, and stops on SIGTERM", async () => {
    const tokens = join(tempDir(), "tokens.json");
    writeFileSync(tokens, JSON.stringify({ t1: ["@capsule/yaml"] }));
    const { url, child } = await serve(["--home", tempHome(), "--tokens", tokens]);
    try {
      const index = (await (await fetch(`${url}/catalog`, { headers: { authorization: "Bearer t1" } })).json()) as { modules: Array<{ specifier: string }> };
      expect(index.modules.map((m) => m.specifier)).toEqual(["@capsule/yaml"]);
      expect((await fetch(`${url}/catalog`)).status).toBe(401);
      // The playground needs no token; the catalog routes it calls still do.
      const playground = await fetch(`${url}/playground/`);
      expect(playground.status).toBe(200);
      expect(await playground.text()).toContain("Capsule playground");
      expect((await fetch(`${url}/playground/quickjs.wasm`)).headers.get("content-type")).toBe("application/wasm");
    } finally {
      child.kill("SIGTERM");
    }
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
  }, 240_000);
});

describe("capsule serve after its tokens file changes", () => {
  it("grants what the rotated file says, and keeps the previous grants when the new file is malformed", async () => {
    const tokens = join(tempDir(), "tokens.json");
    writeFileSync(tokens, JSON.stringify({ old: ["@capsule/yaml"] }));
    const serving = await serve(["--home", tempHome(), "--tokens", tokens]);
    const status = async (token: string) => (await fetch(`${serving.url}/catalog`, { headers: { authorization: `Bearer ${token}` } })).status;
    try {
      expect(await status("old")).toBe(200);
      writeFileSync(tokens, JSON.stringify({ new: ["@capsule/decimal"] }));
      await eventually(async () => (await status("new")) === 200);
      expect(await status("new")).toBe(200);
      expect(await status("old")).toBe(401);
      expect(serving.out()).toMatch(/tokens reloaded: 1 token/);
      writeFileSync(tokens, "{ not json");
      await eventually(() => serving.err().includes("still using the previous tokens"));
      expect(serving.err()).toContain("still using the previous tokens");
      expect(await status("new")).toBe(200);
    } finally {
      serving.child.kill("SIGTERM");
    }
  }, 240_000);
});

describe("capsule serve after packs change", () => {
  it("serves a pack installed by another command, and runs programs importing it (POST /run), without a restart", async () => {
    const home = tempHome();
    const pack = join(tempDir(), "greet");
    mkdirSync(join(pack, "src"), { recursive: true });
    writeFileSync(join(pack, "package.json"), JSON.stringify({ name: "@acme/greet", version: "1.0.0", type: "module", capsule: { modules: { ".": { kind: "guest", source: "src/index.js" } } } }));
    writeFileSync(join(pack, "src", "index.js"), 'export const greet = (n) => "hello " + n;');
    const serving = await serve(["--home", home]);
    const specifiers = async () => ((await (await fetch(`${serving.url}/catalog`)).json()) as { modules: Array<{ specifier: string }> }).modules.map((m) => m.specifier);
    const run = async () => {
      const res = await fetch(`${serving.url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ source: 'import { greet } from "@acme/greet";\nreturn greet("capsule");' }) });
      return (await res.json()) as { ok: boolean; error?: { code: string }; result: { json: string } };
    };
    try {
      expect(await specifiers()).not.toContain("@acme/greet");
      // The run sandbox starts here, over the catalog without the pack.
      expect((await run()).error?.code).toBe("E_IMPORT_UNRESOLVED");
      // Not spawnSync: a blocked event loop would keep a pooled keep-alive socket the server has since closed.
      const installed = await capsuleAsync(["packs", "install", pack, "--home", home], { env: { npm_config_offline: "true" } });
      expect(installed.status).toBe(0);
      await eventually(async () => (await specifiers()).includes("@acme/greet"));
      expect(await specifiers()).toContain("@acme/greet");
      expect(serving.out()).toMatch(/catalog reloaded: \d+ modules/);
      expect((await fetch(`${serving.url}/modules/@acme/greet`)).status).toBe(200);
      // The reloaded catalog reaches POST /run too: a new sandbox over it.
      const after = await run();
      expect(after.ok).toBe(true);
      expect(JSON.parse(after.result.json).v.value).toBe("hello capsule");
    } finally {
      serving.child.kill("SIGTERM");
    }
  }, 240_000);
});

describe("capsule serve without tokens", () => {
  it("runs programs only for its own pages, by its own address: another page's Origin and a rebound Host are refused", async () => {
    const serving = await serve(["--home", tempHome()]);
    const { hostname: address, port } = new URL(serving.url);
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: address, port, path: "/run", method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        });
        req.on("error", reject);
        req.end(JSON.stringify({ source: "return 6 * 7" }));
      });
    try {
      const own = `${address}:${port}`;
      expect((await post({ host: own })).status).toBe(200);
      expect((await post({ host: own, origin: `http://${own}` })).status).toBe(200);
      expect((await post({ host: `localhost:${port}` })).status).toBe(200);
      for (const headers of <Record<string, string>[]>[{ host: own, origin: "https://evil.example" }, { host: own, origin: "null" }, { host: `rebound.evil.example:${port}` }]) {
        const refused = await post(headers);
        expect([refused.status, JSON.parse(refused.body).code]).toEqual([403, "origin-not-allowed"]);
      }
      // What any page may read of an open server stays readable across origins: its catalog.
      expect((await fetch(`${serving.url}/catalog`, { headers: { origin: "https://embedder.example" } })).headers.get("access-control-allow-origin")).toBe("*");
    } finally {
      serving.child.kill("SIGTERM");
    }
  }, 120_000);
});
