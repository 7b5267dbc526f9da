// What a POST /run client is told about a failed run (serve-view.ts): hints made true for this server — a limit's
// hint names the run's cap on this server, a local command becomes what the server offers.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, LIMIT_CEILINGS, type ErrorCode, type RunResult } from "@capsule/runtime";
import { serverView } from "../src/serve-view.js";

const failed = (code: ErrorCode, message: string): RunResult => ({
  ok: false, error: { code, name: "CapsuleError", message }, logs: [], stats: { cpuMs: 0, wallMs: 0, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false },
});
const caps = { caps: { ...LIMIT_CEILINGS, memoryBytes: 256 * 1024 * 1024, stackBytes: 512 * 1024 }, used: {} };

describe("serverView", () => {
  it("names this server's cap in a hint to raise a limit, in the limit's unit", () => {
    const memory = serverView(failed("E_MEMORY", "the guest heap outgrew limits.memoryBytes (67108864 bytes); keep less data in the guest, or raise limits.memoryBytes (ceiling 1 GiB)"), ["*"], caps);
    expect(memory.ok === false && memory.error.message).toBe("the guest heap outgrew limits.memoryBytes (67108864 bytes); keep less data in the guest, or raise limits.memoryBytes (at most 256 MiB here)");
    // The default stack already is this server's cap: raising it is no advice.
    expect(DEFAULT_LIMITS.stackBytes).toBe(512 * 1024);
    const stack = serverView(failed("E_STACK_OVERFLOW", "the guest overflowed its stack (limits.stackBytes = 524288) and did not catch the RangeError; recurse less deeply, or raise limits.stackBytes (ceiling 1 MiB)"), ["*"], caps);
    expect(stack.ok === false && stack.error.message).toContain("or the run already had the most this host allows for limits.stackBytes (512 KiB)");
  });

  it("replaces the local command of an unresolved import with what the server offers", () => {
    const view = serverView(failed("E_IMPORT_UNRESOLVED", 'cannot import "lodash": no installed pack provides it (see `capsule packs list`)'), ["*"], caps);
    expect(view.ok === false && view.error.message).toBe('cannot import "lodash": no installed pack provides it (GET /catalog lists the modules this server offers your token)');
  });

  it("leaves a successful run and other errors as they are", () => {
    const other = failed("E_GUEST_ERROR", "Error: raise limits.cpuMs (ceiling 60,000 ms)");
    expect(serverView(other, ["*"], caps)).toBe(other);
  });
});
