// Owns what Capsule knows of the html host module without loading cheerio: its host id, the one package allowed to
// declare it, its exports with argument shapes, and its limits. The registry pins it; index.ts enforces the limits.
// Refuses nothing itself.

import { options, type HostModuleDescriptor } from "../descriptor.js";

export const HTML_LIMITS = {
  maxSelectorLength: { default: 1_024, ceiling: 1_024, floor: 1, code: "input-too-large", doc: "selector characters" },
  maxResults: { default: 10_000, ceiling: 10_000, floor: 1, code: "truncated", doc: "`limit` default and ceiling; elements `text` joins; keys per metadata map" },
  timeoutMs: { default: 20_000, ceiling: 20_000, floor: 1, code: "timeout", doc: "one html call in the worker (parsers are quadratic on hostile nesting); the worker is then replaced" },
} as const;

export const html = {
  id: "capsule.html",
  package: "@capsule/html",
  exports: {
    select: { params: [{ name: "html", type: "string" }, { name: "selector", type: "string" }, options()], summary: "Strings for the elements matching a CSS selector (text, an attribute, or HTML)." },
    text: { params: [{ name: "html", type: "string" }, { name: "selector", type: "string", optional: true }], summary: "Visible text of the document or of the matching elements." },
    links: { params: [{ name: "html", type: "string" }, options()], summary: "Links as { href, text } with hrefs resolved against options.base." },
    images: { params: [{ name: "html", type: "string" }, options()], summary: "Images as { src, alt } with srcs resolved against options.base." },
    metadata: { params: [{ name: "html", type: "string" }, options()], summary: "Title, description, canonical URL, language, Open Graph and meta tags." },
    markdown: { params: [{ name: "html", type: "string" }, options()], summary: "The document, or the elements matching options.selector, as Markdown (turndown), without what a reader never sees." },
  },
  hostOnly: ["shutdown"],
  callContext: true,
  limits: HTML_LIMITS,
  load: () => import("./index.js"),
} satisfies HostModuleDescriptor;
