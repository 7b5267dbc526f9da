import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, tempDir, tempHome } from "./helpers.js";

describe("capsule serve", () => {
  it("serves the compiled catalog over HTTP with token grants, and stops on SIGTERM", async () => {
    const tokens = join(tempDir(), "tokens.json");
    writeFileSync(tokens, JSON.stringify({ t1: ["@capsule/yaml"] }));
    const child = spawn(process.execPath, [CLI, "serve", "--port", "0", "--home", tempHome(), "--tokens", tokens], { env: { ...process.env, CAPSULE_PACK_PATH: "" } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
          const match = /(http:\/\/\S+)\/catalog/.exec(out);
          if (match) resolve(match[1]);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}`)));
      });
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
  }, 120_000);
});
