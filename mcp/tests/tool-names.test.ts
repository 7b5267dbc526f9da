// The documented mapping of MCP tool names to guest identifiers, and collisions refused.
import { describe, expect, it } from "vitest";
import { toolIdentifier, toolIdentifiers } from "../src/index.js";

describe("tool names", () => {
  it("keeps identifiers and maps the rest by the documented rule", () => {
    const cases: Array<[string, string]> = [
      ["search", "search"], ["getWeather", "getWeather"], ["get-weather", "get_weather"], ["files.read", "files_read"], ["a.b-c", "a_b_c"],
      ["2fa", "_2fa"], ["delete", "delete_"], ["class", "class_"], ["default", "default_"], ["then", "then_"], ["constructor", "constructor_"],
      ["__proto__", "__proto___"], ["eval", "eval_"], ["ünï", "_n_"], ["$x", "_x"],
    ];
    for (const [name, id] of cases) expect([name, toolIdentifier(name)]).toEqual([name, id]);
  });

  it("refuses a name longer than MCP's 128 characters, naming the bound", () => {
    expect(() => toolIdentifiers(["ok", "x".repeat(129)], "MCP server @mcp/h")).toThrow(/^MCP server @mcp\/h lists a tool whose name is 129 characters \(MCP allows 128\)/);
    expect(toolIdentifiers(["y".repeat(128)], "MCP server @mcp/h").size).toBe(1);
  });

  it("refuses names that collide, and a name listed twice", () => {
    expect(() => toolIdentifiers(["get-weather", "get_weather"], "MCP server @mcp/w")).toThrow(/MCP server @mcp\/w has tools "get-weather" and "get_weather", which both map to the identifier get_weather/);
    expect(() => toolIdentifiers(["x", "x"], "S")).toThrow(/lists the tool "x" twice/);
    expect([...toolIdentifiers(["a-b", "c"], "S")]).toEqual([["a_b", "a-b"], ["c", "c"]]);
  });
});
