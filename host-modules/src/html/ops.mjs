// Owns what the html worker computes: parsing HTML with cheerio (parse5, like a browser) and answering select,
// text, links, images and metadata as plain data. Nothing is fetched or executed: cheerio never runs scripts
// and never loads resources. Refuses selectors that do not parse and output over `maxOutputBytes`.
// Kept apart from worker.mjs so that tests can run it in-process (with network and script traps set).
// Plain JavaScript because worker threads load files as they are; the host-side checks live in index.ts.

import { refusal, refusalCode } from "../refusal.mjs";
import { stringSize } from "../result-size.mjs";

/** The cheerio module, set by loadCheerio(). @type {typeof import("cheerio") | null} */
let cheerio = null;

/** Loads cheerio (lazily: it is heavy) before the first operation. */
export async function loadCheerio() {
  cheerio ??= await import("cheerio");
}


/** The { code, message } the host turns into a HostModuleError. */
export function describe(fn, error) {
  const code = refusalCode(error);
  if (code) return { code, message: error.message };
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return { code: "input-too-complex", message: `${fn}: the document is nested too deeply to walk; pass a flatter document` };
  }
  return { code: "internal-error", message: String(error?.message ?? error).split("\n", 1)[0] };
}

// ── budget ───────────────────────────────────────────────────────────────────────────────────────────────

/** A spender of `max` result bytes: each string counts as it crosses (escapes included), plus `extra` bytes. */
export function budget(fn, max) {
  let used = 0;
  return (text, extra = 0) => {
    used += stringSize(text) + extra;
    if (used > max) {
      throw refusal("output-too-large", `${fn}: the result is over the ${max.toLocaleString("en-US")}-byte output limit; use a narrower selector or a lower limit`);
    }
  };
}

// ── parsing and selecting ────────────────────────────────────────────────────────────────────────────────

export function load(html) {
  return cheerio.load(html);
}

/** Elements matching `selector` in document order; a selector that does not parse is refused. */
export function find(fn, $, selector) {
  try {
    // root().find() only ever selects: $(string) would build elements from a string that looks like HTML.
    return $.root().find(selector).toArray();
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw refusal("selector-invalid", `${fn}: the selector could not be parsed: ${String(error?.message ?? error).split("\n", 1)[0].slice(0, 200)}`);
  }
}

/**
 * `select`'s `attr`: cheerio's own .attr(name) (a boolean attribute such as `checked` gives its name, an option's
 * `value` falls back to its text, a radio's or checkbox's to "on"), tried with the exact name, then lower-cased as
 * the parser stores HTML attribute names (cheerio's .attr is exact; this fallback is the one deliberate difference).
 */
function attrValue($, element, name) {
  const wrapped = $(element);
  const value = wrapped.attr(name);
  if (value !== undefined || name.toLowerCase() === name) return value;
  return wrapped.attr(name.toLowerCase());
}

/** An element's own attribute (exact name first, then lower-cased as the parser stores HTML attributes). */
export function attribute(element, name) {
  const attribs = element.attribs;
  if (!attribs) return undefined;
  for (const key of [name, name.toLowerCase()]) {
    if (Object.hasOwn(attribs, key) && typeof attribs[key] === "string") return attribs[key];
  }
  return undefined;
}

// ── visible text ─────────────────────────────────────────────────────────────────────────────────────────

/** Elements whose content is never shown. */
export const SKIP = new Set(["script", "style", "noscript", "template", "head", "title", "iframe", "object", "embed", "canvas", "audio", "video"]);
/** Elements that start and end a line. */
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "div", "dl", "dt",
  "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
  "legend", "li", "main", "menu", "nav", "ol", "option", "p", "pre", "section", "summary", "table", "tbody", "tfoot", "thead",
  "tr", "ul",
]);

export function isHidden(node) {
  if (attribute(node, "hidden") !== undefined) return true;
  const style = attribute(node, "style");
  return typeof style === "string" && /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i.test(style);
}

/**
 * The text a reader would see in `roots`: script, style, head and similar elements, [hidden] and inline
 * display:none/visibility:hidden are left out; whitespace is collapsed; block elements and <br> break lines;
 * table cells are separated by a space. The roots themselves are always read, even if they are such elements.
 * Walks with an explicit stack, so deep documents do not recurse.
 */
function visibleText(roots) {
  const parts = [];
  const stack = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i], root: true });
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === "string") {
      parts.push(item);
      continue;
    }
    const { node, root } = item;
    if (node.type === "text") {
      if (typeof node.data === "string") parts.push(node.data.replace(/\s+/g, " "));
      continue;
    }
    const isElement = node.type === "tag" || node.type === "script" || node.type === "style";
    if (!isElement && node.type !== "root" && node.type !== "cdata") continue;
    if (isElement && !root) {
      if (SKIP.has(node.name) || isHidden(node)) continue;
    }
    if (isElement && node.name === "br") {
      parts.push("\n");
      continue;
    }
    if (isElement && BLOCK.has(node.name)) {
      parts.push("\n");
      stack.push("\n");
    } else if (isElement && (node.name === "td" || node.name === "th")) {
      parts.push(" ");
      stack.push(" ");
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], root: false });
  }
  return parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}

function oneLine(text) {
  return text.replace(/\n/g, " ");
}

// ── URLs ─────────────────────────────────────────────────────────────────────────────────────────────────

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/**
 * A function resolving an attribute value to a URL string, or null to drop it. With a base (the caller's
 * `base`, or the document's <base href> resolved against it) every value is resolved with new URL and
 * dropped if that fails. Without a base, absolute URLs are normalized (dropped if invalid) and relative
 * ones are returned as written.
 */
export function resolver($, base) {
  let effective = base ?? null;
  const baseHref = $("base[href]").first().attr("href");
  if (typeof baseHref === "string") {
    try {
      effective = new URL(baseHref.trim(), effective ?? undefined).href;
    } catch {
      // An unusable <base href> is ignored, as browsers do.
    }
  }
  return (raw) => {
    // As the URL standard reads an attribute: tabs and newlines anywhere are removed and C0 controls or spaces at
    // either end stripped, so `java&#9;script:` is the javascript: URL a browser sees, not a "relative" one.
    // eslint-disable-next-line no-control-regex
    const value = String(raw).replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").trim();
    if (effective) {
      try {
        return new URL(value, effective).href;
      } catch {
        return null;
      }
    }
    if (value === "") return null;
    if (SCHEME.test(value)) {
      try {
        return new URL(value).href;
      } catch {
        return null;
      }
    }
    return value;
  };
}

// ── operations ───────────────────────────────────────────────────────────────────────────────────────────

export const OPS = {
  select({ fn, html, selector, attr, limit, text, maxOutputBytes }) {
    const $ = load(html);
    const spend = budget(fn, maxOutputBytes);
    const out = [];
    for (const element of find(fn, $, selector)) {
      if (out.length >= limit) break;
      let value;
      if (attr !== undefined) {
        value = attrValue($, element, attr);
        if (typeof value !== "string") continue;
      } else if (text) {
        value = visibleText([element]);
      } else {
        value = $.html(element);
      }
      spend(value);
      out.push(value);
    }
    return out;
  },

  text({ fn, html, selector, limit, maxOutputBytes }) {
    const $ = load(html);
    const roots = selector === undefined ? [$.root()[0]] : find(fn, $, selector).slice(0, limit);
    const pieces = roots.map((root) => visibleText([root])).filter((piece) => piece.length > 0);
    const result = pieces.join("\n");
    budget(fn, maxOutputBytes)(result);
    return result;
  },

  links({ fn, html, base, limit, maxOutputBytes }) {
    const $ = load(html);
    const resolve = resolver($, base);
    const spend = budget(fn, maxOutputBytes);
    const out = [];
    for (const element of $("a[href], area[href]").toArray()) {
      if (out.length >= limit) break;
      const href = resolve(attribute(element, "href") ?? "");
      if (href === null) continue;
      const text = element.name === "area" ? (attribute(element, "alt") ?? "").replace(/\s+/g, " ").trim() : oneLine(visibleText([element]));
      spend(href, 20);
      spend(text);
      out.push({ href, text });
    }
    return out;
  },

  images({ fn, html, base, limit, maxOutputBytes }) {
    const $ = load(html);
    const resolve = resolver($, base);
    const spend = budget(fn, maxOutputBytes);
    const out = [];
    for (const element of $("img[src]").toArray()) {
      if (out.length >= limit) break;
      const src = resolve(attribute(element, "src") ?? "");
      if (src === null) continue;
      const alt = attribute(element, "alt") ?? "";
      spend(src, 20);
      spend(alt);
      out.push({ src, alt });
    }
    return out;
  },

  metadata({ fn, html, base, limit, maxOutputBytes }) {
    const $ = load(html);
    const resolve = resolver($, base);
    const spend = budget(fn, maxOutputBytes);

    let title = null;
    for (const element of $("title").toArray()) {
      let inSvg = false;
      for (let p = element.parent; p; p = p.parent) {
        if (p.name === "svg") {
          inSvg = true;
          break;
        }
      }
      if (!inSvg) {
        title = visibleText([element]).replace(/\n/g, " ");
        break;
      }
    }
    const langAttr = $("html").first().attr("lang");
    const lang = typeof langAttr === "string" && langAttr.trim() ? langAttr.trim() : null;

    let description = null;
    let canonical = null;
    const openGraph = [];
    const meta = [];
    const seenOg = new Set();
    const seenMeta = new Set();
    for (const element of $("meta").toArray()) {
      const content = attribute(element, "content") ?? "";
      const name = (attribute(element, "name") ?? "").trim().toLowerCase();
      const property = (attribute(element, "property") ?? "").trim().toLowerCase();
      if (name === "description" && description === null) description = content;
      if (property.startsWith("og:") && property.length > 3) {
        const key = property.slice(3);
        if (!seenOg.has(key) && openGraph.length < limit) {
          seenOg.add(key);
          spend(key, 3); // a map with a key "\u0000" crosses as tagged pairs
          spend(content);
          openGraph.push([key, content]);
        }
      }
      for (const key of [name, property.startsWith("og:") ? "" : property]) {
        if (key && !seenMeta.has(key) && meta.length < limit) {
          seenMeta.add(key);
          spend(key, 3); // a map with a key "\u0000" crosses as tagged pairs
          spend(content);
          meta.push([key, content]);
        }
      }
    }
    for (const element of $("link[rel][href]").toArray()) {
      const rel = (attribute(element, "rel") ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("canonical")) {
        canonical = resolve(attribute(element, "href") ?? "");
        if (canonical !== null) break;
      }
    }
    for (const value of [title, description, canonical, lang]) if (value !== null) spend(value);
    return { title, description, canonical, lang, openGraph, meta };
  },
};
