// Direct WASM calls made synchronously (direct.ts admit/makeNow/later, what the runtime's local calls use): a call is
// counted when it is admitted, made at once when its binary and executor are ready, and never ahead of a call still
// on its way as a promise.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DirectWasm, NOT_NOW, type DirectWasmModule } from "../src/wasm/direct.js";
import { D, STATE_WAT, build, codeOf } from "./wasm-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "capsule-direct-now-"));
let state: DirectWasmModule;
let direct: DirectWasm | undefined;
afterEach(() => direct?.close());

beforeAll(async () => {
  const { binary } = await build("now-state", STATE_WAT);
  const file = join(dir, "state.wasm");
  writeFileSync(file, binary);
  state = { specifier: "@t/state", file, sha256: createHash("sha256").update(binary).digest("hex"), exports: { bump: D._i, write: D.i_, read: D._i }, budget: { inFlight: 2 } };
});

/** A DirectWasm whose executor has started (as the runtime's prepareWorkerModules leaves it). */
async function started(): Promise<DirectWasm> {
  direct = new DirectWasm();
  await direct.ready();
  return direct;
}

const threw = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe("direct wasm calls made at once", () => {
  it("are answered synchronously once the executor has started, each from a fresh instance", async () => {
    const run = (await started()).openRun({ "wasm:state": state });
    for (let i = 0; i < 3; i++) expect(run.makeNow(run.admit("wasm:state", "bump", []))).toEqual({ value: 1 });
    expect(run.makeNow(run.admit("wasm:state", "write", [5]))).toEqual({ value: undefined });
  });

  it("count a call against the in-flight budget from its admission, not from when it is made", async () => {
    const run = (await started()).openRun({ "wasm:state": state });
    const first = run.admit("wasm:state", "bump", []);
    const second = run.admit("wasm:state", "bump", []);
    // Two admitted and not made: a third is one too many (inFlight 2), as Promise.all over three calls would be.
    expect(threw(() => run.admit("wasm:state", "bump", []))).toBe("wasm-budget-in-flight");
    expect(run.makeNow(first)).toEqual({ value: 1 });
    expect(run.makeNow(second)).toEqual({ value: 1 });
    expect(run.makeNow(run.admit("wasm:state", "bump", []))).toEqual({ value: 1 });
  });

  it("are not made ahead of a call still on its way as a promise", async () => {
    // The executor is up, so a call could be made now; but one made with later() is still on its way (it waits for
    // the calls before it over a promise turn), and a call made after it must not overtake it.
    const run = (await started()).openRun({ "wasm:state": state });
    const answered: string[] = [];
    const made = run.later(run.admit("wasm:state", "write", [7])).then(() => answered.push("first"));
    const second = run.admit("wasm:state", "bump", []);
    expect(run.makeNow(second)).toBe(NOT_NOW);
    const after = run.later(second).then((value) => answered.push(`second ${value}`));
    await Promise.all([made, after]);
    expect(answered).toEqual(["first", "second 1"]);
    expect(run.makeNow(run.admit("wasm:state", "bump", []))).toEqual({ value: 1 });
  });

  it("refuse a binary that no longer matches its digest, read synchronously", async () => {
    const run = (await started()).openRun({ "wasm:bad": { ...state, sha256: "0".repeat(64) } });
    const call = run.admit("wasm:bad", "bump", []);
    expect(threw(() => run.makeNow(call))).toBe("wasm-module-invalid");
    // Refused, it no longer counts as in flight.
    run.admit("wasm:bad", "bump", []);
    run.admit("wasm:bad", "bump", []);
  });

  it("are cancelled once their run ended, made now or later", async () => {
    const run = (await started()).openRun({ "wasm:state": state });
    const now = run.admit("wasm:state", "bump", []);
    const later = run.admit("wasm:state", "bump", []);
    run.end();
    expect(threw(() => run.makeNow(now))).toBe("wasm-cancelled");
    expect(await codeOf(run.later(later))).toBe("wasm-cancelled");
    expect(threw(() => run.admit("wasm:state", "bump", []))).toBe("wasm-cancelled");
  });
});
