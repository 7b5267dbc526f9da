// What a tools/call result becomes in the guest: structuredContent first, else text (JSON-parsed when JSON), non-text
// parts described, isError thrown as E_TOOL_FAILED.
import { describe, expect, it } from "vitest";
import { toolResultValue } from "../src/index.js";

describe("tool results", () => {
  it("prefers structuredContent, then the text, parsed when it is JSON", () => {
    expect(toolResultValue({ content: [{ type: "text", text: "3" }], structuredContent: { sum: 3 } }, "t")).toEqual({ sum: 3 });
    expect(toolResultValue({ content: [{ type: "text", text: '{"a":[1,2]}' }] }, "t")).toEqual({ a: [1, 2] });
    expect(toolResultValue({ content: [{ type: "text", text: "42" }] }, "t")).toBe(42);
    expect(toolResultValue({ content: [{ type: "text", text: "42 apples" }] }, "t")).toBe("42 apples");
    expect(toolResultValue({ content: [{ type: "text", text: "[1," }, { type: "text", text: "2]" }] }, "t")).toEqual([1, 2]);
    expect(toolResultValue({ content: [] }, "t")).toBeUndefined();
    expect(toolResultValue({ content: [], toolResult: { old: true } }, "t")).toEqual({ old: true });
  });

  it("describes parts that are not text, and gives an embedded resource's text", () => {
    const value = toolResultValue({ content: [
      { type: "text", text: "see:" },
      { type: "image", data: "AAAA", mimeType: "image/png" },
      { type: "audio", data: "AAE=", mimeType: "audio/wav" },
      { type: "resource", resource: { uri: "file:///a.txt", text: "inside a" } },
      { type: "resource", resource: { uri: "file:///b.bin", mimeType: "application/octet-stream", blob: "AAAAAA==" } },
      { type: "resource_link", uri: "file:///c", name: "c" },
    ] }, "t");
    expect(value).toBe("see:\n[image image/png, 3 bytes]\n[audio audio/wav, 2 bytes]\ninside a\n[resource file:///b.bin application/octet-stream, 4 bytes]\n[resource link file:///c (c)]");
  });

  it("throws isError as a ToolError with E_TOOL_FAILED and the tool's text", () => {
    expect(() => toolResultValue({ content: [{ type: "text", text: "no such file" }], isError: true }, "@mcp/fs read")).toThrow(expect.objectContaining({ name: "ToolError", code: "E_TOOL_FAILED", message: "@mcp/fs read: no such file" }));
    expect(() => toolResultValue({ content: [], isError: true }, "x")).toThrow(/said nothing more/);
  });
});
