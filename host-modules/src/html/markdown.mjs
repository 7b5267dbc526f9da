// Owns html.markdown in the worker: the document (or the elements matching a selector) as Markdown, the form a model
// reads a fetched page in. cheerio (parse5) parses and prunes what a reader never sees — script, style, head and the
// other SKIP elements, [hidden] and inline display:none — and resolves href/src against `base` like links(); then
// turndown (with its DOM parser, domino, which runs no script and loads nothing) writes the Markdown.
// Refuses what ops.mjs refuses (a selector that does not parse, output over maxOutputBytes).

import { attribute, budget, find, isHidden, load, resolver, SKIP } from "./ops.mjs";

/** The turndown module, loaded on the first markdown call (the other operations never need it). */
let TurndownService = null;

export async function loadTurndown() {
  TurndownService ??= (await import("turndown")).default;
}

/** Elements removed with their content before conversion: what visibleText skips, plus forms' controls. */
const PRUNED = [...SKIP, "select", "button", "input", "textarea"];

export function markdown({ fn, html, selector, base, limit, maxOutputBytes, style }) {
  const $ = load(html);
  const resolve = resolver($, base);
  const roots = selector === undefined ? [$.root()[0]] : find(fn, $, selector).slice(0, limit);
  // Explicit stack: deep documents do not recurse here (turndown itself is bounded by the worker's time and heap).
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop();
    for (const child of [...(node.children ?? [])]) {
      if (child.type !== "tag" && child.type !== "script" && child.type !== "style") continue;
      if (PRUNED.includes(child.name) || isHidden(child)) {
        $(child).remove();
        continue;
      }
      for (const name of ["href", "src"]) {
        const value = attribute(child, name);
        if (value === undefined) continue;
        const resolved = resolve(value);
        if (resolved === null) $(child).removeAttr(name);
        else child.attribs[name] = resolved;
      }
      stack.push(child);
    }
  }
  const service = new TurndownService({
    headingStyle: style.headingStyle,
    bulletListMarker: style.bulletListMarker,
    codeBlockStyle: style.codeBlockStyle,
    emDelimiter: style.emDelimiter,
    strongDelimiter: style.strongDelimiter,
    linkStyle: style.linkStyle,
  });
  const pieces = roots.map((root) => service.turndown(root.type === "root" ? $.html(root.children) : $.html(root)).trim()).filter((piece) => piece.length > 0);
  const result = pieces.join("\n\n");
  budget(fn, maxOutputBytes)(result);
  return result;
}
