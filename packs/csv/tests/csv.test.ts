// @capsule/csv from a guest, through discovery, compile, catalog and run: papaparse's options reach the host and its
// defaults apply; an option given a function is refused by name in the guest (the crossing would drop it silently).
import { describe, expect, it } from "vitest";
import { shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

describe("@capsule/csv in a guest", { timeout: 120_000 }, () => {
  it("parses with papaparse's defaults and options, and writes { fields, data }", async () => {
    const result = await sandbox.run({
      source: `import { parse, stringify } from "@capsule/csv";
        const rows = (await parse("a,b\\n1,2")).rows;
        const typed = await parse("a,b\\n1,2\\n3,4", { header: true, dynamicTyping: { a: true }, preview: 1 });
        const text = await stringify({ fields: ["x", "y"], data: [[1, "q"]] }, { quotes: [false, true] });
        return { rows, typed: typed.rows, meta: typed.meta, text };`,
    });
    expect(result.ok && result.value).toEqual({
      rows: [["a", "b"], ["1", "2"]],
      typed: [{ a: 1, b: "2" }],
      meta: { delimiter: ",", linebreak: "\n", truncated: true, renamedHeaders: null },
      text: 'x,"y"\r\n1,"q"',
    });
  });

  it("refuses an option given a function by name, with the option-function code", async () => {
    const result = await sandbox.run({
      source: `import { parse } from "@capsule/csv";
        try { await parse("a\\n1", { header: true, transformHeader: (h) => h.toUpperCase() }); return "not refused"; }
        catch (e) { return [e.name, e.message]; }`,
    });
    expect(result.ok).toBe(true);
    const [name, message] = (result.ok ? result.value : []) as string[];
    expect(name).toBe("HostModuleError");
    expect(message).toMatch(/^option-function: /);
    expect(message).toContain('"transformHeader"');
  });

  it("refuses a network option by name on the host", async () => {
    const result = await sandbox.run({
      source: `import { parse } from "@capsule/csv";
        try { await parse("https://example.com/x.csv", { download: true }); return "not refused"; } catch (e) { return e.message; }`,
    });
    expect(result.ok && result.value).toMatch(/^option-unsupported: csv\.parse: option "download"/);
  });
});
