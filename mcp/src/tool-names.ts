// Owns the mapping from MCP tool names to the identifiers a guest imports. MCP allows names such as "get-weather" or
// "files.read" (letters, digits, _, - and .); an ES module export must be an identifier the facade can declare with
// `export function`. The rule, deterministic and documented in the README:
//   1. every character outside [A-Za-z0-9_] becomes "_" (one for one: "get-weather" → "get_weather", "a.b-c" → "a_b_c");
//   2. a name that starts with a digit gets a leading "_" ("2fa" → "_2fa");
//   3. a reserved word (delete, class, default, then, constructor, …) gets a trailing "_" ("delete" → "delete_").
// A name that is already an identifier and not reserved keeps its spelling.
// Refuses two names of one server that map to the same identifier (E_MCP_TOOL_NAME_COLLISION): neither is guessed at.

import { CapsuleMcpError } from "./codes.js";

/** Words a module cannot export as `export function <word>` (strict mode), and names the runtime keeps for itself. */
const RESERVED = new Set([
  "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export", "extends",
  "false", "finally", "for", "function", "if", "implements", "import", "in", "instanceof", "interface", "let", "new", "null", "package",
  "private", "protected", "public", "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while",
  "with", "yield", "arguments", "eval",
  // the runtime's own: a tool module's default export, thenables, prototype pollution
  "then", "constructor", "__proto__", "prototype",
]);

/** The longest tool name taken (MCP's specification: 1 to 128 characters). */
export const MAX_TOOL_NAME_CHARS = 128;

/** The guest identifier of one MCP tool name (see the rule above). */
export function toolIdentifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_]/g, "_") || "_";
  if (/^[0-9]/.test(id)) id = `_${id}`;
  if (RESERVED.has(id)) id = `${id}_`;
  return id;
}

/**
 * The identifier of every tool name of one server, in the server's order, as identifier → MCP name. Throws
 * E_MCP_TOOL_NAME_COLLISION when two names map to one identifier (or a name is listed twice).
 */
export function toolIdentifiers(names: readonly string[], where: string): Map<string, string> {
  const byIdentifier = new Map<string, string>();
  for (const name of names) {
    // MCP's own schema bounds a tool name at 128 characters; a longer one became a 100,000-character export.
    if (name.length > MAX_TOOL_NAME_CHARS) throw new CapsuleMcpError("E_MCP_LIST_FAILED", `${where} lists a tool whose name is ${name.length} characters (MCP allows ${MAX_TOOL_NAME_CHARS}): "${name.slice(0, 40)}…"; shorten it on the server`);
    const id = toolIdentifier(name);
    const other = byIdentifier.get(id);
    if (other !== undefined) {
      const what = other === name ? `lists the tool "${name}" twice` : `has tools "${other}" and "${name}", which both map to the identifier ${id}`;
      throw new CapsuleMcpError("E_MCP_TOOL_NAME_COLLISION", `${where} ${what}; rename one of them on the server`);
    }
    byIdentifier.set(id, name);
  }
  return byIdentifier;
}
