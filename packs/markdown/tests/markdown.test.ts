import { describe, expect, it } from "vitest";
import { shippedCatalog, shippedSandbox } from "../../../tests/support/shipped-catalog.js";

const sandbox = await shippedSandbox();

describe("@capsule/markdown through discovery, compile, catalog and run", () => {
  it("is admitted with marked's exports and a summary", async () => {
    const { catalog } = await shippedCatalog();
    expect(catalog.refused.filter((r) => r.pack === "@capsule/markdown")).toEqual([]);
    const md = catalog.modules.find((m) => m.specifier === "@capsule/markdown");
    expect(md).toBeDefined();
    expect(md!.exports).toEqual(expect.arrayContaining(["default", "marked", "Marked", "parse", "parseInline", "lexer", "parser", "use", "walkTokens", "Lexer", "Parser", "Renderer"]));
    expect(md!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(md!.summary).toMatch(/^Render Markdown .* marked 18/);
  });

  it("renders CommonMark and GFM to HTML, by named and default import", async () => {
    const result = await sandbox.run({
      source: `import md, { marked, parseInline } from "@capsule/markdown";
        return {
          doc: marked.parse("# Title\\n\\nSome *em*, **strong** and \`code\`.\\n\\n- a\\n- b\\n"),
          viaDefault: md.parse("[link](https://example.com \\"T\\")"),
          table: marked("| a | b |\\n|---|:-:|\\n| 1 | 2 |"),
          gfm: marked.parse("~~gone~~ www.example.com\\n\\n- [x] done"),
          inline: parseInline("**b** and \`c\`"),
          escaped: marked.parse("a < b & c"),
        };`,
    });
    expect(result.ok && result.value).toEqual({
      doc: "<h1>Title</h1>\n<p>Some <em>em</em>, <strong>strong</strong> and <code>code</code>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n",
      viaDefault: '<p><a href="https://example.com" title="T">link</a></p>\n',
      table: '<table>\n<thead>\n<tr>\n<th>a</th>\n<th align="center">b</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>1</td>\n<td align="center">2</td>\n</tr>\n</tbody></table>\n',
      gfm: '<p><del>gone</del> <a href="http://www.example.com">www.example.com</a></p>\n<ul>\n<li><input checked="" disabled="" type="checkbox"> done</li>\n</ul>\n',
      inline: "<strong>b</strong> and <code>c</code>",
      escaped: "<p>a &lt; b &amp; c</p>\n",
    });
  });

  it("lexes, walks tokens, and renders with a custom renderer and extension", async () => {
    const result = await sandbox.run({
      source: `import { Marked, lexer, walkTokens } from "@capsule/markdown";
        const tokens = lexer("## Intro\\n\\nSee [docs](/d) and [api](/a).");
        const links = [];
        walkTokens(tokens, (t) => { if (t.type === "link") links.push(t.href); });
        const m = new Marked({
          renderer: { heading({ tokens, depth }) { return "<h" + depth + ' class="t">' + this.parser.parseInline(tokens) + "</h" + depth + ">\\n"; } },
          extensions: [{
            name: "mention", level: "inline", start: (src) => src.indexOf("@"),
            tokenizer(src) { const r = /^@(\\w+)/.exec(src); if (r) return { type: "mention", raw: r[0], user: r[1] }; },
            renderer: (t) => '<a href="/u/' + t.user + '">@' + t.user + "</a>",
          }],
        });
        return { types: tokens.map((t) => t.type), links, html: m.parse("## Hi *you*\\n\\nping @ann") };`,
    });
    expect(result.ok && result.value).toEqual({
      types: ["heading", "space", "paragraph"],
      links: ["/d", "/a"],
      html: '<h2 class="t">Hi <em>you</em></h2>\n<p>ping <a href="/u/ann">@ann</a></p>\n',
    });
  });

  it("passes raw HTML through unsanitized, and settles async parsing without timers", async () => {
    const result = await sandbox.run({
      source: `import { marked, Marked } from "@capsule/markdown";
        const m = new Marked({ async: true, async walkTokens(t) { if (t.type === "codespan") { await Promise.resolve(); t.text = t.text.toUpperCase(); } } });
        const pending = m.parse("run \`ls\`");
        return { raw: marked.parse("<script>x()</script>\\n\\n[a](javascript:x())"), isPromise: pending instanceof Promise, html: await pending };`,
    });
    expect(result.ok && result.value).toEqual({
      raw: '<script>x()</script><p><a href="javascript:x()">a</a></p>\n',
      isPromise: true,
      html: "<p>run <code>LS</code></p>\n",
    });
  });

  it("starts every run from marked's defaults, whatever an earlier run passed to use()", async () => {
    const first = await sandbox.run({ source: `import { marked } from "@capsule/markdown"; marked.use({ breaks: true }); return marked.parse("a\\nb");` });
    const second = await sandbox.run({ source: `import { marked } from "@capsule/markdown"; return marked.parse("a\\nb");` });
    expect(first.ok && first.value).toBe("<p>a<br>b</p>\n");
    expect(second.ok && second.value).toBe("<p>a\nb</p>\n");
  });

  it("throws a guest error for non-string input, and returns it as HTML when silent", async () => {
    const thrown = await sandbox.run({ source: `import { marked } from "@capsule/markdown"; return marked.parse(null);` });
    expect(thrown.ok).toBe(false);
    expect(!thrown.ok && thrown.error.code).toBe("E_GUEST_ERROR");
    expect(!thrown.ok && thrown.error.message).toMatch(/^marked\(\): input parameter is undefined or null/);
    const silent = await sandbox.run({ source: `import { marked } from "@capsule/markdown"; return marked.parse(null, { silent: true });` });
    expect(silent.ok && silent.value).toMatch(/^<p>An error occurred:<\/p><pre>marked\(\): input parameter is undefined or null/);
  });
});
