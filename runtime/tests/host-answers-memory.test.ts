// A host answer that arrives when the guest's memory is nearly full (src/growth-watch.ts guardAllocations): the
// library copies an answer's bytes, or its JSON, to the address the engine's malloc returns without checking it, so
// a failed allocation wrote the whole answer from address 0, over the engine's static data, stack and runtime — bytes
// a host echoing guest data lets the guest choose — and the worker faulted (E_WORKER_CRASHED, a worker replaced per
// run). A failed allocation now throws and marks the run: it ends with E_MEMORY, and the next run is whole.
import { describe, expect, it } from "vitest";
import { useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox({ maxWorkers: 1 });
const MiB = 1024 * 1024;
// ~12 MB of strings of 59,800 characters (under the sidecar's 64 Ki): a big plain answer, binary when untraced.
const echo = (s: string) => Array.from({ length: 200 }, () => s.repeat(2600));

describe("a host answer the guest's memory cannot hold", () => {
  for (const [path, options] of [["binary", {}], ["JSON (traced)", { onEvent: () => undefined }]] as const) {
    it(`ends the run with E_MEMORY on the ${path} path, whatever the guest holds already`, async () => {
      const codes: string[] = [];
      for (const fill of [26, 28, 30, 32, 33, 34, 35, 36]) {
        const result = await sandbox.run({
          source: `const hold = []; for (let i = 0; i < ${fill * 16}; i++) hold.push(new Uint8Array(1 << 16));
            const got = await h.echo(inputs.s); return [got.length, hold.length]`,
          inputs: { s: "GUEST-CONTROLLED-BYTES!" },
          hostFunctions: { h: { echo } },
          limits: { memoryBytes: 32 * MiB },
          ...options,
        });
        codes.push(result.ok ? "ok" : result.error.code);
        expect(await valueOf(sandbox, "return [1, 2, 3].map((n) => n * 2).join()")).toBe("2,4,6");
      }
      expect(codes.every((code) => code === "E_MEMORY" || code === "ok")).toBe(true);
      expect(codes).toContain("E_MEMORY");
    });
  }
});
