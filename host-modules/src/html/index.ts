// Owns html.select, html.text, html.links, html.images and html.metadata on the host. Checks every argument
// here, then runs cheerio in the html worker (worker.mjs) under HTML_TIMEOUT_MS and HTML_WORKER_HEAP_MB.
// Refuses HTML over MAX_TEXT_BYTES, selectors over HTML_MAX_SELECTOR_LENGTH or that do not parse, a `limit`
// over HTML_MAX_RESULTS, a non-absolute `base`, unknown options, and results over MAX_OUTPUT_BYTES. Nothing is
// fetched or executed; metadata maps are built without a prototype.

import { HostModuleError } from "../errors.js";
import { absoluteUrl, bool, checkText, intRange, n, readOptions, text as textRule, typeName, type OptionRule } from "../check.js";
import { HTML_MAX_RESULTS, HTML_MAX_SELECTOR_LENGTH, HTML_TIMEOUT_MS, HTML_WORKER_HEAP_MB, MAX_OUTPUT_BYTES } from "../limits.js";
import { mapFromEntries } from "../output.js";
import { Isolate } from "../isolate.js";

export interface SelectOptions {
  attr?: string;
  limit?: number;
  text?: boolean;
}

export interface UrlOptions {
  base?: string;
  limit?: number;
}

export interface MetadataOptions {
  base?: string;
}

export interface Link {
  href: string;
  text: string;
}

export interface Image {
  src: string;
  alt: string;
}

export interface Metadata {
  title: string | null;
  description: string | null;
  canonical: string | null;
  lang: string | null;
  openGraph: Record<string, string>;
  meta: Record<string, string>;
}

const limitRule = intRange(1, HTML_MAX_RESULTS);

const SELECT_RULES: Record<string, OptionRule> = {
  attr: textRule(1, 256, "an attribute name such as \"href\"", (v) => !/[\s"'>/=\u0000]/.test(v)),
  limit: limitRule,
  text: bool,
};

const URL_RULES: Record<string, OptionRule> = {
  base: absoluteUrl,
  limit: limitRule,
};

const METADATA_RULES: Record<string, OptionRule> = {
  base: absoluteUrl,
};

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "html",
  script: new URL("../../src/html/worker.mjs", import.meta.url),
  timeoutMs: HTML_TIMEOUT_MS,
  heapMb: HTML_WORKER_HEAP_MB,
});

function checkSelector(fn: string, selector: unknown): string {
  if (typeof selector !== "string") {
    throw new HostModuleError("input-invalid", `${fn}: selector must be a string, got ${typeName(selector)}`);
  }
  if (selector.trim().length === 0) throw new HostModuleError("selector-invalid", `${fn}: the selector is empty`);
  if (selector.length > HTML_MAX_SELECTOR_LENGTH) {
    throw new HostModuleError(
      "input-too-large",
      `${fn}: the selector is ${n(selector.length)} characters, over the ${n(HTML_MAX_SELECTOR_LENGTH)}-character limit; use a shorter selector`,
    );
  }
  return selector;
}

/**
 * The elements matching `selector`, in document order, at most `limit` (default and ceiling HTML_MAX_RESULTS):
 * with `attr`, that attribute's value (elements without it are skipped); with `text: true`, the element's
 * visible text; otherwise its outer HTML.
 */
export async function select(html: string, selector: string, options?: SelectOptions): Promise<string[]> {
  const fn = "html.select";
  const source = checkText(fn, "html", html);
  const query = checkSelector(fn, selector);
  const o = readOptions(fn, options, SELECT_RULES);
  if (o.attr !== undefined && o.text === true) {
    throw new HostModuleError("option-invalid", `${fn}: options "attr" and "text" cannot be used together`);
  }
  return isolate.run<string[]>(fn, "select", {
    fn,
    html: source,
    selector: query,
    attr: o.attr,
    text: o.text === true,
    limit: (o.limit as number | undefined) ?? HTML_MAX_RESULTS,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  });
}

/**
 * The visible text of the document, or of the elements matching `selector` (at most HTML_MAX_RESULTS, joined
 * with "\n"): script, style, head, noscript, template and similar elements, [hidden] and inline
 * display:none / visibility:hidden are left out; whitespace is collapsed; block elements and <br> end lines.
 */
export async function text(html: string, selector?: string): Promise<string> {
  const fn = "html.text";
  const source = checkText(fn, "html", html);
  const query = selector === undefined ? undefined : checkSelector(fn, selector);
  return isolate.run<string>(fn, "text", { fn, html: source, selector: query, limit: HTML_MAX_RESULTS, maxOutputBytes: MAX_OUTPUT_BYTES });
}

/**
 * Every <a href> and <area href>, in document order, at most `limit`: `href` resolved against `base` (and the
 * document's <base href>) with new URL, unresolvable ones dropped; `text` is the link's visible text on one
 * line (an area's alt).
 */
export async function links(html: string, options?: UrlOptions): Promise<Link[]> {
  const fn = "html.links";
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, URL_RULES);
  return isolate.run<Link[]>(fn, "links", {
    fn,
    html: source,
    base: o.base,
    limit: (o.limit as number | undefined) ?? HTML_MAX_RESULTS,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  });
}

/** Every <img src>, in document order, at most `limit`: `src` resolved like links' href, `alt` ("" when absent). */
export async function images(html: string, options?: UrlOptions): Promise<Image[]> {
  const fn = "html.images";
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, URL_RULES);
  return isolate.run<Image[]>(fn, "images", {
    fn,
    html: source,
    base: o.base,
    limit: (o.limit as number | undefined) ?? HTML_MAX_RESULTS,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  });
}

/**
 * The document's title, meta description, canonical URL (resolved like links), <html lang>, Open Graph
 * properties (og: prefix removed) and other named metas, as null-prototype maps; the first occurrence of a key
 * wins and each map holds at most HTML_MAX_RESULTS keys.
 */
export async function metadata(html: string, options?: MetadataOptions): Promise<Metadata> {
  const fn = "html.metadata";
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, METADATA_RULES);
  const raw = await isolate.run<Omit<Metadata, "openGraph" | "meta"> & { openGraph: [string, string][]; meta: [string, string][] }>(
    fn,
    "metadata",
    { fn, html: source, base: o.base, limit: HTML_MAX_RESULTS, maxOutputBytes: MAX_OUTPUT_BYTES },
  );
  return {
    title: raw.title,
    description: raw.description,
    canonical: raw.canonical,
    lang: raw.lang,
    openGraph: mapFromEntries(raw.openGraph),
    meta: mapFromEntries(raw.meta),
  };
}

/** Host only (never pin it for guests): terminates the html worker; the next call starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
