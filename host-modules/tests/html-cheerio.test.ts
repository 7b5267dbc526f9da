// html.select, links, images and metadata against cheerio itself, called natively here on the same documents (the
// corpus in fixtures/html-parity/, hand-written: tables, lists, forms, malformed markup, entities, odd attributes,
// svg, templates, comments, whitespace, unicode, base href, links, og/meta). For each (document, selector) select
// gives cheerio's matches as $.html(el), and with `attr` cheerio's .attr(name). links, images and metadata are
// computed here with plain cheerio queries by the README's rules. Deliberate differences are asserted by name: attr
// names fall back to lower case, and `text` is the module's visible-text rule, not cheerio's .text().

import { readFileSync, readdirSync } from "node:fs";
import * as cheerio from "cheerio";
import { afterAll, describe, expect, it } from "vitest";
import { images, links, metadata, select, shutdown, text } from "../src/html/index.js";
import { codeOf } from "./helpers.js";

afterAll(async () => {
  await shutdown();
});

const DIR = new URL("./fixtures/html-parity/", import.meta.url);
const DOCS: [string, string][] = readdirSync(DIR)
  .filter((name) => name.endsWith(".html"))
  .sort()
  .map((name) => [name, readFileSync(new URL(name, DIR), "utf8")]);

/** Selectors: type, class, id, attribute operators, combinators, structural pseudos, and cheerio's extensions. */
const SELECTORS = [
  "p", "a", "li", "td", "*", "span, b, i",
  ".item", ".item.first", "#top", "#Main", ".Box", ".box", "#dup", "#émoji", ".見出し",
  "[href]", "[data-id='42']", "[class~=item]", "[lang|=en]", "[href^='/']", "[href$='.html']", "[title*=middle]",
  "[data-tags~=culture]", "[dir=rtl i]", "[dir=rtl]", "[data-empty='']", "[data-bare]", "[data-mixed-case]", "[src]",
  "ul > li", "li li", "h1 + p", "h1 ~ p", "tr td", "table table td", "figure > *", "form input + input",
  "li:nth-child(2)", "li:nth-child(2n+1)", "tr:nth-child(odd) > td", "li:nth-last-child(1)", "li:nth-of-type(2)",
  "li:first-child", "li:last-child", "li:only-child", "td:empty", "p:not(.lead)", "li:not(.done, .important)",
  ":is(h1, h2, p.lead)", ":where(ul, ol) > li", "li:has(> ul)", "div:has(span.x)", "p:contains('paragraphe')",
  "li:contains(two)", "td:contains('i')", "li:first", "a:last", "li:eq(2)", "td:eq(0)", "tr:gt(1)", "li:lt(2)",
  "li:even", "li:odd", ":header", ":checked", ":selected", ":disabled", ":enabled", ":input", ":radio",
  ":checkbox", ":button", ":submit", "input:text", "p:parent", ":root", "html > body > *:first-child",
  "svg", "circle", "svg g > circle", "foreignObject", "foreignObject div", "linearGradient", "svg a", "math mi",
  "template", "template tr", "noscript a", "option[value]", "select option:first-child", "optgroup > option",
  "input[type=TEXT]", "input[type=text i]", "[style]", "[hidden]", "base", "meta[property^='og:']", "link[rel~=canonical i]",
  "p >", "[data-x=]", "a:eq(x)", // odd but accepted by cheerio: whatever it matches
];

/** Attribute names read with select's `attr` on every (document, selector); all lower case (see the case test). */
const ATTRS = ["href", "class", "id", "value", "checked", "src", "data-num", "viewBox", "title"];

/** What cheerio itself gives for a selector, or "throws". */
function nativeSelect($: cheerio.CheerioAPI, selector: string): cheerio.Cheerio<any> | "throws" {
  try {
    return $.root().find(selector);
  } catch {
    return "throws";
  }
}

describe("html.select gives cheerio's matches", () => {
  it.each(DOCS)("%s: outer HTML and attributes for every selector", async (_name, html) => {
    const $ = cheerio.load(html);
    let matched = 0;
    for (const selector of SELECTORS) {
      const found = nativeSelect($, selector);
      if (found === "throws") {
        expect(await codeOf(select(html, selector)), selector).toBe("selector-invalid");
        continue;
      }
      const elements = found.toArray();
      matched += elements.length;
      expect(await select(html, selector), selector).toEqual(elements.map((el) => $.html(el)));
      for (const attr of ATTRS) {
        const values = elements.map((el) => $(el).attr(attr)).filter((v): v is string => v !== undefined);
        expect(await select(html, selector, { attr }), `${selector} attr ${attr}`).toEqual(values);
      }
    }
    expect(matched).toBeGreaterThan(20);
  });

  it("refuses what cheerio cannot parse, and cheerio throws on the same selectors", async () => {
    const $ = cheerio.load(DOCS[0]![1]);
    for (const selector of ["a[", "p:no-such-pseudo", ":contains(", "::before", "p,,a", "a[href"]) {
      expect(nativeSelect($, selector), selector).toBe("throws");
      expect(await codeOf(select(DOCS[0]![1], selector)), selector).toBe("selector-invalid");
    }
  });

  it("takes cheerio's .attr() rules: boolean attributes give their name, option value its text, radio/checkbox 'on'", async () => {
    const html = DOCS.find(([name]) => name === "forms.html")![1];
    expect(await select(html, "input[name=terms]", { attr: "checked" })).toEqual(["checked"]);
    expect(await select(html, "select", { attr: "multiple" })).toEqual(["multiple"]);
    expect(await select(html, "option", { attr: "value" })).toEqual(["fr", "Canada", "", "jp"]);
    expect(await select(html, "input[name=terms]", { attr: "value" })).toEqual(["on"]);
    expect(await select(html, "input[name=email]", { attr: "placeholder" })).toEqual(["you@example.com"]);
  });

  it("differs deliberately: an attribute name is matched exactly, then lower-cased (cheerio's .attr is exact)", async () => {
    const html = DOCS.find(([name]) => name === "attributes.html")![1];
    const $ = cheerio.load(html);
    // parse5 stores HTML attribute names in lower case, so cheerio finds a name written in upper case only as typed.
    expect($("#Main").attr("data-Mixed-Case")).toBeUndefined();
    expect($("#Main").attr("DATA-UPPER")).toBeUndefined();
    expect(await select(html, "#Main", { attr: "data-Mixed-Case" })).toEqual([$("#Main").attr("data-mixed-case")]);
    expect(await select(html, "#Main", { attr: "DATA-UPPER" })).toEqual(["single quoted"]);
    expect(await select(html, "[href]", { attr: "HREF" })).toEqual([]);
    // SVG keeps its camel-case names, matched exactly as in cheerio; a lower-cased one is not there.
    const svg = DOCS.find(([name]) => name === "svg.html")![1];
    expect(await select(svg, "svg", { attr: "viewBox" })).toEqual(["0 0 100 100"]);
    expect(await select(svg, "svg", { attr: "viewbox" })).toEqual([]);
    expect(cheerio.load(svg)("svg").attr("viewbox")).toBeUndefined();
  });
});

// ── links, images, metadata: cheerio's queries, by the README's rules ─────────────────────────────────────────────

/** README: with a base (the option, or the first <base href> resolved against it) every URL is resolved with
 * new URL and dropped if that throws; without one, absolute URLs are normalized, empty dropped, relative kept. */
function nativeResolver($: cheerio.CheerioAPI, base?: string): (raw: string | undefined) => string | null {
  let effective = base;
  const baseHref = $("base[href]").first().attr("href");
  if (baseHref !== undefined) {
    try {
      effective = new URL(baseHref.trim(), base).href;
    } catch {
      // unusable: ignored
    }
  }
  return (raw) => {
    const value = (raw ?? "").trim();
    if (effective) return URL.canParse(value, effective) ? new URL(value, effective).href : null;
    if (value === "") return null;
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return URL.canParse(value) ? new URL(value).href : null;
    return value;
  };
}

/** README's "never shown" elements, as one selector cheerio can remove. */
const UNSEEN = "script, style, noscript, template, head, title, iframe, object, embed, canvas, audio, video, [hidden]";
const BLOCKS = "div, p, li, ul, ol, table, tr, h1, h2, h3, h4, h5, h6, section, article, header, footer, nav, figure";

/** A link's visible text on one line, with cheerio: what is never shown removed, line breaks and blocks as spaces. */
function nativeLinkText($: cheerio.CheerioAPI, element: any): string {
  if (element.name === "area") return ($(element).attr("alt") ?? "").replace(/\s+/g, " ").trim();
  const copy = $(element).clone();
  copy.find(UNSEEN).remove();
  copy.find("*").filter((_, e) => {
    const css = ($(e).css() ?? {}) as Record<string, string>;
    return Object.entries(css).some(([k, v]) => (k.toLowerCase() === "display" && v === "none") || (k.toLowerCase() === "visibility" && v === "hidden"));
  }).remove();
  copy.find("br").replaceWith(" ");
  copy.find(BLOCKS).before(" ").after(" ");
  return copy.text().replace(/\s+/g, " ").trim();
}

const BASES = [undefined, "https://site.example/a/b.html?q=1"];

describe("html.links, images and metadata give what cheerio's queries give", () => {
  it.each(DOCS)("%s: links and images, without and with a base", async (_name, html) => {
    const $ = cheerio.load(html);
    for (const base of BASES) {
      const resolve = nativeResolver($, base);
      const nativeLinks = $("a[href], area[href]").toArray()
        .map((el) => ({ href: resolve($(el).attr("href")), text: nativeLinkText($, el) }))
        .filter((link) => link.href !== null);
      expect(await links(html, { base }), `base ${base}`).toEqual(nativeLinks);
      const nativeImages = $("img[src]").toArray()
        .map((el) => ({ src: resolve($(el).attr("src")), alt: $(el).attr("alt") ?? "" }))
        .filter((image) => image.src !== null);
      expect(await images(html, { base }), `base ${base}`).toEqual(nativeImages);
    }
  });

  it.each(DOCS)("%s: metadata", async (_name, html) => {
    const $ = cheerio.load(html);
    for (const base of BASES) {
      const resolve = nativeResolver($, base);
      const title = $("title").filter((_, el) => $(el).closest("svg").length === 0).first();
      const lang = $("html").first().attr("lang")?.trim();
      const og: Record<string, string> = {};
      const meta: Record<string, string> = {};
      $("meta").each((_, el) => {
        const content = $(el).attr("content") ?? "";
        const name = ($(el).attr("name") ?? "").trim().toLowerCase();
        const property = ($(el).attr("property") ?? "").trim().toLowerCase();
        if (property.startsWith("og:") && property.length > 3) og[property.slice(3)] ??= content;
        if (name) meta[name] ??= content;
        if (property && !property.startsWith("og:")) meta[property] ??= content;
      });
      const canonical = $("link[rel~=canonical i][href]").toArray().map((el) => resolve($(el).attr("href"))).find((href) => href !== null);
      const ours = await metadata(html, { base });
      expect({ ...ours, openGraph: { ...ours.openGraph }, meta: { ...ours.meta } }, `base ${base}`).toEqual({
        title: title.length ? title.text().replace(/\s+/g, " ").trim() : null,
        description: $("meta").filter((_, el) => ($(el).attr("name") ?? "").trim().toLowerCase() === "description").first().attr("content") ?? null,
        canonical: canonical ?? null,
        lang: lang ? lang : null,
        openGraph: og,
        meta,
      });
      expect(Object.getPrototypeOf(ours.openGraph)).toBeNull();
    }
  });

  it("the corpus exercises what the rules are about", async () => {
    const byName = Object.fromEntries(DOCS);
    const pageLinks = await links(byName["links.html"]!);
    expect(pageLinks.map((l) => l.text)).toContain("text visible");
    expect(pageLinks.map((l) => l.text)).toContain("line break");
    expect(pageLinks.map((l) => l.href)).toContain("javascript:void(0)");
    const based = await links(byName["links.html"]!, { base: "https://site.example/a/b.html" });
    expect(based[0]).toEqual({ href: "https://site.example/docs/v2/page.html", text: "relative" });
    expect((await metadata(byName["svg.html"]!)).title).toBe("SVG and MathML");
    expect((await metadata(byName["links.html"]!)).openGraph.url).toBe("https://links.example.com/");
    expect((await metadata(byName["article.html"]!)).lang).toBe("fr-CA");
  });
});

// ── text: the module's own visible-text rule, not cheerio's .text() ───────────────────────────────────────────────

describe("html.text is the README's visible text, deliberately not cheerio's .text()", () => {
  const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

  it("on an element holding only text, it is cheerio's .text() with whitespace collapsed", async () => {
    for (const [name, html] of DOCS) {
      const $ = cheerio.load(html);
      const leaves = $("body *").filter((_, el) => el.children.length > 0 && el.children.every((c) => c.type === "text"));
      const ours = await select(html, "body *", { text: true });
      const all = $("body *").toArray();
      leaves.each((_, el) => {
        expect(ours[all.indexOf(el)], `${name} <${el.name}>`).toBe(collapse($(el).text()));
      });
    }
  });

  it("leaves out script, style, head and hidden content that cheerio's .text() keeps", async () => {
    const html = Object.fromEntries(DOCS)["article.html"]!;
    const $ = cheerio.load(html);
    const ours = await text(html);
    expect($.root().text()).toContain('var x = "<p>not a paragraph</p>"');
    expect($.root().text()).toContain(".lead { font-weight: bold }");
    expect($.root().text()).toContain("Un   article");
    expect(ours).not.toContain("var x");
    expect(ours).not.toContain("font-weight");
    expect(ours.split("\n")[0]).toBe("Accueil");
    const attrs = Object.fromEntries(DOCS)["attributes.html"]!;
    expect(cheerio.load(attrs).root().text()).toContain("hidden paragraph");
    expect(await text(attrs)).not.toMatch(/hidden paragraph|inline hidden|invisible|video fallback/);
    expect(await text(attrs)).toContain("shown");
  });

  it("breaks lines at blocks and <br>, spaces table cells, collapses whitespace: cheerio's .text() concatenates", async () => {
    const byName = Object.fromEntries(DOCS);
    const $ = cheerio.load(byName["whitespace.html"]!);
    expect($("div").first().text()).toBe("  a bc  ");
    expect(await text(byName["whitespace.html"]!, "div")).toBe("a bc\nblock\nnested block\ntail\nnested block");
    expect(await text(byName["article.html"]!, "article p:nth-of-type(2)")).toBe("Deuxième paragraphe\nsur deux lignes.");
    expect(cheerio.load(byName["article.html"]!)("article p").eq(1).text()).toBe("Deuxième paragraphesur deux lignes.");
    const tables = cheerio.load(byName["tables.html"]!);
    expect(tables("table.inner tr").first().text()).toBe("i1i2");
    expect(await select(byName["tables.html"]!, "table.inner tr", { text: true })).toEqual(["i1 i2", "i3"]);
    // <pre> keeps its spacing in cheerio; visible text collapses it too.
    expect(cheerio.load(byName["whitespace.html"]!)("pre").text()).toContain("     indentation");
    expect(await select(byName["whitespace.html"]!, "pre", { text: true })).toEqual(["keeps indentation"]);
  });
});
