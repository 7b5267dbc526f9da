// console's format specifiers, as Node's: %s %d %i %f %j %o %O %c and %%.
import { describe, expect, it } from "vitest";
import { useSandbox } from "./helpers.js";

const sandbox = useSandbox();

describe("console format specifiers", () => {
  it("substitute the arguments they name and append the rest", async () => {
    const result = await sandbox.run(`
      console.log("%s has %d items (%i, %f) %j %o %c!", "cart", 3.5, "42px", "1.5e1", { a: 1 }, [1, "x"], "color: red", "extra", 2);
      console.log("100%% sure", 5);
      console.log("%s");
      console.log("%d", 10n, "%s");`);
    expect(result.logs.map((l) => l.message)).toEqual(['cart has 3.5 items (42, 15) {"a":1} [ 1, "x" ] ! extra 2', "100% sure 5", "%s", "10n %s"]);
  });
});
