// Owns the one-line module summary taken from a pack's SKILL.md: the first paragraph line under a heading
// that names the module (its specifier or its subpath, bare or in `code`), else the file's first
// paragraph line. Skips YAML front matter, code fences, HTML comments and tables; never renders Markdown.

import { SUMMARY_MAX_CHARS } from "../tuning.js";

type Block = { kind: "heading"; text: string } | { kind: "para"; text: string };

function blocks(markdown: string): Block[] {
  const lines = markdown.replace(/^\uFEFF/, "").split(/\r?\n/);
  const out: Block[] = [];
  let i = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((l, j) => j > 0 && (l.trim() === "---" || l.trim() === "..."));
    if (end > 0) i = end + 1;
  }
  let inPara = false;
  let fence: string | undefined;
  let inComment = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (fence) {
      if (t.startsWith(fence)) fence = undefined;
      continue;
    }
    if (inComment) {
      if (t.includes("-->")) inComment = false;
      continue;
    }
    if (t === "") {
      inPara = false;
      continue;
    }
    const fenceMatch = /^(`{3,}|~{3,})/.exec(t);
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      inPara = false;
      continue;
    }
    if (t.startsWith("<!--")) {
      if (!t.includes("-->")) inComment = true;
      continue;
    }
    const atx = /^#{1,6}(?:\s+(.*?))?\s*#*\s*$/.exec(t);
    if (atx) {
      out.push({ kind: "heading", text: (atx[1] ?? "").trim() });
      inPara = false;
      continue;
    }
    const next = lines[i + 1]?.trim() ?? "";
    if (!inPara && (/^=+$/.test(next) || /^-+$/.test(next))) {
      out.push({ kind: "heading", text: t });
      i++;
      continue;
    }
    if (t.startsWith("|") || /^[-=*_]{3,}$/.test(t)) {
      inPara = false;
      continue;
    }
    if (!inPara) {
      const text = t.replace(/^>\s?/, "").replace(/^(?:[-*+]|\d+[.)])\s+/, "").trim();
      if (text) out.push({ kind: "para", text });
      inPara = true;
    }
  }
  return out;
}

function headingNames(text: string): string[] {
  const names = new Set<string>();
  const clean = (s: string) => s.replace(/^[`"'*_]+|[`"'*_:]+$/g, "").trim();
  names.add(clean(text));
  for (const m of text.matchAll(/`([^`]+)`/g)) names.add(clean(m[1]!));
  const first = text.split(/\s+/)[0];
  if (first) names.add(clean(first));
  return [...names].filter(Boolean);
}

function oneLine(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > SUMMARY_MAX_CHARS ? `${collapsed.slice(0, SUMMARY_MAX_CHARS - 1)}…` : collapsed;
}

/** Summary of one module from SKILL.md text ("" when there is no paragraph at all). */
export function extractSummary(markdown: string, specifier: string, subpath: string): string {
  const bs = blocks(markdown);
  const wanted = new Set([specifier, ...(subpath === "." ? [] : [subpath])]);
  for (let i = 0; i < bs.length; i++) {
    const b = bs[i]!;
    if (b.kind !== "heading" || !headingNames(b.text).some((n) => wanted.has(n))) continue;
    const para = bs[i + 1];
    if (para?.kind === "para") return oneLine(para.text);
  }
  const first = bs.find((b) => b.kind === "para");
  return first ? oneLine(first.text) : "";
}
