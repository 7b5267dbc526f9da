// Owns the answer of list_modules: what a program run by execute_code may import — the catalog's admitted modules
// (guest packs, host and wasm facades) with their one-line summaries and exports, and the tool modules (the tools of
// connected MCP servers, or any belt) with each tool's description and whether it has side effects — as data and as
// a short text for a model. Refuses nothing; it lists what it is given, sorted by specifier.

import type { ToolBelt } from "@capsule/runtime";

/** What list_modules needs of a catalog entry (the compiler's CatalogModule fits). */
export interface CatalogModuleLike {
  specifier: string;
  kind?: "guest" | "host" | "wasm";
  summary?: string;
  exports?: readonly string[];
}

export interface ToolSummary {
  /** The guest identifier (what the program imports). */
  name: string;
  description: string;
  /** Denied by the server's policy unless granted (capsule mcp --grant <specifier>.<name>). */
  sideEffects: boolean;
  /** The tool's name on its MCP server, when it differs from `name`. */
  mcpName?: string;
}

export interface ModuleSummary {
  specifier: string;
  kind: "guest" | "host" | "wasm" | "tool";
  summary: string;
  exports: string[];
  tools?: ToolSummary[];
}

/** Guest identifier → MCP name, per tool module specifier, for tools whose names were mapped. */
export type McpNames = Readonly<Record<string, Readonly<Record<string, string>>>>;

export function moduleSummaries(catalog: { modules: readonly CatalogModuleLike[] } | undefined, belt: ToolBelt = {}, mcpNames: McpNames = {}): ModuleSummary[] {
  const modules: ModuleSummary[] = (catalog?.modules ?? []).map((m) => ({ specifier: m.specifier, kind: m.kind ?? "guest", summary: m.summary ?? "", exports: [...(m.exports ?? [])] }));
  for (const [specifier, tools] of Object.entries(belt)) {
    const names = mcpNames[specifier] ?? {};
    const summaries = Object.entries(tools).map(([name, tool]) => ({
      name,
      description: tool.description,
      sideEffects: tool.sideEffects === true,
      ...(names[name] !== undefined && names[name] !== name ? { mcpName: names[name] } : {}),
    }));
    const where = specifier.startsWith("@mcp/") ? `the MCP server "${specifier.slice(5)}"` : specifier;
    modules.push({ specifier, kind: "tool", summary: `${summaries.length} tool${summaries.length === 1 ? "" : "s"} of ${where}; each takes one input object and returns a promise`, exports: summaries.map((t) => t.name), tools: summaries });
  }
  return modules.sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
}

/** Named exports a module's line shows (all of them are in the structured answer and the reference). */
const EXPORTS_SHOWN = 12;

/** A compact listing for a model: one line per module (its default export and exports past EXPORTS_SHOWN left out), one per tool. */
export function moduleListText(modules: readonly ModuleSummary[]): string {
  if (!modules.length) return "No modules may be imported: programs have only the standard library.";
  const lines = [`${modules.length} module${modules.length === 1 ? "" : "s"} may be imported (statically, at the top: import { name } from "<specifier>"):`];
  for (const m of modules) {
    if (m.kind === "tool") {
      lines.push(`- ${m.specifier} (tools): ${m.summary}`);
      for (const t of m.tools ?? []) lines.push(`    ${t.name}(input)${t.mcpName ? ` [MCP name ${t.mcpName}]` : ""}: ${firstSentenceOf(t.description)}${t.sideEffects ? " (side effects: denied unless the server granted it)" : ""}`);
    } else {
      const named = m.exports.filter((e) => e !== "default");
      const shown = named.length > EXPORTS_SHOWN ? `${named.slice(0, EXPORTS_SHOWN).join(", ")} and ${named.length - EXPORTS_SHOWN} more` : named.join(", ");
      lines.push(`- ${m.specifier} (${m.kind})${m.summary ? `: ${m.summary}` : ""}${shown ? ` — exports: ${shown}` : ""}`);
    }
  }
  lines.push("Full declarations: the resources capsule://docs/reference.md and capsule://docs/reference.d.ts.");
  return lines.join("\n");
}

function firstSentenceOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const end = flat.search(/[.!?](\s|$)/);
  return end >= 0 ? flat.slice(0, end + 1) : flat;
}
