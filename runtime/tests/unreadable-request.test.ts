// A request is the embedder's object, and reading it runs the embedder's code: a getter or Proxy trap that throws
// anywhere in it (the request, its host functions, its tools) is a bad request (E_BAD_REQUEST, saying what it threw),
// not Capsule failing (E_INTERNAL), and the sandbox goes on serving.
import { describe, expect, it } from "vitest";
import type { RunRequest } from "../src/index.js";
import { errorOf, useSandbox } from "./helpers.js";

const sandbox = useSandbox();
const thrower = (what: string) => () => {
  throw new Error(`${what} threw`);
};

describe("a request whose reading throws", () => {
  it("is refused as a bad request, wherever in it the throw is", async () => {
    const requests: Array<[string, unknown]> = [
      ["a getter of the request", { get source() { return thrower("source")(); } }],
      ["a Proxy as the request", new Proxy({ source: "return 1" }, { get: thrower("get trap") })],
      ["a getter among the host functions", { source: "return 1", hostFunctions: { get h() { return thrower("namespace")(); } } }],
      ["a Proxy as the host functions", { source: "return 1", hostFunctions: new Proxy({}, { ownKeys: thrower("ownKeys trap") }) }],
      ["a getter among the tools", { source: "return 1", tools: { get "@t/x"() { return thrower("tools")(); } } }],
      ["a Proxy as a tool module", { source: "return 1", tools: { "@t/x": new Proxy({}, { ownKeys: thrower("tool module") }) } }],
    ];
    for (const [where, request] of requests) {
      const error = await errorOf(sandbox, request as RunRequest);
      expect([where, error.code, error.message]).toEqual([where, "E_BAD_REQUEST", expect.stringMatching(/^the run request could not be read \(a getter or Proxy trap in it threw\): .* threw$/)]);
    }
    expect((await sandbox.run({ source: "return 6 * 7" })).ok).toBe(true);
  });
});
