// `<name>=<command…>`: shell-quote's POSIX words, leading NAME=value words as the server's environment, and refusals
// for what only a shell could do.
import { describe, expect, it } from "vitest";
import { parseServerSpec, parseServerSpecs } from "../src/index.js";

describe("server specs", () => {
  it("splits the command like sh would, without running one", () => {
    expect(parseServerSpec(`files=node server.mjs --root "/tmp/my files" 'a b' c\\ d *.txt`)).toEqual({ name: "files", command: "node", args: ["server.mjs", "--root", "/tmp/my files", "a b", "c d", "*.txt"], env: {} });
    expect(parseServerSpec("gh=TOKEN=abc LEVEL= npx -y server")).toEqual({ name: "gh", command: "npx", args: ["-y", "server"], env: { TOKEN: "abc", LEVEL: "" } });
    expect(parseServerSpec("x=echo '$HOME'").args).toEqual(["$HOME"]);
  });

  it("refuses bad names, empty commands, shell operators, comments and variables", () => {
    for (const [spec, message] of [
      ["node server.mjs", /expected <name>=<command…>/],
      ["Files=node s.mjs", /must be lowercase/],
      ["=node s.mjs", /must be lowercase/],
      ["a=", /the command is empty/],
      ["a=X=1", /the command is empty/],
      ["a=node s.mjs | tee log", /"\|" needs a shell/],
      ["a=node s.mjs > out", /">" needs a shell/],
      ["a=node s.mjs && rm x", /"&&" needs a shell/],
      ["a=node s.mjs # note", /comment/],
      ["a=node $HOME/s.mjs", /\$HOME would need a shell/],
    ] as const) {
      expect(() => parseServerSpec(spec), spec).toThrow(message);
      try { parseServerSpec(spec) } catch (e) { expect((e as { code: string }).code).toBe("E_MCP_BAD_SERVER_SPEC") }
    }
    expect(() => parseServerSpecs(["a=node x", "a=node y"])).toThrow(/given twice/);
  });
});
