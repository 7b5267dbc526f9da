// `capsule run` honours a module's declared load budget: a pack whose module needs more CPU to load than the run's
// --cpu declares budget.cpuMs in its manifest, the compiler probes it with that budget and records it as loadCpuMs,
// and the run gives loading that much on top of --cpu — what the compiler admitted also runs. Without the
// declaration the same module ends the run with E_CPU_TIME, named as its modules' load budget. The same for
// `capsule serve`'s POST /run (the same sandbox over the catalog; `capsule worker` makes its sandbox the same way).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { decodeValue, encodedFromJson, type EncodedJson, type RunResult } from "../../runtime/src/index.js";
import { capsuleAsync, serve, tempDir, tempHome } from "./helpers.js";

// Tens of ms of QuickJS CPU on a fast machine, about a second on a loaded one: over --cpu 1, far under the budget.
const SLOW_MODULE = "let x = 0;\nfor (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;\nexport const loaded = \"loaded \" + (x !== 0.5);\n";

function packsRoot(budget?: number): string {
  const root = join(tempDir(), "packs");
  mkdirSync(join(root, "slow", "src"), { recursive: true });
  const module = { kind: "guest", source: "src/index.js", ...(budget ? { budget: { cpuMs: budget } } : {}) };
  writeFileSync(join(root, "slow", "package.json"), JSON.stringify({ name: "@cli-fixture/slow-load", version: "1.0.0", type: "module", capsule: { modules: { ".": module } } }));
  writeFileSync(join(root, "slow", "src", "index.js"), SLOW_MODULE);
  return root;
}

function runWith(root: string) {
  const program = join(tempDir(), "load.js");
  writeFileSync(program, 'import { loaded } from "@cli-fixture/slow-load";\nreturn loaded;\n');
  return capsuleAsync(["run", program, "--value", "--packs", root, "--cpu", "1", "--timeout", "60000"], { env: { CAPSULE_HOME: tempHome() } });
}

describe("capsule run and a module's load budget", () => {
  test("loads a module within the budget.cpuMs its manifest declares, on top of --cpu", async () => {
    const ran = await runWith(packsRoot(20_000));
    expect(ran.stderr).not.toContain("E_CPU_TIME");
    expect(ran.stdout.trim()).toBe("loaded true");
    expect(ran.status).toBe(0);
  }, 240_000);

  test("ends the run with E_CPU_TIME, named as the modules' load budget, when the module declares none", async () => {
    const ran = await runWith(packsRoot());
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("E_CPU_TIME");
    expect(ran.stderr).toMatch(/imported modules exceeded their CPU budget for loading/);
  }, 240_000);
});

/** POSTs the program to a `capsule serve` over `root` (no tokens: local use) and returns the run's error code, or its value. */
async function serveRun(root: string): Promise<string> {
  const { url, child } = await serve(["--home", tempHome()], root);
  try {
    const source = 'import { loaded } from "@cli-fixture/slow-load";\nreturn loaded;';
    const res = await fetch(`${url}/run`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ source, limits: { cpuMs: 1, wallMs: 60_000 } }) });
    const body = (await res.json()) as { result?: EncodedJson; code?: string; message?: string };
    if (!body.result) return `${body.code}: ${body.message}`;
    const result = decodeValue(encodedFromJson(body.result)) as RunResult;
    return result.ok ? String(result.value) : result.error.code;
  } finally {
    child.kill("SIGTERM");
  }
}

describe("capsule serve's POST /run and a module's load budget", () => {
  test("loads a module within its declared budget.cpuMs, and ends one that declares none with E_CPU_TIME", async () => {
    expect(await serveRun(packsRoot(20_000))).toContain("loaded true");
    expect(await serveRun(packsRoot())).toBe("E_CPU_TIME");
  }, 240_000);
});
