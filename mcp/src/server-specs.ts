// Owns reading a stdio MCP server given on a command line as `<name>=<command…>` ("files=node server.mjs --root /tmp").
// The name becomes the tool module `@mcp/<name>`, so it is lowercase like a package name: [a-z0-9][a-z0-9._-]*.
// The command is split into words by shell-quote's parser with POSIX sh quoting: spaces separate words, '…' and "…"
// quote, a backslash escapes; leading NAME=value words set environment variables of the server (the server otherwise
// gets only the SDK's safe default environment: HOME, LOGNAME, PATH, SHELL, TERM, USER); globs are passed literally.
// Refuses (E_MCP_BAD_SERVER_SPEC) a bad or repeated name, an empty command, and what only a shell could do: pipes,
// redirections, `;`/`&&`, comments and $variables (expand those in your own shell; the command is never run by one).

import { parse } from "shell-quote";
import { CapsuleMcpError } from "./codes.js";

export interface StdioServerSpec {
  /** The server's name; its tools are offered as `@mcp/<name>`. */
  name: string;
  command: string;
  args: string[];
  /** Environment variables set by leading NAME=value words (added to the SDK's default environment). */
  env: Record<string, string>;
}

const SERVER_NAME = /^[a-z0-9][a-z0-9._-]*$/;
const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
/** The tool module's specifier of a server name. */
export const mcpSpecifier = (name: string) => `@mcp/${name}`;

/** One `<name>=<command…>` as a server to start. */
export function parseServerSpec(text: string): StdioServerSpec {
  const bad = (why: string) => new CapsuleMcpError("E_MCP_BAD_SERVER_SPEC", `MCP server "${text.slice(0, 120)}": ${why}`);
  const eq = text.indexOf("=");
  if (eq < 0) throw bad("expected <name>=<command…>, e.g. files=node server.mjs");
  const name = text.slice(0, eq).trim();
  if (!SERVER_NAME.test(name) || name.length > 64) throw bad(`the name "${name}" must be lowercase letters, digits, ".", "_" or "-" (at most 64), starting with a letter or digit`);
  let entries: Array<string | { op: string; pattern?: string } | { comment: string }>;
  try {
    entries = parse<never>(text.slice(eq + 1), (variable: string) => {
      throw bad(`$${variable} would need a shell to expand it; expand it in your own shell, or quote it with '…' to pass it literally`);
    });
  } catch (error) {
    if (error instanceof CapsuleMcpError) throw error;
    throw bad(`the command does not parse: ${(error as Error).message}`);
  }
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") words.push(entry);
    else if ("comment" in entry) throw bad("a # comment is not allowed; quote the # to pass it");
    else if (entry.op === "glob") words.push(entry.pattern ?? "");
    else throw bad(`"${entry.op}" needs a shell; give one command (wrap a pipeline in: sh -c '…')`);
  }
  const env: Record<string, string> = {};
  while (words.length && ENV_ASSIGNMENT.test(words[0]!)) {
    const [, key, value] = ENV_ASSIGNMENT.exec(words.shift()!)!;
    env[key!] = value!;
  }
  const [command, ...args] = words;
  if (command === undefined || command === "") throw bad("the command is empty");
  return { name, command, args, env };
}

/** Several specs; refuses a name given twice. */
export function parseServerSpecs(texts: readonly string[]): StdioServerSpec[] {
  const specs = texts.map(parseServerSpec);
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) throw new CapsuleMcpError("E_MCP_BAD_SERVER_SPEC", `MCP server name "${spec.name}" is given twice; each server needs its own name`);
    seen.add(spec.name);
  }
  return specs;
}
