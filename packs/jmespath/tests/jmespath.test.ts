import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

// Guest prelude: the sample data of SKILL.md. The guest sources are template literals, so JMESPath
// literal backticks are written as \` below.
const DATA = `const data = {
  people: [
    { name: "Ann", age: 31, city: "Oslo", tags: ["a"] },
    { name: "Bob", age: 25, city: "Rome", tags: [] },
    { name: "Cy", age: 40, city: "Oslo", tags: ["a", "b"], email: "cy@x.io" },
  ],
  meta: { "total-count": 3, version: "1.2" },
};`;

describe("@capsule/jmespath through discovery, compile, catalog and run", () => {
  it("is admitted with its default export, the CommonJS names Node would find, and a summary", async () => {
    const { catalog } = await shippedCatalog();
    expect(catalog.refused.filter((r) => r.pack === "@capsule/jmespath")).toEqual([]);
    const jp = catalog.modules.find((m) => m.specifier === "@capsule/jmespath");
    expect(jp).toBeDefined();
    expect(jp!.exports).toEqual(["compile", "default", "search", "strictDeepEqual", "tokenize"]);
    expect(jp!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(jp!.summary).toMatch(/^Query and reshape JSON with JMESPath/);
  });

  it("selects, filters, projects and aggregates", async () => {
    const result = await sandbox.run({
      source: `import jmespath from "@capsule/jmespath";
        ${DATA}
        const q = (e) => jmespath.search(data, e);
        return {
          last: q("people[-1].name"),
          reversed: q("people[::-1].name"),
          over30: q("people[?age > \`30\`].name"),
          and: q("people[?city == 'Oslo' && age < \`35\`].name"),
          noEmail: q("people[?!email].name"),
          contains: q("people[?contains(tags, 'b')].name"),
          shaped: q("people[*].{n: name, t: length(tags)}"),
          flat: q("people[].tags[]"),
          total: q("people[*].age | sum(@)"),
          avg: q("avg(people[*].age)"),
          sorted: q("sort_by(people, &age)[*].name"),
          oldest: q("max_by(people, &age).name"),
          joined: q("join(', ', people[*].name)"),
          quoted: q('meta."total-count"'),
          keys: q("keys(meta)"),
          merged: q("merge(meta, \`{\\"extra\\": true}\`)"),
          fallback: q("people[0].email || 'none'"),
          missing: [q("people[0].missing"), q("people[5]"), q("people.name")],
        };`,
    });
    expect(result.ok && result.value).toEqual({
      last: "Cy",
      reversed: ["Cy", "Bob", "Ann"],
      over30: ["Ann", "Cy"],
      and: ["Ann"],
      noEmail: ["Ann", "Bob"],
      contains: ["Cy"],
      shaped: [{ n: "Ann", t: 1 }, { n: "Bob", t: 0 }, { n: "Cy", t: 2 }],
      flat: ["a", "a", "b"],
      total: 96,
      avg: 32,
      sorted: ["Bob", "Ann", "Cy"],
      oldest: "Cy",
      joined: "Ann, Bob, Cy",
      quoted: 3,
      keys: ["total-count", "version"],
      merged: { "total-count": 3, version: "1.2", extra: true },
      fallback: "none",
      missing: [null, null, null],
    });
  });

  it("compiles and tokenizes expressions, and compares strictly", async () => {
    const result = await sandbox.run({
      source: `import jmespath from "@capsule/jmespath";
        return {
          ast: jmespath.compile("a.b"),
          filterType: jmespath.compile("a[?b > \`1\`]").type,
          tokens: jmespath.tokenize("a.b[0]").map((t) => t.type),
          equal: [jmespath.strictDeepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), jmespath.strictDeepEqual([1], ["1"])],
        };`,
    });
    expect(result.ok && result.value).toEqual({
      ast: { type: "Subexpression", children: [{ type: "Field", name: "a" }, { type: "Field", name: "b" }] },
      filterType: "FilterProjection",
      tokens: ["UnquotedIdentifier", "Dot", "UnquotedIdentifier", "Lbracket", "Number", "Rbracket"],
      equal: [true, false],
    });
  });

  it("reports syntax errors by name and function errors by message", async () => {
    const result = await sandbox.run({
      source: `import jmespath from "@capsule/jmespath";
        ${DATA}
        const q = (e) => { try { return ["ok", jmespath.search(data, e)]; } catch (err) { return [err.name, err.message]; } };
        return [q("people[?age > 30].name"), q("a ^ b"), q("abs(people)"), q("length()"), q("nope(@)"), q("sort_by(people, &email)")];`,
    });
    expect(result.ok && result.value).toEqual([
      ["ParserError", 'Invalid token (Number): "30"'],
      ["LexerError", "Unknown character:^"],
      ["Error", "TypeError: abs() expected argument 1 to be type number but received type array instead."],
      ["Error", "ArgumentError: length() takes 1 argument but received 0"],
      ["Error", "Unknown function: nope()"],
      ["Error", "TypeError"],
    ]);
  });

  it("fails the run on an uncaught ParserError, and offers the CommonJS module's functions as named imports too", async () => {
    const thrown = await sandbox.run({ source: `import jmespath from "@capsule/jmespath"; return jmespath.search({ a: [1] }, "a[?b > 30]");` });
    expect(thrown.ok).toBe(false);
    expect(!thrown.ok && thrown.error).toMatchObject({ code: "E_GUEST_ERROR", name: "ParserError", message: 'Invalid token (Number): "30"' });
    const named = await sandbox.run({ source: `import { search, strictDeepEqual } from "@capsule/jmespath"; return [search({ a: [1, 2] }, "a[1]"), strictDeepEqual(1, "1")];` });
    expect(named.ok && named.value).toEqual([2, false]);
    const missing = await sandbox.run({ source: `import { evaluate } from "@capsule/jmespath"; return evaluate;` });
    expect(!missing.ok && missing.error.message).toMatch(/Could not find export 'evaluate'/);
  });
});
