// The policy gate: consulted before every call, may be async, denies with a named, catchable error.
import { describe, expect, it } from "vitest";
import { defaultPolicy, sideEffecting, type PolicyCall, type RunEvent } from "../src/index.js";
import { errorOf, useSandbox, valueOf } from "./helpers.js";

const sandbox = useSandbox();
const charged: number[] = [];
const hostFunctions = {
  billing: {
    quote: (cents: number) => ({ cents }),
    charge: sideEffecting((cents: number) => { charged.push(cents); return { ok: true }; }, "Charge the customer's card."),
  },
};

describe("the policy gate", () => {
  it("sees every call with its name and arguments, and lets allowed calls through", async () => {
    const seen: PolicyCall[] = [];
    expect(await valueOf(sandbox, { source: "return (await billing.quote(250)).cents", hostFunctions, policy: (call) => { seen.push(call); return { allow: true }; } })).toBe(250);
    expect(seen).toEqual([expect.objectContaining({ kind: "host-function", target: "billing.quote", export: "quote", args: [250], sideEffects: false })]);
  });

  it("denies with a catchable error carrying the code and reason, without calling the host, and traces it", async () => {
    const events: RunEvent[] = [];
    const before = charged.length;
    const value = await valueOf(sandbox, {
      source: "try { await billing.charge(100) } catch (e) { return [e.name, e.message] }",
      hostFunctions,
      policy: () => ({ allow: false, reason: "charges need approval" }),
      onEvent: (e) => events.push(e),
    });
    expect(value).toEqual(["PolicyDenied", "E_POLICY_DENIED: charges need approval"]);
    expect(charged.length).toBe(before);
    expect(events.find((e) => e.type === "policy")).toMatchObject({ allowed: false, reason: "charges need approval" });
    expect(events.find((e) => e.type === "call")).toMatchObject({ ok: false, code: "E_POLICY_DENIED" });
  });

  it("may answer asynchronously; the wait costs no CPU and pauses the wall clock", async () => {
    const result = await sandbox.run({
      source: "await billing.quote(1); return 'approved'",
      hostFunctions,
      // The answer takes three times the wall clock and far more than the CPU budget: the run still finishes.
      limits: { wallMs: 500, cpuMs: 200 },
      policy: () => new Promise((resolve) => setTimeout(() => resolve({ allow: true }), 1_500)),
    });
    expect(result.ok && result.value).toBe("approved");
  });

  it("bounds the wait by limits.policyWaitMs", async () => {
    const value = await valueOf(sandbox, { source: "try { await billing.quote(1) } catch (e) { return e.message }", hostFunctions, limits: { policyWaitMs: 50 }, policy: () => new Promise(() => {}) });
    expect(value).toMatch(/^E_POLICY_DENIED: the policy did not answer within 50 ms/);
  });

  it("denies when the policy itself fails", async () => {
    const error = await errorOf(sandbox, { source: "await billing.quote(1)", hostFunctions, policy: () => { throw new Error("policy store down"); } });
    expect(error.message).toMatch(/E_POLICY_DENIED: the policy failed: policy store down/);
  });

  it("by default denies side-effecting functions unless granted by name, and allows the rest", async () => {
    const policy = defaultPolicy();
    expect(await valueOf(sandbox, { source: "return (await billing.quote(5)).cents", hostFunctions, policy })).toBe(5);
    expect((await errorOf(sandbox, { source: "await billing.charge(5)", hostFunctions, policy })).message).toMatch(/E_POLICY_DENIED: billing.charge has side effects and was not granted/);
    const before = charged.length;
    expect(await valueOf(sandbox, { source: "return (await billing.charge(5)).ok", hostFunctions, policy: defaultPolicy({ grant: ["billing.charge"] }) })).toBe(true);
    expect(charged.length).toBe(before + 1);
  });
});
