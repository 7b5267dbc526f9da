// WorkerStart.wasmTierUp: false (the CLI's one-shot `run`) sets V8's --liftoff-only in the worker, before the engine's
// WASM is compiled; left out or true, the process's flags are untouched. Each case runs in a process of its own, since
// V8's flags are the whole process's; the guest's answer is the same under either compiler.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const fixture = fileURLToPath(new URL("./fixtures/wasm-tier.mjs", import.meta.url));

function runFixture(tierUp: string): Promise<{ value: unknown; flagsChanged: boolean }> {
  const child = spawn(process.execPath, [fixture, tierUp]);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => child.on("close", (status) => (status === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`exit ${status}: ${stderr}`)))));
}

// The guest's sum, computed here.
let expected = 0;
for (let i = 0; i < 1e5; i++) expected = (expected + i * i) % 1000003;

describe("the engine's WASM tiering", () => {
  it("is V8's baseline compiler alone for a worker started with wasmTierUp: false", async () => {
    expect(await runFixture("false")).toEqual({ value: expected, flagsChanged: true });
  }, 120_000);

  it("is left to V8 when wasmTierUp is true or not given", async () => {
    expect(await runFixture("true")).toEqual({ value: expected, flagsChanged: false });
    expect(await runFixture("default")).toEqual({ value: expected, flagsChanged: false });
  }, 120_000);
});
