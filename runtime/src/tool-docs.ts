// Owns the prompt's reference of tool modules: a TypeScript declaration per tool, generated from its input and output
// JSON Schemas with the first sentence of its description; past TOOL_DOCS_FULL tools the rest are listed by name, and
// the built-in module "capsule:docs" (search(query)) lets a program look any tool's declaration up from inside the run.
// The schema-to-TypeScript step is written here rather than taken from json-schema-to-typescript: that library
// formats through prettier (~8 MB) and is asynchronous, while this must run synchronously in the run path of both Node
// and the browser runner; it covers what tool schemas use (types, properties, required, items, tuples, enum, const,
// anyOf/oneOf/allOf, additionalProperties, descriptions) and says `unknown` for the rest ($ref, conditionals).
// Refuses nothing.

import type { JsonSchema, Tool, ToolBelt, ToolModule } from "./tools.js";
import { escapeControls } from "./observation.js";

/** Tools whose declarations a reference shows in full; the rest are listed by name only. */
export const TOOL_DOCS_FULL = 16;
/** Results capsule:docs' search() returns at most. */
const SEARCH_RESULTS = 5;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name: string) => (IDENT.test(name) ? name : JSON.stringify(name));

export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?](\s|$)/);
  return end >= 0 ? flat.slice(0, end + 1) : flat;
}

/** The longest first sentence a doc comment shows (a tool's description is its author's, or an MCP server's). */
const DOC_SENTENCE_MAX = 300;

/**
 * A description's first sentence as the text of a doc comment: cut, its controls shown escaped, and "*\/" broken so it
 * cannot close the comment (a server's `*\/ export function evil(): void; /*` added a declaration of its own).
 */
export function docText(text: string): string {
  const sentence = firstSentence(text);
  const cut = sentence.length > DOC_SENTENCE_MAX ? `${sentence.slice(0, DOC_SENTENCE_MAX)}…` : sentence;
  // firstSentence turned tabs and newlines into spaces; the other controls are shown as the observation shows them.
  return escapeControls(cut).replace(/\*\//g, "*\\/");
}

/** A TypeScript type for `schema`. */
export function schemaToType(schema: JsonSchema | undefined, indent = ""): string {
  if (schema === undefined || schema === true) return "unknown";
  if (schema === false) return "never";
  const s = schema as Record<string, unknown>;
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ") || "never";
  for (const [word, joiner] of [["anyOf", " | "], ["oneOf", " | "], ["allOf", " & "]] as const) {
    if (Array.isArray(s[word])) return (s[word] as JsonSchema[]).map((part) => wrap(schemaToType(part, indent))).join(joiner);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : s.properties ? ["object"] : s.items ? ["array"] : [];
  if (types.length === 0) return "unknown";
  return types.map((t) => wrap(single(t, s, indent))).join(" | ");
}

/** `type` in parentheses when it is a union or intersection at its top level (so `[]` or `|` apply to all of it). */
function wrap(type: string): string {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (quoted) {
      if (c === "\\") i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if ("([{<".includes(c)) depth++;
    else if (")]}>".includes(c)) depth--;
    else if (depth === 0 && (c === "|" || c === "&")) return `(${type})`;
  }
  return type;
}

function single(type: string, s: Record<string, unknown>, indent: string): string {
  switch (type) {
    case "string": return "string";
    case "number": case "integer": return "number";
    case "boolean": return "boolean";
    case "null": return "null";
    case "array": {
      const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined;
      if (tuple) return `[${(tuple as JsonSchema[]).map((item) => schemaToType(item, indent)).join(", ")}]`;
      return `${wrap(schemaToType(s.items as JsonSchema | undefined, indent))}[]`;
    }
    case "object": {
      const inner = indent + "  ";
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const lines: string[] = [];
      for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
        const doc = typeof prop === "object" && typeof prop.description === "string" ? `${inner}/** ${docText(prop.description)} */\n` : "";
        lines.push(`${doc}${inner}${key(name)}${required.has(name) ? "" : "?"}: ${schemaToType(prop, inner)};`);
      }
      const extra = s.additionalProperties;
      if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: ${extra === true ? "unknown" : schemaToType(extra as JsonSchema, inner)};`);
      return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : extra === false ? "{}" : "Record<string, unknown>";
    }
    default: return "unknown";
  }
}

/** The declaration of one tool, as a function of its module. */
export function toolDeclaration(name: string, tool: Tool, indent = "  "): string {
  const doc = tool.description ? `${indent}/** ${docText(tool.description)}${tool.sideEffects ? " (side effects: needs a grant)" : ""} */\n` : "";
  return `${doc}${indent}export function ${name}(input: ${schemaToType(tool.inputSchema, indent)}): Promise<${tool.outputSchema === undefined ? "unknown" : schemaToType(tool.outputSchema, indent)}>;`;
}

/** `declare module` blocks for a belt: the first `full` tools in full, the rest by name, pointing at capsule:docs. */
export function toolDeclarations(belt: ToolBelt, full = TOOL_DOCS_FULL): string {
  let shown = 0;
  const blocks: string[] = [];
  const rest: string[] = [];
  for (const [specifier, tools] of Object.entries(belt)) {
    const lines: string[] = [];
    const names: string[] = [];
    for (const [name, tool] of Object.entries(tools)) {
      if (shown < full) {
        lines.push(toolDeclaration(name, tool));
        shown++;
      } else names.push(name);
    }
    if (names.length) {
      lines.push(`  // and ${names.length} more: ${names.join(", ")} — each is callable; look its input up with search() of "capsule:docs"`);
      rest.push(...names);
    }
    lines.push("  const tools: { " + Object.keys(tools).map((n) => `${key(n)}: typeof ${n}`).join("; ") + " };", "  export default tools;");
    blocks.push(`declare module ${JSON.stringify(specifier)} {\n${lines.join("\n")}\n}`);
  }
  if (rest.length) {
    blocks.push(`declare module "capsule:docs" {\n  /** The declarations of the tools whose name or description best matches the query. */\n  export function search(query: string): Promise<Array<{ module: string; name: string; description: string; declaration: string }>>;\n}`);
  }
  return blocks.join("\n\n");
}

/** The built-in "capsule:docs" tool module over `belt`. */
export function docsModule(belt: ToolBelt): ToolModule {
  return {
    search: {
      description: "The declarations of the tools whose name or description best matches the query.",
      inputSchema: { type: "string" },
      handler: (query: string) => search(belt, query),
    },
  };
}

function search(belt: ToolBelt, query: string) {
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const scored: Array<{ score: number; module: string; name: string; description: string; declaration: string }> = [];
  for (const [module, tools] of Object.entries(belt)) {
    for (const [name, tool] of Object.entries(tools)) {
      const inName = `${module} ${name}`.toLowerCase();
      const inText = tool.description.toLowerCase();
      const score = words.reduce((sum, w) => sum + (inName.includes(w) ? 3 : 0) + (inText.includes(w) ? 1 : 0), 0);
      if (score > 0) scored.push({ score, module, name, description: tool.description, declaration: toolDeclaration(name, tool, "") });
    }
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, SEARCH_RESULTS).map(({ score: _score, ...rest }) => rest);
}
