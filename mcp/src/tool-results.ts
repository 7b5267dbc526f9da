// Owns what a tools/call result becomes in the guest. The rule (README, "Result mapping"):
//   - structuredContent, when the server sent it, is the value (it is what an outputSchema describes);
//   - otherwise the text of the content parts, joined with "\n", JSON-parsed when that text is JSON, else the string;
//     a part that is not text is described in brackets ("[image image/png, 1,024 bytes]"); an embedded text resource
//     gives its text; no content at all is undefined;
//   - isError: true throws ToolCallError E_TOOL_FAILED with the same text as its message.
// Refuses nothing else: a value the guest cannot take is the runtime's to refuse (E_TOOL_RESULT_INVALID).

import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { ToolCallError } from "./codes.js";

/** The longest tool message carried into a guest error (the rest is cut with a note). */
const ERROR_MESSAGE_MAX_CHARS = 4_000;

/** A result as Client.callTool resolves it: the current shape, or the pre-2024-11 one with `toolResult`. */
export type ToolCallAnswer = Partial<CallToolResult> & { toolResult?: unknown };

/** The guest's value of a tools/call result; throws ToolCallError for isError: true. */
export function toolResultValue(answer: ToolCallAnswer, label: string): unknown {
  if (answer.isError === true) {
    const text = contentText(answer.content ?? []) || "the tool reported an error and said nothing more";
    const cut = text.length > ERROR_MESSAGE_MAX_CHARS ? `${text.slice(0, ERROR_MESSAGE_MAX_CHARS)} … [${text.length - ERROR_MESSAGE_MAX_CHARS} more characters]` : text;
    throw new ToolCallError("E_TOOL_FAILED", `${label}: ${cut}`);
  }
  if (answer.structuredContent !== undefined && answer.structuredContent !== null) return answer.structuredContent;
  if ("toolResult" in answer && answer.toolResult !== undefined) return answer.toolResult;
  const content = answer.content ?? [];
  if (content.length === 0) return undefined;
  const text = contentText(content);
  return parseJsonText(text);
}

/** The text of content parts, joined with newlines; non-text parts described. */
export function contentText(content: readonly ContentBlock[]): string {
  return content.map(describePart).join("\n");
}

/** `text` as the JSON value it spells, when it spells one (an object, array, number, boolean or null); else itself. */
function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{\-0-9tfn"]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

function describePart(part: ContentBlock): string {
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
    case "audio":
      return `[${part.type} ${part.mimeType}, ${base64Bytes(part.data).toLocaleString("en-US")} bytes]`;
    case "resource": {
      const resource = part.resource as { uri: string; mimeType?: string; text?: string; blob?: string };
      if (typeof resource.text === "string") return resource.text;
      return `[resource ${resource.uri}${resource.mimeType ? ` ${resource.mimeType}` : ""}, ${base64Bytes(resource.blob ?? "").toLocaleString("en-US")} bytes]`;
    }
    case "resource_link":
      return `[resource link ${part.uri}${part.name ? ` (${part.name})` : ""}${part.mimeType ? ` ${part.mimeType}` : ""}]`;
    default:
      return `[${String((part as { type?: unknown }).type)} content]`;
  }
}

/** Bytes a base64 string decodes to (without decoding it). */
function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
