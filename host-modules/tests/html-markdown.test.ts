// html.markdown: the page as Markdown through the html worker pool (turndown after cheerio pruned what a reader never
// sees), its options checked on the host, its output bounded, and nothing fetched or run while converting.
import { afterAll, describe, expect, it } from "vitest";
import { markdown, shutdown } from "../src/html/index.js";
import { html as descriptor } from "../src/html/descriptor.js";
import { codeOf, trapNetwork } from "./helpers.js";
// @ts-expect-error plain JavaScript module without declarations
import { loadCheerio } from "../src/html/ops.mjs";
// @ts-expect-error plain JavaScript module without declarations
import { loadTurndown, markdown as convert } from "../src/html/markdown.mjs";

afterAll(async () => {
  await shutdown();
});

const PAGE = `<!doctype html><html><head><title>Title</title><style>p { color: red }</style><script>var x = 1</script></head>
<body><nav hidden>menu</nav><article><h1>Hello</h1><p>A <a href="/docs">link</a>, <b>bold</b>, <i>soft</i> and <img src="pic.png" alt="a pic">.</p>
<ul><li>one</li><li>two</li></ul><pre><code>x = 1</code></pre><p style="display: none">secret</p><form><input value="typed"><button>Go</button></form>
<noscript>enable js</noscript><template><p>templated</p></template></article><footer><p>foot</p></footer></body></html>`;

describe("html.markdown", () => {
  it("converts the document with ATX headings, - bullets and fenced code, links and images resolved against base", async () => {
    expect(await markdown(PAGE, { base: "https://example.com/dir/" })).toBe(
      "# Hello\n\nA [link](https://example.com/docs), **bold**, _soft_ and ![a pic](https://example.com/dir/pic.png).\n\n-   one\n-   two\n\n```\nx = 1\n```\n\nfoot",
    );
  });

  it("leaves out what a reader never sees: head, script, style, hidden and display:none elements, form controls, noscript, template", async () => {
    const out = await markdown(PAGE);
    for (const hidden of ["Title", "color: red", "var x", "menu", "secret", "typed", "Go", "enable js", "templated"]) expect(out).not.toContain(hidden);
    expect(out).toContain("[link](/docs)"); // without a base, relative URLs stay as written
  });

  it("converts only the elements a selector matches, at most limit, joined by a blank line", async () => {
    expect(await markdown(PAGE, { selector: "li" })).toBe("-   one\n\n-   two");
    expect(await markdown(PAGE, { selector: "li", limit: 1 })).toBe("-   one");
    expect(await markdown(PAGE, { selector: "table" })).toBe("");
  });

  it("takes turndown's options that are not functions", async () => {
    const out = await markdown("<h1>T</h1><ul><li>a</li></ul><pre><code>c</code></pre><em>e</em><strong>s</strong><a href='https://x.org/'>x</a>", {
      headingStyle: "setext", bulletListMarker: "*", codeBlockStyle: "indented", emDelimiter: "*", strongDelimiter: "__", linkStyle: "referenced",
    });
    expect(out).toBe("T\n=\n\n*   a\n\n    c\n\n*e*__s__[x][1]\n\n[1]: https://x.org/");
  });

  it("refuses an option it does not know, a value outside an option's choices, a bad selector and a relative base, by name", async () => {
    expect(await codeOf(markdown("<p>x</p>", { converter: () => "" } as never))).toBe("option-unknown");
    expect(await codeOf(markdown("<p>x</p>", { headingStyle: "bold" } as never))).toBe("option-invalid");
    expect(await codeOf(markdown("<p>x</p>", { selector: "p[" }))).toBe("selector-invalid");
    expect(await codeOf(markdown("<p>x</p>", { base: "/relative" }))).toBe("option-invalid");
    expect(await codeOf(markdown(42 as never))).toBe("input-invalid");
  });

  it("refuses a result over the output limit instead of truncating it", async () => {
    await Promise.all([loadCheerio(), loadTurndown()]);
    const style = { headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "_", strongDelimiter: "**", linkStyle: "inlined" };
    const op = { fn: "html.markdown", html: "<p>hello</p>".repeat(1_000), limit: 10, style };
    expect(() => convert({ ...op, maxOutputBytes: 1_000 })).toThrow(/output limit/);
    expect(convert({ ...op, maxOutputBytes: 1_000_000 })).toContain("hello");
  });

  it("converts hostile HTML without touching the network or running scripts", async () => {
    await Promise.all([loadCheerio(), loadTurndown()]);
    const { calls, restore } = trapNetwork();
    const hostile =
      '<script>globalThis.__mdExecuted = true</script><img src="http://evil.example/x.png" onerror="globalThis.__mdExecuted = true">' +
      '<iframe src="http://evil.example/"></iframe><svg onload="globalThis.__mdExecuted = true"></svg><p>text</p>';
    try {
      const style = { headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "_", strongDelimiter: "**", linkStyle: "inlined" };
      expect(convert({ fn: "test", html: hostile, limit: 10, maxOutputBytes: 1_000_000, style })).toBe("![](http://evil.example/x.png)\n\ntext");
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      restore();
    }
    expect(calls).toEqual([]);
    expect((globalThis as Record<string, unknown>).__mdExecuted).toBeUndefined();
  });

  it("is declared for guests like the module's other exports", () => {
    expect(Object.keys(descriptor.exports)).toContain("markdown");
  });
});
