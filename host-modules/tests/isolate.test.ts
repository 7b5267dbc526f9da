import { describe, expect, it } from "vitest";
import { Isolate } from "../src/isolate.js";
import { codeOf, refusal } from "./helpers.js";

const script = new URL("./fixtures/test-worker.mjs", import.meta.url);

function isolate(timeoutMs = 5_000): Isolate {
  return new Isolate({ name: "test", script, timeoutMs, heapMb: 64 });
}

describe("Isolate", () => {
  it("starts one worker lazily and reuses it", async () => {
    const worker = isolate();
    try {
      expect(worker.started).toBe(0);
      expect(await worker.run("t", "echo", { a: [1, 2] })).toEqual({ a: [1, 2] });
      expect(await worker.run("t", "echo", "again")).toBe("again");
      expect(worker.started).toBe(1);
    } finally {
      await worker.shutdown();
    }
  });

  it("passes refusals through with their code, and turns unknown codes into internal-error", async () => {
    const worker = isolate();
    try {
      const refused = await refusal(worker.run("t", "refuse", { code: "parse-failed", message: "t: bad input at /srv/app/data/x.csv" }));
      expect(refused.code).toBe("parse-failed");
      expect(refused.message).toBe("t: bad input at <path>");
      expect(await codeOf(worker.run("t", "refuse", { code: "EVIL", message: "x" }))).toBe("internal-error");
      expect(worker.started).toBe(1);
    } finally {
      await worker.shutdown();
    }
  });

  it("fails the call when the worker exits or throws, and replaces the worker", async () => {
    const worker = isolate();
    try {
      expect(await codeOf(worker.run("t", "exit", null))).toBe("internal-error");
      expect(await worker.run("t", "echo", 1)).toBe(1);
      const thrown = await refusal(worker.run("t", "throw", null));
      expect(thrown.code).toBe("internal-error");
      expect(thrown.message).not.toContain("/home/someone");
      expect(await worker.run("t", "echo", 2)).toBe(2);
      expect(worker.started).toBe(3);
    } finally {
      await worker.shutdown();
    }
  });

  it("stops a call past its time limit, fails it with timeout, and serves the queue with a new worker", async () => {
    const worker = isolate(300);
    try {
      const calls = [worker.run("t", "spin", null), worker.run("t", "echo", "queued")];
      expect(await codeOf(calls[0]!)).toBe("timeout");
      expect(await calls[1]).toBe("queued");
      expect(worker.started).toBe(2);
    } finally {
      await worker.shutdown();
    }
  });
});
