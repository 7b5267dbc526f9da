// A one-shot run() adopts the worker prestartRunWorker() started (the CLI starts it before parsing its arguments),
// and only when it is the pool run() would have made; one that does not fit is closed, never left for later.
// Threads are counted only where every pool before was closed and awaited (a pool closed unawaited may still start).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { run, type ModuleResolver, type RunResult } from "../src/index.js";
import { prestartRunWorker, takePrestarted } from "../src/prestart.js";

const counted = new URL("./fixtures/counted-worker.mjs", import.meta.url).href;
const starts = join(mkdtempSync(join(tmpdir(), "capsule-prestart-")), "starts");
process.env.CAPSULE_TEST_STARTS = starts;
const threadsStarted = () => readFileSync(starts, "utf8").split("\n").filter(Boolean).length;
const poolOf = (result: RunResult) => result.logs.map((entry) => entry.message).filter((m) => m.startsWith("pool warm"));
const resolver: ModuleResolver = { resolve: (specifier) => (specifier === "@test/n" ? { specifier, source: "export const n = 5;" } : undefined) };

describe("a prestarted run worker", () => {
  beforeEach(() => writeFileSync(starts, ""));

  it("is the one worker of the next one-shot run that fits it", async () => {
    prestartRunWorker({ workerFile: counted });
    const result = await run({ source: "return 6 * 7" }, { workerFile: counted });
    expect(result.ok && result.value).toBe(42);
    expect(threadsStarted()).toBe(1);
  }, 120_000);

  it("started unwarmed, runs a program that imports; a program that does not gets a warmed worker of its own", async () => {
    prestartRunWorker({ workerFile: counted, warm: false });
    const importing = await run({ source: 'import { n } from "@test/n";\nreturn n', resolver }, { workerFile: counted });
    expect(importing.ok && importing.value).toBe(5);
    expect(poolOf(importing)).toEqual(["pool warm: false"]);
    expect(threadsStarted()).toBe(1);
    prestartRunWorker({ workerFile: counted, warm: false });
    const plain = await run({ source: "return 1" }, { workerFile: counted });
    expect(plain.ok && plain.value).toBe(1);
    expect(poolOf(plain)).toEqual(["pool warm: true"]);
  }, 120_000);

  it("is not taken by a run of another worker file, of more workers or of another engine cache", async () => {
    prestartRunWorker({ workerFile: counted });
    const elsewhere = await run({ source: "return 3" });
    expect(elsewhere.ok && elsewhere.value).toBe(3);
    expect(poolOf(elsewhere)).toEqual([]);
    prestartRunWorker({ workerFile: counted });
    expect(takePrestarted({ workerFile: counted, maxWorkers: 2, warm: true })).toBeUndefined();
    // Nor by one whose workers keep their template image elsewhere (or nowhere).
    prestartRunWorker({ workerFile: counted, imageDir: "/nowhere/a" });
    expect(takePrestarted({ workerFile: counted, warm: true, imageDir: "/nowhere/b" })).toBeUndefined();
    prestartRunWorker({ workerFile: counted, imageDir: "/nowhere/a" });
    expect(takePrestarted({ workerFile: counted, warm: true })).toBeUndefined();
    // Nor is it kept for later: the pool that did not fit was closed, and the next fitting run makes its own.
    expect(takePrestarted({ workerFile: counted, warm: true })).toBeUndefined();
    const later = await run({ source: "return 4" }, { workerFile: counted });
    expect(later.ok && later.value).toBe(4);
    expect(poolOf(later)).toEqual(["pool warm: true"]);
  }, 120_000);
});
