// Owns html.select, html.text, html.links, html.images, html.metadata and html.markdown on the host. Checks every argument
// here, then runs cheerio in the html worker pool (worker.mjs; up to TUNING.htmlWorkers workers, runs served in turn)
// under HTML_LIMITS.timeoutMs and TUNING.htmlWorkerHeapMb; a call whose run ends is cancelled (see ../isolate.ts).
// Refuses HTML over SHARED_LIMITS.textBytes, selectors over HTML_LIMITS.maxSelectorLength or that do not parse,
// a `limit` over HTML_LIMITS.maxResults, a non-absolute `base`, unknown options, and results over
// SHARED_LIMITS.outputBytes. Nothing is fetched or executed; metadata maps are built without a prototype.

import { HostModuleError } from "../errors.js";
import { absoluteUrl, bool, checkText, n, oneOf, readOptions, text as textRule, typeName, withinLimit, type OptionRule } from "../check.js";
import { SHARED_LIMITS } from "../limits.js";
import { HTML_LIMITS } from "./descriptor.js";
import { TUNING } from "../tuning.js";
import { RESULT_FRAME_BYTES, mapFromEntries } from "../output.js";
import { Isolate } from "../isolate.js";
import { beginCall, type HostCallContext } from "../context.js";

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

export interface MarkdownOptions {
  /** Only the elements matching this CSS selector (at most `limit`), each converted and joined by a blank line. */
  selector?: string;
  base?: string;
  limit?: number;
  headingStyle?: "atx" | "setext";
  bulletListMarker?: "-" | "*" | "+";
  codeBlockStyle?: "fenced" | "indented";
  emDelimiter?: "_" | "*";
  strongDelimiter?: "**" | "__";
  linkStyle?: "inlined" | "referenced";
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

const limitRule = withinLimit(HTML_LIMITS.maxResults);

/** What the worker may return, as the result crosses (see output.ts). */
const MAX_RESULT_BYTES = SHARED_LIMITS.outputBytes.default - RESULT_FRAME_BYTES;

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

const MARKDOWN_RULES: Record<string, OptionRule> = {
  selector: textRule(1, HTML_LIMITS.maxSelectorLength.default, "a CSS selector such as \"article\""),
  base: absoluteUrl,
  limit: limitRule,
  headingStyle: oneOf("atx", "setext"),
  bulletListMarker: oneOf("-", "*", "+"),
  codeBlockStyle: oneOf("fenced", "indented"),
  emDelimiter: oneOf("_", "*"),
  strongDelimiter: oneOf("**", "__"),
  linkStyle: oneOf("inlined", "referenced"),
};

/** Turndown's options that take no function, with the defaults a model reads best (not all of turndown's own). */
const MARKDOWN_STYLE = { headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "_", strongDelimiter: "**", linkStyle: "inlined" } as const;

// Resolved from the package root so it works from src/ (vitest) and dist/ (built) alike: tsc does not copy .mjs.
const isolate = new Isolate({
  name: "html",
  script: new URL("../../src/html/worker.mjs", import.meta.url),
  timeoutMs: HTML_LIMITS.timeoutMs.default,
  heapMb: TUNING.htmlWorkerHeapMb.value,
  startTimeoutMs: TUNING.workerStartTimeoutMs.value,
  size: TUNING.htmlWorkers.value,
});

function checkSelector(fn: string, selector: unknown): string {
  if (typeof selector !== "string") {
    throw new HostModuleError("input-invalid", `${fn}: selector must be a string, got ${typeName(selector)}`);
  }
  if (selector.trim().length === 0) throw new HostModuleError("selector-invalid", `${fn}: the selector is empty`);
  if (selector.length > HTML_LIMITS.maxSelectorLength.default) {
    throw new HostModuleError(
      "input-too-large",
      `${fn}: the selector is ${n(selector.length)} characters, over the ${n(HTML_LIMITS.maxSelectorLength.default)}-character limit; use a shorter selector`,
    );
  }
  return selector;
}

/**
 * The elements matching `selector`, in document order, at most `limit` (default and ceiling HTML_LIMITS.maxResults):
 * with `attr`, that attribute's value (elements without it are skipped); with `text: true`, the element's
 * visible text; otherwise its outer HTML.
 */
export async function select(html: string, selector: string, options?: SelectOptions, context?: HostCallContext): Promise<string[]> {
  const fn = "html.select";
  const call = beginCall(fn, context);
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
    limit: (o.limit as number | undefined) ?? HTML_LIMITS.maxResults.default,
    maxOutputBytes: MAX_RESULT_BYTES,
  }, [], call);
}

/**
 * The visible text of the document, or of the elements matching `selector` (at most HTML_LIMITS.maxResults, joined
 * with "\n"): script, style, head, noscript, template and similar elements, [hidden] and inline
 * display:none / visibility:hidden are left out; whitespace is collapsed; block elements and <br> end lines.
 */
export async function text(html: string, selector?: string, context?: HostCallContext): Promise<string> {
  const fn = "html.text";
  const call = beginCall(fn, context);
  const source = checkText(fn, "html", html);
  const query = selector === undefined ? undefined : checkSelector(fn, selector);
  return isolate.run<string>(fn, "text", { fn, html: source, selector: query, limit: HTML_LIMITS.maxResults.default, maxOutputBytes: MAX_RESULT_BYTES }, [], call);
}

/**
 * Every <a href> and <area href>, in document order, at most `limit`: `href` resolved against `base` (and the
 * document's <base href>) with new URL, unresolvable ones dropped; `text` is the link's visible text on one
 * line (an area's alt).
 */
export async function links(html: string, options?: UrlOptions, context?: HostCallContext): Promise<Link[]> {
  const fn = "html.links";
  const call = beginCall(fn, context);
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, URL_RULES);
  return isolate.run<Link[]>(fn, "links", {
    fn,
    html: source,
    base: o.base,
    limit: (o.limit as number | undefined) ?? HTML_LIMITS.maxResults.default,
    maxOutputBytes: MAX_RESULT_BYTES,
  }, [], call);
}

/** Every <img src>, in document order, at most `limit`: `src` resolved like links' href, `alt` ("" when absent). */
export async function images(html: string, options?: UrlOptions, context?: HostCallContext): Promise<Image[]> {
  const fn = "html.images";
  const call = beginCall(fn, context);
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, URL_RULES);
  return isolate.run<Image[]>(fn, "images", {
    fn,
    html: source,
    base: o.base,
    limit: (o.limit as number | undefined) ?? HTML_LIMITS.maxResults.default,
    maxOutputBytes: MAX_RESULT_BYTES,
  }, [], call);
}

/**
 * The document's title, meta description, canonical URL (resolved like links), <html lang>, Open Graph
 * properties (og: prefix removed) and other named metas, as null-prototype maps; the first occurrence of a key
 * wins and each map holds at most HTML_LIMITS.maxResults keys.
 */
export async function metadata(html: string, options?: MetadataOptions, context?: HostCallContext): Promise<Metadata> {
  const fn = "html.metadata";
  const call = beginCall(fn, context);
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, METADATA_RULES);
  const raw = await isolate.run<Omit<Metadata, "openGraph" | "meta"> & { openGraph: [string, string][]; meta: [string, string][] }>(
    fn,
    "metadata",
    { fn, html: source, base: o.base, limit: HTML_LIMITS.maxResults.default, maxOutputBytes: MAX_RESULT_BYTES },
    [],
    call,
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

/**
 * The document, or the elements matching `options.selector`, as Markdown (turndown): what a reader never sees is left
 * out (script, style, head, noscript, template, embedded media, form controls, [hidden], inline display:none), hrefs
 * and srcs are resolved like links' against `base` and the document's <base href>, ATX headings, "-" bullets and
 * fenced code by default. Tables become their cells' text (turndown has no table rule).
 */
export async function markdown(html: string, options?: MarkdownOptions, context?: HostCallContext): Promise<string> {
  const fn = "html.markdown";
  const call = beginCall(fn, context);
  const source = checkText(fn, "html", html);
  const o = readOptions(fn, options, MARKDOWN_RULES);
  const selector = o.selector === undefined ? undefined : checkSelector(fn, o.selector);
  const style = Object.fromEntries(Object.entries(MARKDOWN_STYLE).map(([key, value]) => [key, o[key] ?? value]));
  return isolate.run<string>(fn, "markdown", {
    fn,
    html: source,
    selector,
    base: o.base,
    limit: (o.limit as number | undefined) ?? HTML_LIMITS.maxResults.default,
    maxOutputBytes: MAX_RESULT_BYTES,
    style,
  }, [], call);
}

/** Host only (never pin it for guests): terminates the html workers; the next call starts a new one. */
export async function shutdown(): Promise<void> {
  await isolate.shutdown();
}
