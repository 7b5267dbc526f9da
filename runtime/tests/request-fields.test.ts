// A request's optional fields are checked for their type when given: a request built elsewhere (the queue, JSON) that
// carries policy: 0 must not fall through to the sandbox's policy and switch it off, nor allow: "x" read as letters.
import { describe, expect, it } from "vitest";
import { defaultPolicy, sideEffecting, type RunRequest } from "../src/index.js";
import { errorOf, useSandbox } from "./helpers.js";

const made: number[] = [];
const sandbox = useSandbox({ policy: defaultPolicy({ grant: [] }), hostFunctions: { bank: { transfer: sideEffecting((n: number) => (made.push(n), "sent")) } } });

describe("a request field of the wrong type", () => {
  it("is refused by name before anything runs, whatever the field", async () => {
    const wrong: Array<[keyof RunRequest, unknown, RegExp]> = [
      ["policy", 0, /request\.policy must be a function/],
      ["policy", false, /request\.policy must be a function/],
      ["policy", "", /request\.policy must be a function/],
      ["policy", null, /request\.policy must be a function .*got null/],
      ["onEvent", 1, /request\.onEvent must be a function/],
      ["resolver", {}, /request\.resolver must be an object with resolve/],
      ["journal", "yes", /request\.journal must be true, false or a function/],
      ["allow", "@capsule/yaml", /request\.allow must be an array of module specifiers/],
      ["allow", { length: 1, 0: "x" }, /request\.allow must be an array/],
      ["pins", { "@capsule/yaml": 1 }, /request\.pins must be an object of specifier/],
      ["strictPins", "yes", /request\.strictPins must be true or false/],
      ["traceData", 1, /request\.traceData must be true or false/],
    ];
    for (const [field, value, message] of wrong) {
      const error = await errorOf(sandbox, { source: "return await bank.transfer(100)", [field]: value } as RunRequest);
      expect([field, error.code, error.message]).toEqual([field, "E_BAD_REQUEST", expect.stringMatching(message)]);
    }
    expect(made).toEqual([]);
  });

  it("leaves the sandbox's own policy in force when the field is absent", async () => {
    const error = await errorOf(sandbox, "return await bank.transfer(100)");
    expect(error.message).toMatch(/E_POLICY_DENIED: bank\.transfer has side effects/);
    expect(made).toEqual([]);
  });
});
