import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../src/index.js";
import { readFile } from "node:fs/promises";
import { errorCodesTable, RUNTIME_CODES, scrubHostDetails } from "../src/errors.js";

describe("host details never reach a guest", () => {
  it.each([
    ["cannot open /work/main/secret/config.json", "cannot open <host>"],
    ["at file:///srv/app/node_modules/x/index.js:10:5", "at <host>"],
    ["(/home/user/app.ts:3:1)", "(<host>)"],
    ["C:\\Users\\me\\app\\index.js failed", "<host> failed"],
  ])("replaces paths: %s", (message, scrubbed) => {
    expect(scrubHostDetails(message)).toBe(scrubbed);
  });

  it.each([
    ["boom\n    at load (node:internal/fs/promises:638:11)\n    at async Promise.all (index 0)", "boom\n    at async Promise.all (index 0)"],
    ["boom\n    at C:\\srv\\app\\index.js:3:1", "boom"],
    ["boom\r\n    at run (/srv/app/run.js:9:2)\r\nafter", "boom\r\nafter"],
    ["cannot load node:fs", "cannot load <host>"],
  ])("drops host frames and Node's own modules: %j", (message, scrubbed) => {
    expect(scrubHostDetails(message)).toBe(scrubbed);
  });

  it.each([
    "TypeError: x is not a function\n    at f (main.js:3:5)\n    at <anonymous> (main.js:1:1)\n    at map (native)",
    "see node_modules in the docs, or a node: prefix alone",
  ])("keeps guest frames and ordinary text: %j", (message) => {
    expect(scrubHostDetails(message)).toBe(message);
  });

  it.each([
    "Please report this to https://github.com/markedjs/marked.",
    "see http://example.com/a/b/c for details",
    "ratio 3/4/5 is fine",
    "use a/b/c as the key",
  ])("keeps URLs and ordinary text: %s", (message) => {
    expect(scrubHostDetails(message)).toBe(message);
  });

  it("names a meaning for every code", () => {
    for (const [code, meaning] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^E_[A-Z_]+$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
  });
});

describe("the README", () => {
  it("lists exactly the error codes of RUNTIME_CODES, with their meanings and hints", async () => {
    const readme = await readFile(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(errorCodesTable());
    for (const [code, row] of Object.entries(RUNTIME_CODES)) {
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES]).toBe(row.meaning);
      expect(row.hint.length).toBeGreaterThan(10);
    }
  });
});
