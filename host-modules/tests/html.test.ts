import { afterAll, describe, expect, it } from "vitest";
import { images, links, metadata, select, shutdown, text } from "../src/html/index.js";
import { HTML_LIMITS, SHARED_LIMITS } from "../src/limits.js";
import { Isolate } from "../src/isolate.js";
import { codeOf, expectNoPollution, expectOwnData, trapNetwork } from "./helpers.js";
// The worker's computations, loaded in-process so that network and script traps can watch them.
// @ts-expect-error plain JavaScript module without declarations
import { OPS, loadCheerio } from "../src/html/ops.mjs";

// The limits this file tests, by the names its assertions use (the values come from the limit rows).
const HTML_MAX_RESULTS = HTML_LIMITS.maxResults.default;
const MAX_OPTION_STRING_LENGTH = SHARED_LIMITS.optionStringLength.default;
const HTML_MAX_SELECTOR_LENGTH = HTML_LIMITS.maxSelectorLength.default;
const MAX_OUTPUT_BYTES = SHARED_LIMITS.outputBytes.default;
const MAX_TEXT_BYTES = SHARED_LIMITS.textBytes.default;

afterAll(async () => {
  await shutdown();
});

const PAGE = `<!doctype html>
<html lang="en-GB">
<head>
  <title>  The   Page </title>
  <meta name="description" content="What it is about">
  <meta property="og:title" content="OG title"><meta property="og:image" content="/og.png"><meta property="og:title" content="second">
  <meta name="twitter:card" content="summary"><meta name="Robots" content="noindex">
  <link rel="stylesheet" href="/style.css"><link rel="Canonical alternate" href="/canonical">
  <script>window.bad = 1; fetch("http://evil.example/")</script>
  <style>p { color: red }</style>
</head>
<body>
  <h1>Hello <b>world</b></h1>
  <p id="one" class="x">First   paragraph<br>second line</p>
  <div hidden>hidden text</div><span style="display: none">styled away</span><noscript>no script</noscript>
  <a href="/about?x=1#top">About <i>us</i></a>
  <a href=" contact.html ">Contact</a>
  <a href="http://[broken">Broken</a>
  <a href="javascript:alert(1)">JS</a>
  <a name="anchor-without-href">none</a>
  <map><area href="/area" alt="An area"></map>
  <img src="/img/a.png" alt="A"><img src="b.png"><img alt="no src">
  <table><tr><td>c1</td><td>c2</td></tr></table>
  <iframe src="http://evil.example/frame"></iframe>
</body>
</html>`;

describe("html.select", () => {
  it("returns outer HTML by default, an attribute with attr, visible text with text: true", async () => {
    expect(await select(PAGE, "p#one")).toEqual(['<p id="one" class="x">First   paragraph<br>second line</p>']);
    expect(await select(PAGE, "a", { attr: "href" })).toEqual(["/about?x=1#top", " contact.html ", "http://[broken", "javascript:alert(1)"]);
    expect(await select(PAGE, "a", { attr: "HREF" })).toEqual(["/about?x=1#top", " contact.html ", "http://[broken", "javascript:alert(1)"]);
    expect(await select(PAGE, "h1, p", { text: true })).toEqual(["Hello world", "First paragraph\nsecond line"]);
    expect(await select(PAGE, "script", { text: true })).toEqual(['window.bad = 1; fetch("http://evil.example/")']);
    expect(await select(PAGE, "nothing-matches")).toEqual([]);
  });

  it("returns at most limit results, in document order", async () => {
    const html = "<p>1</p><p>2</p><p>3</p><p>4</p>";
    expect(await select(html, "p", { text: true, limit: 3 })).toEqual(["1", "2", "3"]);
    expect(await select(html, "p", { text: true, limit: HTML_MAX_RESULTS })).toHaveLength(4);
    expect(await codeOf(select(html, "p", { limit: HTML_MAX_RESULTS + 1 }))).toBe("option-invalid");
    expect(await codeOf(select(html, "p", { limit: 0 }))).toBe("option-invalid");
    const many = "<i></i>".repeat(HTML_MAX_RESULTS + 5);
    expect(await select(many, "i")).toHaveLength(HTML_MAX_RESULTS);
  });

  it("refuses invalid, empty, overlong and non-string selectors", async () => {
    expect(await codeOf(select(PAGE, "a["))).toBe("selector-invalid");
    expect(await codeOf(select(PAGE, "p:no-such-pseudo"))).toBe("selector-invalid");
    expect(await codeOf(select(PAGE, "   "))).toBe("selector-invalid");
    expect(await codeOf(select(PAGE, 1 as never))).toBe("input-invalid");
    const exact = "p" + " ".repeat(HTML_MAX_SELECTOR_LENGTH - 1);
    expect(await select("<p>x</p>", exact, { text: true })).toEqual(["x"]);
    expect(await codeOf(select("<p>x</p>", exact + " "))).toBe("input-too-large");
  });

  it("never builds elements from a selector that looks like HTML", async () => {
    // $(string) in cheerio would create these elements; select only ever queries the document.
    expect(await select("<i>a</i>", "<p>")).toEqual([]);
    expect(await select("<i>a</i>", "<p>hi</p>")).toEqual([]);
  });

  it("refuses unknown, wrong-typed and conflicting options", async () => {
    expect(await codeOf(select(PAGE, "a", { xml: true } as never))).toBe("option-unknown");
    expect(await codeOf(select(PAGE, "a", JSON.parse('{"__proto__": {"polluted": 1}}')))).toBe("option-unknown");
    expect(await codeOf(select(PAGE, "a", { text: "yes" } as never))).toBe("option-invalid");
    expect(await codeOf(select(PAGE, "a", { attr: "" }))).toBe("option-invalid");
    expect(await codeOf(select(PAGE, "a", { attr: "href", text: true }))).toBe("option-invalid");
    expectNoPollution();
  });

  it("refuses output over MAX_OUTPUT_BYTES (nested outer HTML grows quadratically) and returns it just under", async () => {
    // Each level's outer HTML holds the filler: depth × 256 KiB, over the limit at 70, under it at 60.
    const filler = "x".repeat(256 * 1024);
    const nested = (depth: number): string => "<div>".repeat(depth) + filler + "</div>".repeat(depth);
    expect(await codeOf(select(nested(70), "div"))).toBe("output-too-large");
    const under = await select(nested(60), "div");
    expect(under).toHaveLength(60);
    expect(under.reduce((sum, s) => sum + s.length, 0)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
  });
});

describe("html.text", () => {
  it("returns the visible text: no head, script, style, noscript, [hidden] or display:none; lines at blocks", async () => {
    expect(await text(PAGE)).toBe("Hello world\nFirst paragraph\nsecond line\nAbout us Contact Broken JS none\nc1 c2");
  });

  it("returns the visible text of the matching elements, one per line", async () => {
    expect(await text(PAGE, "h1, td")).toBe("Hello world\nc1\nc2");
    expect(await text(PAGE, "nothing")).toBe("");
    expect(await codeOf(text(PAGE, "a["))).toBe("selector-invalid");
  });

  it("reads MAX_TEXT_BYTES of HTML and refuses one byte more, measured in UTF-8 bytes", async () => {
    const exact = "<p>" + "a".repeat(MAX_TEXT_BYTES - 3);
    expect((await text(exact)).length).toBe(MAX_TEXT_BYTES - 3);
    expect(await codeOf(text(exact + "a"))).toBe("input-too-large");
    expect(await codeOf(text("€".repeat(MAX_TEXT_BYTES / 3 + 1)))).toBe("input-too-large");
    expect(await codeOf(text(new Uint8Array(4) as never))).toBe("input-invalid");
  });

  it("walks deep documents without recursion", async () => {
    const deep = "<span>".repeat(5000) + "deep" + "</span>".repeat(5000);
    expect(await text(deep)).toBe("deep");
  });
});

describe("html.links and html.images", () => {
  it("resolves against base, drops what new URL refuses, keeps other schemes as data", async () => {
    expect(await links(PAGE, { base: "https://example.com/dir/page" })).toEqual([
      { href: "https://example.com/about?x=1#top", text: "About us" },
      { href: "https://example.com/dir/contact.html", text: "Contact" },
      { href: "javascript:alert(1)", text: "JS" },
      { href: "https://example.com/area", text: "An area" },
    ]);
  });

  it("without a base keeps relative URLs as written and normalizes absolute ones", async () => {
    expect(await links('<a href="/x">x</a><a href="HTTPS://Example.COM/y">y</a><a href="http://[z">z</a><a href="">e</a>')).toEqual([
      { href: "/x", text: "x" },
      { href: "https://example.com/y", text: "y" },
    ]);
  });

  it("reads a scheme hidden by tabs, newlines or controls as the URL a browser would follow", async () => {
    const hidden = ["java&#9;script:alert(1)", "java&#10;scr&#13;ipt:alert(1)", "&#1;javascript:alert(1)", " \tjavascript:alert(1)&#31;"];
    const html = hidden.map((href, i) => `<a href="${href}">${i}</a><img src="${href}">`).join("");
    const expected = "javascript:alert(1)";
    expect((await links(html)).map((link) => link.href)).toEqual(hidden.map(() => expected));
    expect((await images(html)).map((image) => image.src)).toEqual(hidden.map(() => expected));
    expect((await links(html, { base: "https://example.com/" })).map((link) => link.href)).toEqual(hidden.map(() => expected));
    // A relative URL keeps its other characters as written.
    expect(await links('<a href="a&#9;b c">r</a>')).toEqual([{ href: "ab c", text: "r" }]);
  });

  it("honours the document's <base href>, resolved against base", async () => {
    const html = '<base href="/sub/"><a href="p">p</a><img src="i.png">';
    expect(await links(html, { base: "https://example.com/a/b" })).toEqual([{ href: "https://example.com/sub/p", text: "p" }]);
    expect(await images(html, { base: "https://example.com/a/b" })).toEqual([{ src: "https://example.com/sub/i.png", alt: "" }]);
    expect(await links('<base href="https://cdn.example/"><a href="p">p</a>')).toEqual([{ href: "https://cdn.example/p", text: "p" }]);
  });

  it("lists images with alt text ('' when absent)", async () => {
    expect(await images(PAGE, { base: "https://example.com/" })).toEqual([
      { src: "https://example.com/img/a.png", alt: "A" },
      { src: "https://example.com/b.png", alt: "" },
    ]);
  });

  it("accepts a base of MAX_OPTION_STRING_LENGTH characters and refuses one more", async () => {
    const longest = "https://example.com/" + "a".repeat(MAX_OPTION_STRING_LENGTH - "https://example.com/".length);
    expect(longest).toHaveLength(MAX_OPTION_STRING_LENGTH);
    expect(await links('<a href="x">x</a>', { base: longest })).toEqual([{ href: "https://example.com/x", text: "x" }]);
    expect(await codeOf(links('<a href="x">x</a>', { base: longest + "a" }))).toBe("option-invalid");
    expect(await codeOf(metadata("<title>t</title>", { base: longest + "a" }))).toBe("option-invalid");
  });

  it("caps results at limit and refuses bad options", async () => {
    const html = '<a href="/1">1</a><a href="/2">2</a><a href="/3">3</a>';
    expect(await links(html, { limit: 2 })).toHaveLength(2);
    expect(await images('<img src="a"><img src="b">', { limit: 1 })).toHaveLength(1);
    expect(await codeOf(links(html, { base: "relative/path" }))).toBe("option-invalid");
    expect(await codeOf(links(html, { base: "https://x/" + "a".repeat(2100) }))).toBe("option-invalid");
    expect(await codeOf(links(html, { limit: HTML_MAX_RESULTS + 1 }))).toBe("option-invalid");
    expect(await codeOf(images(html, { follow: true } as never))).toBe("option-unknown");
  });
});

describe("html.metadata", () => {
  it("returns title, description, canonical, lang, Open Graph and named metas", async () => {
    const meta = await metadata(PAGE, { base: "https://example.com/dir/" });
    expect(meta.title).toBe("The Page");
    expect(meta.description).toBe("What it is about");
    expect(meta.canonical).toBe("https://example.com/canonical");
    expect(meta.lang).toBe("en-GB");
    expect({ ...meta.openGraph }).toEqual({ title: "OG title", image: "/og.png" });
    expect({ ...meta.meta }).toEqual({ description: "What it is about", "twitter:card": "summary", robots: "noindex" });
    expect(Object.getPrototypeOf(meta.openGraph)).toBeNull();
    expect(Object.getPrototypeOf(meta.meta)).toBeNull();
  });

  it("returns nulls for a bare document", async () => {
    expect(await metadata("<p>x</p>")).toEqual({
      title: null,
      description: null,
      canonical: null,
      lang: null,
      openGraph: Object.create(null),
      meta: Object.create(null),
    });
  });

  it("keeps hostile meta names as data in null-prototype maps and pollutes nothing", async () => {
    const html =
      '<meta name="__proto__" content="{&quot;polluted&quot;:1}"><meta name="constructor" content="c">' +
      '<meta property="og:__proto__" content="og"><meta property="og:constructor" content="ogc">';
    const meta = await metadata(html);
    expectOwnData(meta.meta, "__proto__", '{"polluted":1}');
    expectOwnData(meta.meta, "constructor", "c");
    expectOwnData(meta.openGraph, "__proto__", "og");
    expectOwnData(meta.openGraph, "constructor", "ogc");
    expectNoPollution();
  });

  it("ignores a <title> inside SVG", async () => {
    expect((await metadata("<svg><title>icon</title></svg><title>Real</title>")).title).toBe("Real");
  });
});

describe("nothing is fetched or executed", () => {
  it("runs every operation on hostile HTML without touching the network or running scripts", async () => {
    await loadCheerio();
    const { calls, restore } = trapNetwork();
    const hostile =
      PAGE +
      '<script>globalThis.__executed = true</script><img src="http://evil.example/x.png" onerror="globalThis.__executed = true">' +
      '<meta http-equiv="refresh" content="0;url=http://evil.example/"><link rel="import" href="http://evil.example/i">' +
      '<object data="http://evil.example/o"></object><svg onload="globalThis.__executed = true"></svg>';
    try {
      const common = { fn: "test", html: hostile, limit: 100, maxOutputBytes: MAX_OUTPUT_BYTES };
      OPS.select({ ...common, selector: "*", text: false });
      OPS.text({ ...common, selector: undefined });
      OPS.links({ ...common, base: "https://example.com/" });
      OPS.images({ ...common, base: "https://example.com/" });
      OPS.metadata({ ...common, base: "https://example.com/" });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      restore();
    }
    expect(calls).toEqual([]);
    expect((globalThis as Record<string, unknown>).__executed).toBeUndefined();
  });
});

describe("the html worker", () => {
  const script = new URL("../src/html/worker.mjs", import.meta.url);

  it("keeps the host's event loop free while a large document is parsed", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    try {
      const big = "<div><p>hello <a href='/x'>x</a></p></div>".repeat(100_000);
      expect((await select(big, "a", { attr: "href", limit: 3 }))).toEqual(["/x", "/x", "/x"]);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("stops a call that passes its time limit (quadratic nesting) and replaces the worker", async () => {
    const isolate = new Isolate({ name: "html", script, timeoutMs: 1_500, heapMb: 256 });
    try {
      const deep = "<div>".repeat(60_000);
      const op = { fn: "html.text", html: deep, selector: undefined, limit: 10, maxOutputBytes: MAX_OUTPUT_BYTES };
      expect(await codeOf(isolate.run("html.text", "text", op))).toBe("timeout");
      expect(await isolate.run("html.text", "text", { ...op, html: "<p>after</p>" })).toBe("after");
      expect(isolate.started).toBe(2);
    } finally {
      await isolate.shutdown();
    }
  });

  it("reports memory-limit when the worker runs out of heap, and replaces it", async () => {
    const isolate = new Isolate({ name: "html", script, timeoutMs: 60_000, heapMb: 16 });
    try {
      const big = "<div><p>hello <a href='/x'>x</a></p></div>".repeat(60_000);
      const op = { fn: "html.select", html: big, selector: "a", attr: "href", text: false, limit: 10, maxOutputBytes: MAX_OUTPUT_BYTES };
      expect(await codeOf(isolate.run("html.select", "select", op))).toBe("memory-limit");
      expect(await isolate.run("html.select", "select", { ...op, html: "<a href='/ok'>ok</a>" })).toEqual(["/ok"]);
      expect(isolate.started).toBe(2);
    } finally {
      await isolate.shutdown();
    }
  });

  it("serializes concurrent calls and answers each", async () => {
    const results = await Promise.all([1, 2, 3, 4].map((i) => select(`<p>${i}</p>`, "p", { text: true })));
    expect(results).toEqual([["1"], ["2"], ["3"], ["4"]]);
  });
});
